/**
 * Reading a Cline messages file (`<id>.messages.json`: one JSON document `{version, updated_at,
 * agent, sessionId, taskType?, origin, messages, system_prompt?}`) into entries: one per message, linked in order, each
 * at the line where it starts. The findings of the reading: a document that is not such a file, a
 * message that is not an object or has no known role, a content block type this reading does not
 * know (once per type: formats/drift.ts).
 */
import { isObject } from "../../model/parse.js";
import { shapeFinding } from "../../model/shape-findings.js";
import type { DocumentPlaces, Entry, Finding } from "../../model/types.js";
import { DriftGuard } from "../drift.js";
import type { FormatRead } from "../profile.js";
import { CLINE_AGENT, CLINE_VERSION } from "./cline-words.js";

/** The content block types a stored message holds (the SDK's message content). */
export const CLINE_BLOCK_TYPES: ReadonlySet<string> = new Set(["text", "thinking", "redacted_thinking", "image", "media", "file", "tool_use", "tool_result"]);
const ROLES: ReadonlySet<string> = new Set(["user", "assistant"]);

const drift = { agent: CLINE_AGENT, kind: "content block type", version: CLINE_VERSION };

/** An entry's id: the message's own `id`, else its place. */
const entryId = (m: unknown, i: number) => (isObject(m) && typeof m.id === "string" && m.id !== "" ? m.id : `messages[${i}]`);

export function readClineDocument(doc: DocumentPlaces): FormatRead {
  const root = doc.root;
  const findings: Finding[] = [];
  if (!isObject(root) || !Array.isArray(root.messages)) {
    findings.push(
      shapeFinding("unknown-entry", {
        line: 0,
        message: `Not a ${CLINE_AGENT} messages file: ${CLINE_AGENT} reads a session's messages from the \`messages\` array of an object, and this document has none, so nothing of it is resumed.`,
      }),
    );
    return { entries: [], findings };
  }
  const guard = new DriftGuard(drift);
  const entries: Entry[] = [];
  const seenIds = new Set<string>();
  root.messages.forEach((m: unknown, i: number) => {
    const line = doc.lineOf(["messages", i]);
    let id = entryId(m, i);
    // Two messages with one id: the second keeps its place in the order (the file is an array), under its place's id.
    if (seenIds.has(id)) id = `messages[${i}]`;
    seenIds.add(id);
    const raw = isObject(m) ? m : { value: m };
    const role = isObject(m) && typeof m.role === "string" ? m.role : undefined;
    entries.push({ line, id, parentId: i > 0 ? entries[i - 1].id : null, type: role ?? "(no role)", raw });
    if (!role || !ROLES.has(role)) {
      findings.push(
        shapeFinding("unknown-entry", {
          line,
          path: ["messages", i, ...(isObject(m) ? ["role"] : [])],
          message: `${CLINE_AGENT} message without a user or assistant role. Message ${i} ${isObject(m) ? (role ? `has the role \`${role}\`` : "has no role") : "is not an object"}: it is shown as it is, and no request takes it as a turn of either side.`,
        }),
      );
      return;
    }
    const content = isObject(m) ? m.content : undefined;
    if (!Array.isArray(content)) return;
    content.forEach((b: unknown, j: number) => {
      const type = isObject(b) && typeof b.type === "string" ? b.type : "(no type)";
      if (CLINE_BLOCK_TYPES.has(type)) return;
      const f = guard.note(type, doc.lineOf(["messages", i, "content", j]), ["messages", i, "content", j]);
      if (f) findings.push(f);
    });
  });
  return { entries, findings };
}
