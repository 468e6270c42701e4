/** See baseline-visitor.mjs. */
export interface OrphanCounter {
  calls: Set<unknown>;
  lines: number;
  orphans: number;
  visit(line: string): void;
}
export function orphanCounter(): OrphanCounter;
export function isDocument(head: string): boolean;
export function countText(text: string, skipBad?: boolean): OrphanCounter;
