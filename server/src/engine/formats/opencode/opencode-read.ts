/**
 * Reading an OpenCode session document (`{info, messages: [{info, parts}]}`: what `opencode export`
 * prints, and what the session store reader assembles from `opencode.db` or the older `storage/`
 * tree: io/session-store.ts) into entries: one per message, linked in order, each at the line where
 * it starts. The findings of the reading: a document that is not such a session, a message without
 * a user or assistant role, a part type or a tool state this reading does not know (once per kind:
 * formats/drift.ts).
 */
import { isObject } from "../../model/parse.js";
import { shapeFinding } from "../../model/shape-findings.js";
import type { DocumentPlaces, Entry, Finding } from "../../model/types.js";
import { DriftGuard } from "../drift.js";
import type { FormatRead } from "../profile.js";
import { OPENCODE_AGENT, OPENCODE_VERSION } from "./opencode-words.js";

/** The part types a message holds (MessageV2.Part). */
export const OPENCODE_PART_TYPES: ReadonlySet<string> = new Set([
  "text",
  "reasoning",
  "file",
  "tool",
  "step-start",
  "step-finish",
  "snapshot",
  "patch",
  "agent",
  "retry",
  "compaction",
  "subtask",
]);
/** The states a tool part goes through (MessageV2.ToolState). */
export const OPENCODE_TOOL_STATES: ReadonlySet<string> = new Set(["pending", "running", "completed", "error"]);
const ROLES: ReadonlySet<string> = new Set(["user", "assistant"]);

/** A message's `info` (the export's and the store's shape), or the message itself when it has none. */
export const infoOf = (m: unknown): Record<string, any> => (isObject(m) ? (isObject(m.info) ? m.info : m) : {});
/** A message's parts. */
export const partsOf = (m: unknown): unknown[] => (isObject(m) && Array.isArray(m.parts) ? m.parts : []);

export function readOpenCodeDocument(doc: DocumentPlaces): FormatRead {
  const root = doc.root;
  const findings: Finding[] = [];
  if (!isObject(root) || !Array.isArray(root.messages)) {
    findings.push(
      shapeFinding("unknown-entry", {
        line: 0,
        message: `Not an ${OPENCODE_AGENT} session: ${OPENCODE_AGENT} exports a session as an object whose \`messages\` array holds each message's \`info\` and \`parts\`, and this document has none, so nothing of it is read.`,
      }),
    );
    return { entries: [], findings };
  }
  const parts = new DriftGuard({ agent: OPENCODE_AGENT, kind: "part type", version: OPENCODE_VERSION });
  const states = new DriftGuard({ agent: OPENCODE_AGENT, kind: "tool state", version: OPENCODE_VERSION });
  const entries: Entry[] = [];
  const seenIds = new Set<string>();
  root.messages.forEach((m: unknown, i: number) => {
    const line = doc.lineOf(["messages", i]);
    const info = infoOf(m);
    let id = typeof info.id === "string" && info.id !== "" ? info.id : `messages[${i}]`;
    if (seenIds.has(id)) id = `messages[${i}]`;
    seenIds.add(id);
    const role = typeof info.role === "string" ? info.role : undefined;
    entries.push({ line, id, parentId: i > 0 ? entries[i - 1].id : null, type: role ?? "(no role)", raw: isObject(m) ? m : { value: m } });
    if (!role || !ROLES.has(role)) {
      findings.push(
        shapeFinding("unknown-entry", {
          line,
          path: ["messages", i, ...(isObject(m) && isObject(m.info) ? ["info", "role"] : [])],
          message: `${OPENCODE_AGENT} message without a user or assistant role. Message ${i} ${isObject(m) ? (role ? `has the role \`${role}\`` : "has no role") : "is not an object"}: it is shown as it is, and no request takes it as a turn of either side.`,
        }),
      );
      return;
    }
    partsOf(m).forEach((p: unknown, j: number) => {
      const type = isObject(p) && typeof p.type === "string" ? p.type : "(no type)";
      const at = ["messages", i, "parts", j];
      if (!OPENCODE_PART_TYPES.has(type)) {
        const f = parts.note(type, doc.lineOf(at), at);
        if (f) findings.push(f);
        return;
      }
      if (type !== "tool") return;
      const status = isObject(p) && isObject(p.state) && typeof p.state.status === "string" ? p.state.status : "(no status)";
      if (OPENCODE_TOOL_STATES.has(status)) return;
      const f = states.note(status, doc.lineOf(at), [...at, "state"]);
      if (f) findings.push(f);
    });
  });
  // the session's own record (`info`: id, title, directory, times) is the header
  return { header: { line: 0, raw: isObject(root.info) ? root.info : {}, version: 0 }, entries, findings };
}
