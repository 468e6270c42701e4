/**
 * What Codex does to the rebuilt history before it sends it (docs/research/codex-resume.md
 * section 7, `normalize_history`): every call without an output of its family anywhere in the
 * history gets a made-up `aborted` output right after it (R7.1, `ensure_call_outputs_present`:
 * one set of answered ids, so two unanswered calls with one id both get one); then every output
 * whose call is not in the history is removed (R7.2, `remove_orphan_outputs`); two outputs of one
 * call are both kept. Images are left as they are (R7.3: the models the runs used take them).
 */
import { callFamily, type CallFamily, mayBeOrphan, outputFamily } from "./codex-item-kinds.js";
import { ABORTED_NOTE, type SentItem } from "./codex-sent-item.js";

export interface Normalised {
  items: SentItem[];
  /** Each made-up output with the call it answers. */
  aborted: { call: SentItem; output: SentItem }[];
  /** The outputs removed as orphans. */
  orphans: SentItem[];
}

const key = (family: CallFamily, id: string) => `${family}\u0000${id}`;

export function normaliseForPrompt(history: readonly SentItem[]): Normalised {
  const answered = new Set<string>();
  for (const item of history) {
    const f = outputFamily(item.payload);
    if (f) answered.add(key(f, item.payload.call_id));
  }
  const withOutputs: SentItem[] = [];
  const aborted: Normalised["aborted"] = [];
  const called = new Set<string>();
  for (const item of history) {
    withOutputs.push(item);
    const f = callFamily(item.payload);
    if (!f) continue;
    called.add(key(f, item.payload.call_id));
    if (answered.has(key(f, item.payload.call_id))) continue;
    const output: SentItem = { payload: abortedOutput(f, item.payload.call_id), source: "aborted", line: item.line, path: item.path, note: ABORTED_NOTE };
    withOutputs.push(output);
    aborted.push({ call: item, output });
  }
  const items: SentItem[] = [];
  const orphans: SentItem[] = [];
  for (const item of withOutputs) {
    const f = outputFamily(item.payload);
    if (f && mayBeOrphan(item.payload) && !called.has(key(f, item.payload.call_id))) orphans.push(item);
    else items.push(item);
  }
  return { items, aborted, orphans };
}

/**
 * R7.1: the output Codex makes up, of the call's family. (0.150+ also give it an id derived from
 * the call's own `id`, when it has one; the id is left out here.)
 */
function abortedOutput(family: CallFamily, callId: string): Record<string, any> {
  switch (family) {
    case "function":
      return { type: "function_call_output", call_id: callId, output: "aborted" };
    case "custom":
      return { type: "custom_tool_call_output", call_id: callId, output: "aborted" };
    case "tool-search":
      return { type: "tool_search_output", call_id: callId, status: "completed", execution: "client", tools: [] };
  }
}
