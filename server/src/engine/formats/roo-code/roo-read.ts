/**
 * Reading a Roo Code task history (`tasks/<task id>/api_conversation_history.json`: one JSON array,
 * written compact on one line, the whole file again on every change) into entries: one per item,
 * linked in order, each at the place where it starts (formats/task-history-read.ts, Cline's
 * extension's reading too). An item is a message (`role`, `content`, `ts`, and Roo Code's condense
 * and truncation tags) or a reasoning item of its own (`type: "reasoning"`). The findings of the
 * reading: a document that is no array, an item that is neither, a content block type this
 * reading does not know (once per type: formats/drift.ts).
 */
import { isObject } from "../../model/parse.js";
import type { DocumentPlaces } from "../../model/types.js";
import type { FormatRead } from "../profile.js";
import { readTaskHistory, type TaskHistoryReading } from "../task-history-read.js";
import { ROO_AGENT, ROO_VERSION } from "./roo-words.js";

/** The content block types a stored message holds (Anthropic's, and Roo Code's reasoning and thought-signature blocks). */
export const ROO_BLOCK_TYPES: ReadonlySet<string> = new Set(["text", "image", "document", "tool_use", "tool_result", "thinking", "redacted_thinking", "reasoning", "thoughtSignature"]);

const ROO_READING: TaskHistoryReading = {
  agent: ROO_AGENT,
  version: ROO_VERSION,
  blockTypes: ROO_BLOCK_TYPES,
  quoteRole: (role) => `\`${role}\``,
  stopsResumingWith: "",
  ownItem: (m) => (isObject(m) && m.type === "reasoning" && m.role === undefined ? "reasoning" : undefined),
};

export function readRooDocument(doc: DocumentPlaces): FormatRead {
  return readTaskHistory(doc, ROO_READING);
}
