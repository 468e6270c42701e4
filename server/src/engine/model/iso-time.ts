/** Milliseconds of an ISO 8601 time string (as the agents write `timestamp`), or undefined for anything else. */
export function isoMs(v: unknown): number | undefined {
  if (typeof v !== "string") return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}
