/**
 * Reading a Cline task history (`tasks/<task id>/api_conversation_history.json`: one JSON array of
 * Anthropic `MessageParam`s, `JSON.stringify` compact, the whole file again on every change) into
 * entries: one per message, linked in order, each at the place where it starts. The findings of
 * the reading: a document that is no array, a message without a user or assistant role, a content
 * block type this reading does not know (once per type: formats/drift.ts), and each assistant
 * message Cline cut short and marked (`partial-message`: a stream that failed, the user's stop).
 */
import { quoteCut } from "../../model/quote.js";
import { isObject } from "../../model/parse.js";
import { partial, shapeFinding } from "../../model/shape-findings.js";
import type { DocumentPlaces, Entry, Finding } from "../../model/types.js";
import { DriftGuard } from "../drift.js";
import type { FormatRead } from "../profile.js";
import { CLEXT_AGENT, CLEXT_API_ERROR, CLEXT_USER_STOP, CLEXT_VERSION } from "./clext-words.js";

/** The content block types a stored message holds (Anthropic's; Cline 3.x's `ClineContent`). */
export const CLEXT_BLOCK_TYPES: ReadonlySet<string> = new Set(["text", "image", "document", "tool_use", "tool_result", "thinking", "redacted_thinking"]);
const ROLES: ReadonlySet<string> = new Set(["user", "assistant"]);

export function readClineTaskDocument(doc: DocumentPlaces): FormatRead {
  const root = doc.root;
  const findings: Finding[] = [];
  if (!Array.isArray(root)) {
    findings.push(shapeFinding("unknown-entry", { line: 0, message: `Not a ${CLEXT_AGENT} task history: ${CLEXT_AGENT} reads a task's messages from a JSON array, and this document is none, so nothing of it is read.` }));
    return { entries: [], findings };
  }
  const guard = new DriftGuard({ agent: CLEXT_AGENT, kind: "content block type", version: CLEXT_VERSION });
  const entries: Entry[] = [];
  root.forEach((m: unknown, i: number) => {
    const line = doc.lineOf([i]);
    const role = isObject(m) && typeof m.role === "string" ? m.role : undefined;
    entries.push({ line, id: `[${i}]`, parentId: i > 0 ? entries[i - 1].id : null, type: role ?? "(no role)", raw: isObject(m) ? m : { value: m } });
    if (!role || !ROLES.has(role)) {
      findings.push(
        shapeFinding("unknown-entry", {
          line,
          path: [i, ...(isObject(m) ? ["role"] : [])],
          message: `${CLEXT_AGENT} message without a user or assistant role. Item ${i} ${isObject(m) ? (role ? `has the role ${quoteCut(role)}` : "has no role") : "is not an object"}: it is shown as it is; ${CLEXT_AGENT} stops resuming a task whose last message is such an item ("Unexpected: Last message is not a user or assistant message").`,
        }),
      );
      return;
    }
    const content = isObject(m) ? m.content : undefined;
    if (!Array.isArray(content)) return;
    content.forEach((b: unknown, j: number) => {
      const type = isObject(b) && typeof b.type === "string" ? b.type : "(no type)";
      if (!CLEXT_BLOCK_TYPES.has(type)) {
        const f = guard.note(type, doc.lineOf([i, "content", j]), [i, "content", j]);
        if (f) findings.push(f);
      }
    });
    const cut = role === "assistant" ? interruption(content) : undefined;
    if (cut) findings.push(interruptedFinding(cut, line, [i, "content", cut.block, "text"], i === root.length - 1));
  });
  return { entries, findings };
}

/** The marker an assistant message's last text block ends with, when Cline cut the response short. */
function interruption(content: unknown[]): { block: number; byUser: boolean; empty: boolean } | undefined {
  for (let j = content.length - 1; j >= 0; j--) {
    const b = content[j];
    if (!isObject(b) || b.type !== "text" || typeof b.text !== "string") continue;
    const t = b.text.trimEnd();
    const byUser = t.endsWith(CLEXT_USER_STOP);
    if (!byUser && !t.endsWith(CLEXT_API_ERROR)) return undefined;
    const marker = byUser ? CLEXT_USER_STOP : CLEXT_API_ERROR;
    return { block: j, byUser, empty: j === 0 && t.slice(0, t.length - marker.length).trim() === "" && content.length === 1 };
  }
  return undefined;
}

function interruptedFinding(cut: { byUser: boolean; empty: boolean }, line: number, path: (string | number)[], last: boolean): Finding {
  const marker = cut.byUser ? CLEXT_USER_STOP : CLEXT_API_ERROR;
  const why = cut.byUser ? "the user stopped the response while it streamed" : "the response's stream failed (an API error mid-response)";
  const what = cut.empty ? "Nothing of the response was received: the message holds only the marker" : "The message holds what was received before it stopped, and the marker";
  const after = last
    ? ` It is the task's last message: resumed, ${CLEXT_AGENT} sends it as it is, followed by its "[TASK RESUMPTION]" text.`
    : ` ${CLEXT_AGENT} sends it as it is in every later request.`;
  return partial("partial-message", { line, path, message: `${CLEXT_AGENT} cut this response short and marked it "${marker}": ${why}. ${what}.${after}` }, cut.byUser ? "hint" : "information");
}
