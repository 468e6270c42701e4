/** Number and id formatting for labels. */

export const fmt = (n: number) => n.toLocaleString("en-US");

/** "read, read, bash" -> "read ×2, bash" (the full list stays in the tooltip). */
export function toolSummary(names: string[]): string {
  const counts = new Map<string, number>();
  for (const t of names) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([t, n]) => (n > 1 ? `${t} ×${n}` : t)).join(", ");
}

/**
 * An id shortened in the middle ("toolu_01AbC…9xYz"): ids differ at both ends (a provider
 * prefix and a counter or random tail), so both ends stay readable.
 */
export function middleEllipsis(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const keep = Math.max(2, max - 1);
  const head = Math.ceil(keep / 2);
  const tail = keep - head;
  return chars.slice(0, head).join("") + "…" + chars.slice(chars.length - tail).join("");
}
