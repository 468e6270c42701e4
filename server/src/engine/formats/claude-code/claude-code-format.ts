/**
 * Claude Code transcripts (`~/.claude/projects/<dir>/<session>.jsonl`), read the way Claude Code
 * reads them (docs/research/claude-code-resume.md; claude-code-reading.ts).
 *
 * Tree: `uuid` / `parentUuid`; a compact boundary is linked to its `logicalParentUuid` so the
 * tree shows the whole conversation. The active leaf, the branch (Before) and what is sent on
 * resume (After) are Claude Code's own reading, for the version chosen (`readingVersions`).
 */
import { isObject } from "../../model/parse.js";
import type { JsonPath, Session } from "../../model/types.js";
import type { FormatProfile } from "../profile.js";
import { buildClaudeContext, editClaudeContext, extendClaudeContext } from "./claude-code-context.js";
import { claudeReadLinesIn } from "./claude-code-continuation.js";
import { claudeSidechains } from "./claude-code-sidechains.js";
import { claudeSubagentTranscripts } from "./claude-code-subagents.js";
import { readClaudeCode } from "./claude-code-read.js";
import { readingOf, rememberReading } from "./claude-code-reading.js";
import { claudeResumeContext } from "./claude-code-resume.js";
import { relinkTarget } from "./claude-code-skipped-turns.js";
import { READING_VERSIONS } from "./claude-code-transcript.js";
import { entryAtLine } from "../../model/entry-at-line.js";
import { claudeCodeModelTurns, claudeCodePackOf } from "./claude-code-providers.js";
import { claudeCodeUsage } from "./claude-code-usage.js";
import { claudeCodeCompactionOn } from "./claude-code-compaction.js";
import { CLAUDE_CODE_DOC } from "./claude-code-doc.js";

const CLAUDE_TYPES = new Set(["user", "assistant", "system", "summary", "queue-operation"]);

/** Claude Code transcripts: lines linked by `uuid` / `parentUuid`, sidechains interleaved. */
export const claudeCodeFormat: FormatProfile<"claude-code"> = {
  name: "claude-code",
  label: "Claude Code",
  words: {
    agent: "Claude Code",
    sender: "Claude Code",
    missingResult: "Claude Code leaves the call out of the request on resume, and answers a call it still sends with a made-up error result",
    duplicateId: "Claude Code keeps the later line's content in the earlier line's place",
  },
  detect: (v) => typeof v.type === "string" && CLAUDE_TYPES.has(v.type) && ("uuid" in v || "sessionId" in v || "leafUuid" in v),
  read: readClaudeCode,
  buildContext: buildClaudeContext,
  readLinesIn: claudeReadLinesIn,
  // The reading of a continued session's lines, kept beside its entries as a full read keeps it.
  continueRead: rememberReading,
  extendContext: extendClaudeContext,
  editContext: editClaudeContext,
  leaf(entries) {
    // The line Claude Code resumes from (3.5-3.6; a subagent's own file: its newest childless line).
    const leaf = readingOf(entries).leaf;
    return leaf ? entryAtLine(entries, leaf.line) : undefined;
  },
  branch(entries) {
    // The conversation as Claude Code walks it: the 5 s fallback, parallel lines brought back
    // (3.7-3.8), and through compact boundaries to their logicalParentUuid.
    return readingOf(entries).branch(entries);
  },
  idKey: "uuid",
  parentKey: "parentUuid",
  entryRefKeys: new Set(["parentUuid", "logicalParentUuid", "leafUuid"]),
  isIdPath(value: any, path: JsonPath): boolean {
    const k = path[path.length - 1];
    if (!(path.length === 4 && path[0] === "message" && path[1] === "content" && typeof path[2] === "number")) return false;
    const b = value?.message?.content?.[path[2]];
    return (k === "id" && b?.type === "tool_use") || (k === "tool_use_id" && b?.type === "tool_result");
  },
  repair: {
    resultLineRemoval(v, id, entry) {
      if (!entry || v.type !== "user" || !isObject(v.message) || !Array.isArray(v.message.content)) return null;
      const c = v.message.content;
      // Only when the line holds just this one result block; otherwise removing the line loses others.
      if (c.length !== 1 || !isObject(c[0]) || c[0].type !== "tool_result" || c[0].tool_use_id !== id) return null;
      return "reparent";
    },
    turnLinesCarryIds: true,
    interruptedResult(call, _callLine, prev, newId) {
      // Claude Code writes an interrupted call's result as a user line with one error tool_result.
      const p = prev.raw;
      const copy = (k: string) => (k in p ? { [k]: p[k] } : {});
      return {
        parentUuid: prev.id,
        isSidechain: p.isSidechain === true,
        ...copy("userType"),
        ...copy("cwd"),
        ...copy("sessionId"),
        ...copy("version"),
        ...copy("gitBranch"),
        ...(typeof p.agentId === "string" && p.isSidechain === true ? { agentId: p.agentId } : {}),
        type: "user",
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: CLAUDE_INTERRUPTED_TEXT, is_error: true }] },
        uuid: newId,
        ...copy("timestamp"),
      };
    },
    linked: true,
    relinkTarget(session: Session, line: number) {
      const t = relinkTarget(readingOf(session.entries), line);
      return "reason" in t ? t : { line: t.line, id: t.uuid };
    },
    newEntryId: (h) => `${h[0]}-${h[1].slice(0, 4)}-4${h[1].slice(5, 8)}-${((parseInt(h[2][0], 16) & 3) | 8).toString(16)}${h[2].slice(1, 4)}-${h[2].slice(4)}${h[3]}`,
  },
  usageOnLine: claudeCodeUsage,
  compactionOn: claudeCodeCompactionOn,
  providers: {
    modelTurns: claudeCodeModelTurns,
    packOf: claudeCodePackOf,
    recordsModelPerMessage: false,
    serialisedBySender: false,
    oneMessagePerLine: true,
    nextRequestAddsUserTurn: true,
    bypassesThoughtSignature: false,
    sendsContextMessages: false,
  },
  resume: claudeResumeContext,
  readingVersions: READING_VERSIONS,
  sidechains: claudeSidechains,
  subagentTranscripts: claudeSubagentTranscripts,
  renderedByPruners: false,
  linksOtherFiles: true,
  sessionFolders: [{ home: ".claude/projects", env: { name: "CLAUDE_CONFIG_DIR", under: "projects" } }],
  doc: CLAUDE_CODE_DOC,
};

/** What Claude Code writes as the result of a tool call the user interrupted. */
const CLAUDE_INTERRUPTED_TEXT = "[Request interrupted by user for tool use]";
