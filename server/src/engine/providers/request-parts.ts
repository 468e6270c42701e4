/**
 * What the provider rules read of a request message, computed once per message: its calls,
 * results and their ids (a finished request message is never changed, and after an append most
 * are the previous request's own: request-build.ts), the latest turn and the turns with calls.
 */
import { type Part, type RequestMessage } from "./request-model.js";
import { requestLineage } from "./request-lineage.js";
import { type CallPart, type ResultPart } from "./request-ids.js";


// A request message's calls, results and their ids, computed once per message: a finished request
// message is never changed, and after an append most are the previous request's own (request-build.ts).
export const NONE: never[] = [];
export const NO_IDS: readonly string[] = [];
/** The parts of one kind of a message of one role, once per message (empty lists shared). */
export function partsOf(m: RequestMessage | undefined, role: "assistant" | "user", kind: "calls" | "results"): Part[] {
  if (!m || m.role !== role) return NONE;
  const memo = (m.memo ??= {});
  if (!memo[kind]) {
    const want = kind === "calls" ? "call" : "result";
    const found = m.parts.filter((p) => p.kind === want);
    memo[kind] = found.length ? found : NONE;
  }
  return memo[kind]!;
}
export const calls = (m: RequestMessage | undefined) => partsOf(m, "assistant", "calls") as CallPart[];
export const results = (m: RequestMessage | undefined) => partsOf(m, "user", "results") as ResultPart[];
/** The ids of a message's calls (assistant) or results (user): an array (a few ids, little memory), a set when many. */
export function idsOf(m: RequestMessage): IdList {
  const memo = (m.memo ??= {});
  if (!memo.ids) {
    const list = m.role === "assistant" ? calls(m).map((c) => c.id) : results(m).map((r) => r.id);
    memo.ids = list.length > 16 ? new Set(list) : list;
  }
  return memo.ids;
}
export type IdList = readonly string[] | ReadonlySet<string>;
export const hasId = (ids: IdList, id: string) => (Array.isArray(ids) ? ids.includes(id) : (ids as ReadonlySet<string>).has(id));
export { quoteCut as tick } from "../model/quote.js";

/** Index of the first message of the latest turn: after the last user message that is not only results. */
export function latestTurnStart(req: RequestMessage[]): number {
  for (let i = req.length - 1; i >= 0; i--) if (req[i].role === "user" && req[i].parts.some((p) => p.kind !== "result")) return i + 1;
  return 0;
}

/**
 * Assistant messages with calls, each with the messages up to the next assistant (its "run"); once
 * per request. A built request array changes in place from one build to the next (request-lineage.ts), so
 * the memo holds for the build generation and length it was made at.
 */
export const callTurnsMemo = new WeakMap<RequestMessage[], { generation: number | undefined; length: number; turns: { i: number; calls: CallPart[]; next: number }[] }>();
export function callTurns(req: RequestMessage[]): { i: number; calls: CallPart[]; next: number }[] {
  const generation = requestLineage(req)?.generation;
  const memo = callTurnsMemo.get(req);
  if (memo && memo.generation === generation && memo.length === req.length) return memo.turns;
  const turns = makeCallTurns(req);
  callTurnsMemo.set(req, { generation, length: req.length, turns });
  return turns;
}
export function makeCallTurns(req: RequestMessage[]): { i: number; calls: CallPart[]; next: number }[] {
  const out: { i: number; calls: CallPart[]; next: number }[] = [];
  let open: { i: number; calls: CallPart[]; next: number } | undefined;
  for (let i = 0; i < req.length; i++) {
    if (req[i].role !== "assistant") continue;
    if (open) open.next = i;
    open = { i, calls: calls(req[i]), next: req.length };
    out.push(open);
  }
  return out;
}

export const inFlight = (req: RequestMessage[], i: number) => i === req.length - 1;

