/** See baseline-visitor.mjs. */
export interface OrphanCounter {
  lines: number;
  orphans: number;
  visit(line: string): void;
}
export function orphanCounter(): OrphanCounter;
