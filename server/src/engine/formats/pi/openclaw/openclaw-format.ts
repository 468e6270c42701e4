/**
 * OpenClaw (openclaw/openclaw, MIT): a personal agent gateway that runs pi's coding agent inside
 * (its "embedded pi runner") and writes each session with pi's `SessionManager` as pi's v3 JSONL,
 * `~/.openclaw/agents/<agent id>/sessions/<session id>.jsonl` (`OPENCLAW_STATE_DIR` moves the state
 * folder). What is OpenClaw's own in the file: `leaf` rows (its session store's navigation
 * controls: openclaw-tree.ts), `custom` records (`model-snapshot` at each run's start,
 * `openclaw:…`), `custom_message`s (`openclaw.…`) and transcript-only assistant turns
 * (openclaw-replay.ts). docs/research/pi-family.md.
 *
 * Read as pi's files are (pi-read.ts with OpenClaw's entry types); its After is pi's pipeline
 * without pi's pruners (pi-condense and acp-kernel are pi's extensions), then OpenClaw's replay
 * filter, with the tool-call ids its replay policy sends (openclaw-tool-call-ids.ts). Not modelled:
 * the rest of its per-provider transcript hygiene (synthetic results for unpaired calls, merged user
 * turns), its `reset` rows.
 */
import { isObject } from "../../../model/parse.js";
import type { LineList } from "../../../model/line-list.js";
import type { Session, SourceLine } from "../../../model/types.js";
import type { FormatProfile, FormatRead } from "../../profile.js";
import { piFormat } from "../pi-format.js";
import { PI_ENTRY_TYPES, type PiDialect, readPi, readPiLinesIn } from "../pi-read.js";
import { OPENCLAW_DOC } from "./openclaw-doc.js";
import { openClawReplayDrops } from "./openclaw-replay.js";
import { openClawSentMessages } from "./openclaw-tool-call-ids.js";
import { readLastCompiledContext, trajectoryFileName, trajectorySessionName } from "./openclaw-trajectory.js";
import { openClawBranch, openClawLeaf } from "./openclaw-tree.js";

const OPENCLAW = "OpenClaw";

/** pi's entry types and OpenClaw's `leaf` rows (its `reset` rows are not modelled: drift). */
const OPENCLAW_DIALECT: PiDialect = {
  agent: OPENCLAW,
  entryTypes: new Set([...PI_ENTRY_TYPES, "leaf"]),
  drift: { agent: OPENCLAW, kind: "entry type", version: "2026.7" },
  // OpenClaw's own session manager (2026) recovers such a file: openclaw/openclaw
  // src/agents/sessions/session-manager-file.ts `recoverCorruptSessionEntries` (code index): a
  // backup `<file>.corrupt-<time>-<id>.jsonl`, then the file written again with the first header
  // found (or a new one) and every entry it can parse. Builds on pi's loader started over instead.
  headerNotFirst: (line) => ({
    severity: "warning",
    message:
      `OpenClaw rewrites this file when it loads it. The first line it can read (line ${line + 1}) is not the \`session\` header: ` +
      "OpenClaw 2026 backs the file up (`<file>.corrupt-<time>-<id>.jsonl`) and writes it again with the first header it finds, or a new one, and every entry it can parse; " +
      "older builds started a new session over it instead. The entries are shown here as if the header came first.",
  }),
};

/** A mark only OpenClaw writes in a pi file (after pi's header). */
function isOpenClawMark(v: Record<string, any>): boolean {
  if (v.type === "leaf") return typeof v.id === "string" && "targetId" in v;
  if (v.type === "custom" || v.type === "custom_message") {
    const t = v.customType;
    return typeof t === "string" && (t === "model-snapshot" || t.startsWith("openclaw"));
  }
  return isOpenClawOwnTurn(v);
}

/** An assistant turn OpenClaw wrote itself (`provider: "openclaw"`). */
const isOpenClawOwnTurn = (v: Record<string, any>): boolean => v.type === "message" && isObject(v.message) && v.message.role === "assistant" && v.message.provider === "openclaw";

/**
 * A file of OpenClaw's told alone, before pi's header is seen (a torn header line): its run-start
 * snapshot or its own turn, the marks no other agent's line has.
 */
const isOpenClawFirstObject = (v: Record<string, any>): boolean => (v.type === "custom" && v.customType === "model-snapshot" && typeof v.id === "string") || (isOpenClawOwnTurn(v) && typeof v.id === "string");

export const openClawFormat: FormatProfile<"openclaw"> = {
  ...piFormat,
  name: "openclaw",
  label: OPENCLAW,
  words: {
    agent: OPENCLAW,
    sender: "OpenClaw's provider layer",
    missingResult: 'OpenClaw\'s provider layer sends a made-up "No result provided" error result in its place',
    duplicateId: "OpenClaw indexes the later entry, so children of the earlier one attach to it",
  },
  variantOf: { base: "pi", marks: isOpenClawMark },
  detect: isOpenClawFirstObject,
  read: (lines: LineList): FormatRead => readPi(lines, OPENCLAW_DIALECT),
  readLinesIn: (session: Session, lines: readonly SourceLine[]) => (!session.header || session.header.version < 2 ? null : readPiLinesIn(session, lines, OPENCLAW_DIALECT)),
  leaf: openClawLeaf,
  branch: openClawBranch,
  subagentTranscripts: undefined,
  renderedByPruners: true,
  runsPiPruners: false,
  replayDrops: openClawReplayDrops,
  sentIds: openClawSentMessages,
  recordedContext: { label: "OpenClaw's trajectory", fileName: trajectoryFileName, fileNamePattern: /\.trajectory\.jsonl$/, sessionFileName: trajectorySessionName, read: readLastCompiledContext },
  sessionFolders: [{ home: ".openclaw/agents/main/sessions", env: { name: "OPENCLAW_STATE_DIR", under: "agents/main/sessions" } }],
  doc: OPENCLAW_DOC,
};
