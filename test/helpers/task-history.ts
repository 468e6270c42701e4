/**
 * The real task histories of the two VS Code extensions that write
 * `tasks/<task id>/api_conversation_history.json` (test/corpus/cline-extension, test/corpus/roo-code:
 * one JSON array, compact on one line), and what their tests (agent-cline-extension.test.ts,
 * agent-roo-code.test.ts) build from them: damaged copies, Anthropic calls and results, the roles
 * and finding codes they compare.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Finding, Msg } from "../../server/src/engine/model/types.js";
import { CORPUS } from "./corpus.js";

/** The corpus's task histories of `agent` (its folder under test/corpus/), each named `<prefix>-<task>.api_conversation_history.json`. */
export function taskHistories(agent: string, prefix: string) {
  const name = (task: string) => `${prefix}-${task}.api_conversation_history.json`;
  const corpus = (task: string) => readFileSync(join(CORPUS, agent, name(task)), "utf8");
  /** A copy changed by `edit`, written as both extensions write it (`JSON.stringify`: compact, on one line). */
  const damaged = (task: string, edit: (items: any[]) => void) => {
    const items = JSON.parse(corpus(task));
    edit(items);
    return JSON.stringify(items);
  };
  return { name, corpus, damaged };
}

/** How many messages of each role. */
export const roles = (ms: readonly Msg[]) => {
  const out: Record<string, number> = {};
  for (const m of ms) out[m.role] = (out[m.role] ?? 0) + 1;
  return out;
};
/** The findings' `code/severity`, sorted. */
export const codes = (fs: readonly Finding[]) => fs.map((f) => `${f.code}/${f.severity}`).sort();
/** An Anthropic `tool_use` block. */
export const call = (id: string, name = "read_file") => ({ type: "tool_use", id, name, input: { path: "src/a.ts" } });
/** An Anthropic `tool_result` block answering `id`. */
export const result = (id: string, text = "ok") => ({ type: "tool_result", tool_use_id: id, content: text });
