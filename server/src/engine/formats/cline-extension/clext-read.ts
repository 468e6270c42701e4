/**
 * Reading a Cline task history (`tasks/<task id>/api_conversation_history.json`: one JSON array of
 * Anthropic `MessageParam`s, `JSON.stringify` compact, the whole file again on every change) into
 * entries: one per message, linked in order, each at the place where it starts
 * (formats/task-history-read.ts, Roo Code's reading too). The findings of the reading: a document
 * that is no array, a message without a user or assistant role, a content block type this reading
 * does not know (once per type: formats/drift.ts), and each assistant message Cline cut short and
 * marked (`partial-message`: a stream that failed, the user's stop).
 */
import { quoteCut } from "../../model/quote.js";
import { isObject } from "../../model/parse.js";
import { partial } from "../../model/shape-findings.js";
import type { DocumentPlaces, Finding } from "../../model/types.js";
import type { FormatRead } from "../profile.js";
import { readTaskHistory, type TaskHistoryReading } from "../task-history-read.js";
import { CLEXT_AGENT, CLEXT_API_ERROR, CLEXT_USER_STOP, CLEXT_VERSION } from "./clext-words.js";

/** The content block types a stored message holds (Anthropic's; Cline 3.x's `ClineContent`). */
export const CLEXT_BLOCK_TYPES: ReadonlySet<string> = new Set(["text", "image", "document", "tool_use", "tool_result", "thinking", "redacted_thinking"]);

const CLEXT_READING: TaskHistoryReading = {
  agent: CLEXT_AGENT,
  version: CLEXT_VERSION,
  blockTypes: CLEXT_BLOCK_TYPES,
  quoteRole: quoteCut,
  stopsResumingWith: ' ("Unexpected: Last message is not a user or assistant message")',
  messageFinding: ({ i, role, content, line, last }) => {
    const cut = role === "assistant" ? interruption(content) : undefined;
    return cut ? interruptedFinding(cut, line, [i, "content", cut.block, "text"], last) : undefined;
  },
};

export function readClineTaskDocument(doc: DocumentPlaces): FormatRead {
  return readTaskHistory(doc, CLEXT_READING);
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
