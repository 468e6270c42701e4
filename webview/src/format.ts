/** Number and tool-list formatting for labels. */

export const fmt = (n: number) => n.toLocaleString("en-US");

/** "read, read, bash" -> "read ×2, bash" (the full list stays in the tooltip). */
export function toolSummary(names: string[]): string {
  const counts = new Map<string, number>();
  for (const t of names) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([t, n]) => (n > 1 ? `${t} ×${n}` : t)).join(", ");
}
