/**
 * Gemini CLI chats: `~/.gemini/tmp/<project>/chats/session-*.jsonl` (0.40 and later: a metadata
 * line `{sessionId, projectHash, startTime, lastUpdated, kind}`, message records `{id, timestamp,
 * type: user|gemini|info|error|warning, content, …}`, `{"$set": {…}}` and `{"$rewindTo": id}`
 * lines) and, before 0.40, `session-*.json` (one JSON document `{sessionId, projectHash, startTime,
 * lastUpdated, messages}`). A model record (`gemini`) keeps its calls with their results:
 * `toolCalls[{id, name, args, status, result: [{functionResponse: {id, name, response}}]}]`.
 *
 * Reading: gemini-read.ts; the loader's records: gemini-records.ts; the conversation (Before):
 * gemini-messages.ts, continued after an append or an edit by gemini-continuation.ts; what 0.61.0
 * sends on resume (After) and the findings of its pairing:
 * gemini-resume.ts; usage, repairs and words: their own files.
 */
import { isObject } from "../../model/parse.js";
import type { JsonPath, Session } from "../../model/types.js";
import type { ModelRef } from "../../model/provider-names.js";
import type { FormatProfile } from "../profile.js";
import { recordsMessages } from "./gemini-messages.js";
import { readGemini, readGeminiDocument, readGeminiLinesIn } from "./gemini-read.js";
import { type GeminiRecord, geminiRecords } from "./gemini-records.js";
import { type FlatMapRun, flatMapResumed } from "../../model/fold-resume.js";
import { geminiEditContext, geminiExtendContext } from "./gemini-continuation.js";
import { geminiInterruptedResult, geminiRepeatedResult, geminiResultLineRemoval } from "./gemini-repair.js";
import { geminiResumeContext } from "./gemini-resume.js";
import { geminiDocumentUsage, geminiUsage } from "./gemini-usage.js";
import { GEMINI_WORDS } from "./gemini-words.js";
import { GEMINI_CLI_DOC } from "./gemini-doc.js";

/** The last model turns per branch's first entry, to continue (model/fold-resume.ts `flatMapResumed`). */
const lastTurns = new WeakMap<object, FlatMapRun<GeminiRecord, ModelRef>>();
/** A model record's turn, once per record. */
const turnOf = new WeakMap<GeminiRecord, readonly ModelRef[]>();
function recordTurn(r: GeminiRecord): readonly ModelRef[] {
  let t = turnOf.get(r);
  if (t === undefined) turnOf.set(r, (t = r.rec.type === "gemini" ? [{ provider: "gemini", ...(typeof r.rec.model === "string" && r.rec.model !== "" ? { model: r.rec.model } : {}), line: r.line }] : []));
  return t;
}

/** The model of each model record the CLI holds (every request goes to the Gemini API). */
function geminiModelTurns(session: Session): ModelRef[] {
  const out = flatMapResumed(lastTurns, session.branch[0], geminiRecords(session.branch).records, recordTurn);
  if (out.length === 0 && session.branch.length > 0) return [{ provider: "gemini", line: session.branch[0].line }];
  return out;
}

/** A UUID v4 from four 8-hex-digit hashes (the ids of records the repairs write). */
function uuidOf(h: readonly [string, string, string, string]): string {
  return `${h[0]}-${h[1].slice(0, 4)}-4${h[1].slice(5, 8)}-${((parseInt(h[2][0], 16) & 3) | 8).toString(16)}${h[2].slice(1, 4)}-${h[2].slice(4)}${h[3]}`;
}

/** Whether `path` on a record is where a call's id (`toolCalls[j].id`, a `functionCall` part's) or a response's id (a `functionResponse` part's) sits. */
function isIdPath(_value: unknown, path: JsonPath): boolean {
  if (path[path.length - 1] !== "id" || path.length < 3) return false;
  const owner = path[path.length - 2];
  if (owner === "functionResponse" || owner === "functionCall") return true;
  return typeof owner === "number" && path[path.length - 3] === "toolCalls";
}

export const geminiCliFormat: FormatProfile<"gemini-cli"> = {
  name: "gemini-cli",
  label: "Gemini CLI",
  words: GEMINI_WORDS,
  // The metadata line (first), or a line only Gemini CLI writes: `$set`, `$rewindTo`, a model record.
  detect: (v, index) =>
    (index === 0 && typeof v.sessionId === "string" && typeof v.projectHash === "string" && !("type" in v)) ||
    (Object.keys(v).length === 1 && (isObject(v.$set) || typeof v.$rewindTo === "string")) ||
    (typeof v.id === "string" && v.type === "gemini" && "content" in v),
  // Before 0.40: one JSON document, written by `JSON.stringify(conversation, null, 2)`: an object
  // with `sessionId`, `projectHash` and `messages` near its start.
  detectDocument: (head) => /^\s*\{/.test(head) && /"sessionId"\s*:/.test(head) && /"projectHash"\s*:/.test(head) && /"messages"\s*:\s*\[/.test(head),
  read: readGemini,
  readDocument: readGeminiDocument,
  documentFileName: /^session-.*\.json$/,
  readLinesIn: readGeminiLinesIn,
  // Appended records add or replace their messages, metadata changes none; a rewind or a `$set`
  // of records is built again (gemini-continuation.ts).
  extendContext: geminiExtendContext,
  editContext: geminiEditContext,
  buildContext: (branch) => recordsMessages(geminiRecords(branch).records),
  leaf: (entries) => entries[entries.length - 1],
  idKey: "id",
  parentKey: "parentId",
  entryRefKeys: new Set(["$rewindTo"]),
  isIdPath,
  repair: {
    resultLineRemoval: geminiResultLineRemoval,
    repeatedResult: geminiRepeatedResult,
    turnLinesCarryIds: false,
    interruptedResult: geminiInterruptedResult,
    linked: false,
    newEntryId: uuidOf,
    noMergeReason: "Gemini CLI merges a turn's results into one user turn itself when it sends them: there is nothing to merge in the file",
  },
  usageOnLine: geminiUsage,
  documentUsage: geminiDocumentUsage,
  providers: {
    modelTurns: geminiModelTurns,
    packOf: () => "gemini",
    recordsModelPerMessage: false,
    serialisedBySender: false,
    oneMessagePerLine: false,
    nextRequestAddsUserTurn: true,
    // The CLI gives the first call of each model turn of the latest loop the signature
    // `skip_thought_signature_validator` when it has none (`ensureActiveLoopHasThoughtSignatures`).
    bypassesThoughtSignature: true,
    sendsContextMessages: true,
  },
  resume: geminiResumeContext,
  renderedByPruners: false,
  linksOtherFiles: false,
  // `<project>/chats/session-*.json(l)` under it; GEMINI_CLI_HOME replaces the home the CLI puts `.gemini` in.
  sessionFolders: [{ home: ".gemini/tmp", env: { name: "GEMINI_CLI_HOME", under: ".gemini/tmp" } }],
  doc: GEMINI_CLI_DOC,
};
