/**
 * oh-my-pi (can1357/oh-my-pi, MIT): a fork of pi's coding agent that writes pi's v3 JSONL,
 * `~/.omp/agent/sessions/<encoded cwd>/…jsonl`, with a title slot line before the header
 * (omp-title-slot.ts) and entry types of its own. docs/research/pi-family.md.
 *
 * Read as pi's files are (pi-read.ts with oh-my-pi's entry types); its After is pi's pipeline
 * without pi's pruners. oh-my-pi's own entries that add nothing to the context are known; those
 * that change it (`reset_boundary`: the context starts after it; `archive`: a branch hidden;
 * `ttsr_injection`) are not modelled and reported as not known, once per type.
 */
import type { LineList } from "../../../model/line-list.js";
import type { Session, SourceLine } from "../../../model/types.js";
import type { FormatProfile, FormatRead } from "../../profile.js";
import { piFormat } from "../pi-format.js";
import { PI_ENTRY_TYPES, type PiDialect, readPi, readPiLinesIn } from "../pi-read.js";
import { OMP_DOC } from "./omp-doc.js";
import { isTitleSlot } from "./omp-title-slot.js";

const OMP = "oh-my-pi";

/**
 * oh-my-pi's entry types that add nothing to the context it builds (yorha2B0826/oh-my-pi c13ef04b
 * packages/coding-agent/src/session/session-entries.ts and
 * packages/coding-agent/src/session/session-context.ts).
 */
const OMP_OWN_TYPES = ["title_change", "model_usage", "service_tier_change", "credential_pin", "session_init", "mode_change", "mcp_tool_selection"];
/** Types only oh-my-pi writes (a mark of its file), known or not. */
const OMP_MARK_TYPES = new Set([...OMP_OWN_TYPES, "ttsr_injection", "reset_boundary", "archive"]);

const OMP_DIALECT: PiDialect = {
  agent: OMP,
  entryTypes: new Set([...PI_ENTRY_TYPES, ...OMP_OWN_TYPES]),
  drift: { agent: OMP, kind: "entry type", version: "2026.8" },
  isPreHeader: isTitleSlot,
  // can1357/oh-my-pi 278b0eb7 packages/coding-agent/src/session/session-loader.ts marks such a
  // file `invalidHeader`; the session manager then stops: "Cannot resume session …: the session
  // header is missing or malformed. The file was not modified." (code index)
  headerNotFirst: (line) => ({
    message:
      `oh-my-pi will not resume this session. The first line it can read (line ${line + 1}) is neither its title slot nor the \`session\` header: ` +
      'oh-my-pi stops with "the session header is missing or malformed" and leaves the file as it is. ' +
      "Make the header the first line (after the title slot) by hand. The entries are shown here as if it were.",
  }),
};

export const ohMyPiFormat: FormatProfile<"oh-my-pi"> = {
  ...piFormat,
  name: "oh-my-pi",
  label: OMP,
  words: {
    agent: OMP,
    sender: "oh-my-pi's provider layer",
    missingResult: 'oh-my-pi\'s provider layer sends a made-up "No result provided" error result in its place',
    duplicateId: "oh-my-pi indexes the later entry, so children of the earlier one attach to it",
  },
  // after pi's header: an entry type of oh-my-pi's own, its `session_exit` record (an older file without the title slot)
  variantOf: { base: "pi", marks: (v) => (typeof v.type === "string" && OMP_MARK_TYPES.has(v.type)) || (v.type === "custom" && v.customType === "session_exit") },
  // alone: the title slot, line 1, before pi's header
  detect: (v, index) => index === 0 && isTitleSlot(v),
  read: (lines: LineList): FormatRead => readPi(lines, OMP_DIALECT),
  readLinesIn: (session: Session, lines: readonly SourceLine[]) => (!session.header || session.header.version < 2 ? null : readPiLinesIn(session, lines, OMP_DIALECT)),
  subagentTranscripts: undefined,
  renderedByPruners: true,
  runsPiPruners: false,
  sessionFolders: [{ home: ".omp/agent/sessions" }],
  doc: OMP_DOC,
};
