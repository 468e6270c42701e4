/**
 * Every rule's `related` list is bounded: at most `MAX_RELATED` places, then one entry saying
 * how many more there are (Find All References lists every occurrence of an id). A rule walks
 * only as far as it shows, so a finding costs the same whether an id recurs 3 or 30,000 times.
 */
import type { JsonPath, RelatedInfo } from "./types.js";

export const MAX_RELATED = 20;

/**
 * The related places of a finding from `items` (mapped by `toInfo`; null skips an item), capped
 * at `max`, then "and N more" pointing back at the finding's own place. `total` is how many
 * places there are in all when the caller knows it (items the walk did not reach count as more);
 * otherwise every item past the cap counts.
 */
export function cappedRelated<T>(
  items: Iterable<T>,
  toInfo: (item: T) => RelatedInfo | null,
  self: { line: number; path?: JsonPath },
  options: { max?: number; total?: number } = {},
): RelatedInfo[] | undefined {
  const max = options.max ?? MAX_RELATED;
  const out: RelatedInfo[] = [];
  let more = 0;
  for (const item of items) {
    if (out.length >= max) {
      if (options.total !== undefined) break;
      more++;
      continue;
    }
    const info = toInfo(item);
    if (info) out.push(info);
  }
  if (options.total !== undefined) more = Math.max(0, options.total - out.length);
  if (more > 0) out.push(moreEntry(more, self));
  return out.length ? out : undefined;
}

/** The last related entry of a capped list. */
export function moreEntry(more: number, self: { line: number; path?: JsonPath }): RelatedInfo {
  return { line: self.line, path: self.path, message: `and ${more.toLocaleString("en-US")} more: Find All References lists them all` };
}
