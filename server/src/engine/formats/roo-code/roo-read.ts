/**
 * Reading a Roo Code task history (`tasks/<task id>/api_conversation_history.json`: one JSON array,
 * written compact on one line, the whole file again on every change) into entries: one per item,
 * linked in order, each at the place where it starts. An item is a message (`role`, `content`,
 * `ts`, and Roo Code's condense and truncation tags) or a reasoning item of its own (`type:
 * "reasoning"`). The findings of the reading: a document that is no array, an item that is neither,
 * a content block type this reading does not know (once per type: formats/drift.ts).
 */
import { isObject } from "../../model/parse.js";
import { shapeFinding } from "../../model/shape-findings.js";
import type { DocumentPlaces, Entry, Finding } from "../../model/types.js";
import { DriftGuard } from "../drift.js";
import type { FormatRead } from "../profile.js";
import { ROO_AGENT, ROO_VERSION } from "./roo-words.js";

/** The content block types a stored message holds (Anthropic's, and Roo Code's reasoning and thought-signature blocks). */
export const ROO_BLOCK_TYPES: ReadonlySet<string> = new Set(["text", "image", "document", "tool_use", "tool_result", "thinking", "redacted_thinking", "reasoning", "thoughtSignature"]);
const ROLES: ReadonlySet<string> = new Set(["user", "assistant"]);

export function readRooDocument(doc: DocumentPlaces): FormatRead {
  const root = doc.root;
  const findings: Finding[] = [];
  if (!Array.isArray(root)) {
    findings.push(shapeFinding("unknown-entry", { line: 0, message: `Not a ${ROO_AGENT} task history: ${ROO_AGENT} reads a task's messages from a JSON array, and this document is none, so nothing of it is read.` }));
    return { entries: [], findings };
  }
  const guard = new DriftGuard({ agent: ROO_AGENT, kind: "content block type", version: ROO_VERSION });
  const entries: Entry[] = [];
  root.forEach((m: unknown, i: number) => {
    const line = doc.lineOf([i]);
    const reasoning = isObject(m) && m.type === "reasoning" && m.role === undefined;
    const role = isObject(m) && typeof m.role === "string" ? m.role : undefined;
    entries.push({ line, id: `[${i}]`, parentId: i > 0 ? entries[i - 1].id : null, type: reasoning ? "reasoning" : (role ?? "(no role)"), raw: isObject(m) ? m : { value: m } });
    if (reasoning) return;
    if (!role || !ROLES.has(role)) {
      findings.push(
        shapeFinding("unknown-entry", {
          line,
          path: [i, ...(isObject(m) ? ["role"] : [])],
          message: `${ROO_AGENT} message without a user or assistant role. Item ${i} ${isObject(m) ? (role ? `has the role \`${role}\`` : "has no role") : "is not an object"}: it is shown as it is; ${ROO_AGENT} stops resuming a task whose last message is such an item.`,
        }),
      );
      return;
    }
    const content = isObject(m) ? m.content : undefined;
    if (!Array.isArray(content)) return;
    content.forEach((b: unknown, j: number) => {
      const type = isObject(b) && typeof b.type === "string" ? b.type : "(no type)";
      if (ROO_BLOCK_TYPES.has(type)) return;
      const f = guard.note(type, doc.lineOf([i, "content", j]), [i, "content", j]);
      if (f) findings.push(f);
    });
  });
  return { entries, findings };
}
