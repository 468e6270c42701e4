/**
 * A `compacted` line without `replacement_history`, on resume (docs/research/codex-resume.md
 * section 6, `collect_user_messages`, `build_compacted_history_with_limit`): the history becomes
 * the real user messages so far (not Codex's contextual ones, not an earlier compaction's summary),
 * newest first within 20,000 tokens, each with its text parts only, then the compaction's
 * `message` as a user message. Nothing else before the line is kept (no initial context either).
 */
import type { JsonPath } from "../../model/types.js";
import { isObject } from "../../model/parse.js";
import { isContextualUserMessage } from "./codex-contextual.js";
import { REBUILT_NOTE, type SentItem, SHORTENED_NOTE, SUMMARY_NOTE } from "./codex-sent-item.js";
import { utf8Bytes } from "../../model/utf8.js";

/** COMPACT_USER_MESSAGE_MAX_TOKENS, counted as Codex approximates: about 4 bytes a token. */
const USER_BUDGET_TOKENS = 20_000;
const BYTES_PER_TOKEN = 4;

/** The prefix of a compaction summary as the 0.63-0.171 binaries carry it (one space before "assist"). */
export const SUMMARY_PREFIX =
  "Another language model started to solve this problem and produced a summary of its thinking process. You also have access to the state of the tools that were used by that language model. Use this to build on the work that has already been done and avoid duplicating work. Here is the summary produced by the other language model, use the information in this summary to assist with your own analysis:";

const textParts = (p: Record<string, any>): string[] => (Array.isArray(p.content) ? p.content.filter((c: unknown) => isObject(c) && (c.type === "input_text" || c.type === "output_text") && typeof c.text === "string").map((c: any) => c.text as string) : []);

/** The history a compaction without replacement history leaves; `line` is the `compacted` line. */
export function rebuildAfterCompaction(history: readonly SentItem[], message: string, line: number, path: JsonPath): { kept: SentItem[]; gone: SentItem[] } {
  const users: { item: SentItem; parts: string[] }[] = [];
  const gone: SentItem[] = [];
  for (const item of history) {
    const p = item.payload;
    const parts = p.type === "message" && p.role === "user" && !isContextualUserMessage(p) ? textParts(p) : [];
    if (parts.length > 0 && !parts.join("").startsWith(`${SUMMARY_PREFIX}\n`)) users.push({ item, parts });
    else gone.push(item);
  }
  // Newest first within the budget; the first that does not fit is cut to what is left, and the rest go.
  let budget = USER_BUDGET_TOKENS;
  let from = users.length;
  let shortened: { at: number; parts: string[] } | undefined;
  while (from > 0) {
    const u = users[from - 1];
    const tokens = Math.ceil(utf8Bytes(u.parts.join("")) / BYTES_PER_TOKEN);
    if (tokens <= budget) {
      budget -= tokens;
      from--;
      continue;
    }
    shortened = { at: from - 1, parts: shorten(u.parts, budget) };
    from--;
    break;
  }
  for (let i = 0; i < from; i++) gone.push(users[i].item);
  const kept: SentItem[] = [];
  for (let i = from; i < users.length; i++) {
    const { item, parts } = users[i];
    const own = shortened?.at === i ? shortened.parts : parts;
    const same = own === parts && Array.isArray(item.payload.content) && item.payload.content.length === parts.length;
    kept.push({
      payload: { type: "message", role: "user", content: own.map((text) => ({ type: "input_text", text })) },
      source: "rebuilt",
      line: item.line,
      path: item.path,
      copies: item.source === "file" || item.copies === "file" ? "file" : "replacement-history",
      note: same ? undefined : shortened?.at === i ? SHORTENED_NOTE : REBUILT_NOTE,
    });
  }
  kept.push({ payload: { type: "message", role: "user", content: [{ type: "input_text", text: message || "(no summary available)" }] }, source: "summary", line, path: [...path, "message"], note: SUMMARY_NOTE });
  return { kept, gone };
}

/** Text parts cut to `tokens` tokens, the middle left out (Codex's truncation keeps the head and the tail). */
function shorten(parts: string[], tokens: number): string[] {
  const text = parts.join("\n");
  const keep = Math.max(0, tokens * BYTES_PER_TOKEN);
  if (text.length <= keep) return [text];
  const half = Math.floor(keep / 2);
  const left = Math.ceil((utf8Bytes(text) - keep) / BYTES_PER_TOKEN);
  return [`${text.slice(0, half)}…${left} tokens truncated…${text.slice(text.length - half)}`];
}
