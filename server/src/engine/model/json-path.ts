/** Paths into a line's JSON value (`JsonPath`, model/types.ts). */
import type { JsonPath } from "./types.js";

/** Whether two paths name the same place (both absent, or equal step by step). */
export function samePath(p: JsonPath | undefined, q: JsonPath | undefined): boolean {
  if (!p || !q) return p === q;
  return p.length === q.length && p.every((x, i) => x === q[i]);
}
