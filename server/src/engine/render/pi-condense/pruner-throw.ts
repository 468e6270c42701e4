/**
 * Inputs on which pi-condense 2.9.1's `pruneMessages` throws a TypeError. pi's `emitContext`
 * catches an exception from an extension's `context` handler, reports it, and sends the messages
 * as they were: pruning is off for that request, and for every later one while the input is
 * still there.
 *
 * The phases of this model are written defensively; at each place where 2.9.1 dereferences an
 * input without a guard they call one of the checks below, which throw `PrunerThrow` naming the
 * session line (and JSON path) to blame. `pruneMessages` catches it and returns the input.
 */
import type { JsonPath, Msg } from "../../model/types.js";
import { lineOf } from "../../model/types.js";
import type { ChainEntry } from "./indexer-state.js";

export interface ThrowSite {
  /** 0-based session line of the entry that makes the pruner throw (null: no line, e.g. synthetic). */
  line: number | null;
  path?: JsonPath;
  /** What 2.9.1 does with it, in plain words ("reads `toolRefs.join`, but `toolRefs` is missing"). */
  what: string;
  /** pi-condense 2.9.1 file and line of the throwing expression. */
  source: string;
}

export class PrunerThrow extends Error {
  constructor(readonly site: ThrowSite) {
    super(site.what);
  }
}

const isNullish = (v: unknown): v is null | undefined => v === null || v === undefined;

/** `for…of`, `new Set(v)`: anything but null/undefined that is not iterable throws. */
export function isIterable(v: unknown): boolean {
  return typeof v === "string" || (typeof v === "object" && v !== null && typeof (v as any)[Symbol.iterator] === "function");
}

/** JSON values as type words for messages. */
export function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "missing";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return "an object";
  return `a ${typeof v}`;
}

function chainSite(chain: ChainEntry, field: string, what: string, source: string): PrunerThrow {
  return new PrunerThrow({ line: chain.entry.line, path: ["data", field], what: `${what}, in chain ${String(chain.data.blockId)}`, source });
}

/** A message's fields sit under `message` in a `message` entry, at the top of a `custom_message` entry. */
function msgSite(m: Msg, path: JsonPath, what: string, source: string): PrunerThrow {
  const prefix = m.role === "custom" ? [] : ["message"];
  return new PrunerThrow({ line: lineOf(m), path: m.origin.kind === "entry" ? [...prefix, ...path] : undefined, what, source });
}

/** Raw `data` of a chain entry, as pi-condense reads it (no normalisation). */
export function rawChainData(chain: ChainEntry): Record<string, any> {
  const d = chain.entry?.raw?.data;
  return d && typeof d === "object" ? d : (chain.data as unknown as Record<string, any>);
}

/** `content.<method>(…)` on an assistant, then `c.type` on each block (2.9.1 calls `.map`/`.filter`). */
export function checkContentArray(m: Msg, method: string, source: string): void {
  if (!Array.isArray(m.content))
    throw msgSite(m, ["content"], `calls \`content.${method}\` on an assistant message whose \`content\` is ${kindOf(m.content)}`, source);
  checkBlocks(m, source);
}

/** `for (const block of content ?? [])`: null/undefined is skipped, a non-iterable throws. */
export function checkContentIterable(m: Msg, source: string): void {
  if (isNullish(m.content)) return;
  if (!isIterable(m.content))
    throw msgSite(m, ["content"], `iterates an assistant message's \`content\`, which is ${kindOf(m.content)}`, source);
  if (Array.isArray(m.content)) checkBlocks(m, source);
}

/** `(content ?? []).filter(c => c.type …)`: a non-array throws, so does a null block. */
export function checkContentFilterable(m: Msg, source: string): void {
  if (isNullish(m.content)) return;
  checkContentArray(m, "filter", source);
}

/** `block.type` on each block: a null/missing block throws. */
function checkBlocks(m: Msg, source: string): void {
  (m.content as unknown[]).forEach((b, i) => {
    if (isNullish(b)) throw msgSite(m, ["content", i], `reads \`type\` of content block ${i}, which is ${kindOf(b)}`, source);
  });
}

/** `extractToolResultText`: `content.filter(c => c.type …)` over a tool result's array. */
export function checkResultBlocks(m: Msg, source: string): void {
  if (!Array.isArray(m.content)) return;
  m.content.forEach((b: unknown, i: number) => {
    if (isNullish(b)) throw msgSite(m, ["content", i], `reads \`type\` of tool-result content block ${i}, which is ${kindOf(b)}`, source);
  });
}

/** `JSON.stringify(block.arguments).length`: arguments that stringify to undefined throw. */
export function checkArgumentsSerialize(m: Msg, blockIndex: number, id: unknown, args: unknown, source: string): void {
  if (JSON.stringify(args) === undefined)
    throw msgSite(
      m,
      ["content", blockIndex, "arguments"],
      `measures the arguments of errored call \`${String(id)}\` (\`JSON.stringify(arguments).length\`), but its \`arguments\` is ${kindOf(args)}`,
      source,
    );
}

export const throwsAt = { chainSite, msgSite };
