/**
 * A `thread_rolled_back {num_turns: n}` event on resume (docs/research/codex-resume.md section 5,
 * `ContextManager::drop_last_n_user_turns`): the history is cut at the n-th last user turn (real
 * user messages only, not Codex's contextual ones), and the context updates Codex put just before
 * that turn go with it. Asked for more turns than there are, it keeps what precedes the first.
 */
import { isContextualDeveloperMessage, isContextualUserMessage, isUserTurnBoundary } from "./codex-contextual.js";
import type { SentItem } from "./codex-sent-item.js";

/** The history without its last `n` user turns, and what was cut (in order). */
export function dropLastUserTurns(history: readonly SentItem[], n: number): { kept: SentItem[]; cut: SentItem[] } {
  const all = { kept: history.slice(), cut: [] };
  if (n <= 0) return all;
  const turns: number[] = [];
  history.forEach((item, i) => {
    if (isUserTurnBoundary(item.payload)) turns.push(i);
  });
  if (turns.length === 0) return all;
  let cut = n >= turns.length ? turns[0] : turns[turns.length - n];
  while (cut > turns[0] && (isContextualDeveloperMessage(history[cut - 1].payload) || isContextualUserMessage(history[cut - 1].payload))) cut--;
  return { kept: history.slice(0, cut), cut: history.slice(cut) };
}
