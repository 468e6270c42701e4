/**
 * The rule table's shape. Each rule file exports its codes as a `CodeTable` (what each code
 * means, its default severity, the spec or source it follows, the fixes it offers) and makes its
 * findings with `findingMaker(itsTable)`, so a finding's severity comes from the table.
 * registry.ts joins the tables.
 */
import type { Finding, Severity } from "./types.js";

/** A repair a code offers; repair/registry.ts implements each kind. */
export type FixKind =
  | "remove-orphan"
  | "fix-all-orphans"
  | "make-id-unique"
  | "insert-missing-result"
  | "move-result"
  | "drop-duplicate-result"
  | "relink-parent"
  | "break-parent-cycle"
  | "remove-malformed-line"
  | "merge-split-results"
  | "relink-skipped-turns"
  | "fix-all";

export interface CodeSpec {
  /** One sentence: what a finding of this code means. */
  readonly description: string;
  /** The severity of every finding of this code unless `otherSeverities` says otherwise. */
  readonly severity: Severity;
  /** Severities some findings take instead, each with when (the README says the same). */
  readonly otherSeverities?: Partial<Record<Severity, string>>;
  /** The spec section, upstream source or research note the rule follows. */
  readonly follows: string;
  /** The repairs offered for a finding of this code, in the order they are offered. */
  readonly fixes: readonly FixKind[];
}

export type CodeTable = Readonly<Record<string, CodeSpec>>;

/** Which codes are switched on; a rule skips the work of a code that is off. */
export interface EnabledCodes {
  has(code: string): boolean;
}

export const ALL_ENABLED: EnabledCodes = { has: () => true };

export type FindingFields = Omit<Finding, "code" | "severity">;

/**
 * Makes findings of one rule file's codes with the table's severity. `severity` is for a code
 * that declares `otherSeverities` (a unit test checks every finding against the table).
 */
export function findingMaker<T extends CodeTable>(table: T) {
  return (code: keyof T & string, fields: FindingFields, severity?: Severity): Finding => makeFinding(code, severity ?? table[code].severity, fields);
}

/**
 * A finding as one object literal of its exact fields. `{ code, severity, ...fields }` adds the
 * fields one by one to an object made for two, so every finding also got a separate property
 * store (40 bytes more than the 56 of the finding itself): on a file with a finding on each line
 * (a million lines of `{}`) that was a sixth of the analysis. The usual shapes (a line and a
 * message, with a path or columns) are literals; any other spreads as before.
 */
export function makeFinding(code: string, severity: Severity, f: FindingFields): Finding {
  const withPath = f.path !== undefined;
  const withColumns = f.columns !== undefined;
  // Exactly `line`, `message` and these (a field given as undefined is kept, as the spread keeps it).
  if (!(withPath && withColumns) && f.message !== undefined && f.line !== undefined && keyCount(f) === 2 + (withPath ? 1 : 0) + (withColumns ? 1 : 0)) {
    if (withPath) return { code, severity, line: f.line, path: f.path, message: f.message };
    if (withColumns) return { code, severity, line: f.line, columns: f.columns, message: f.message };
    return { code, severity, line: f.line, message: f.message };
  }
  return { code, severity, ...f };
}

function keyCount(o: object): number {
  let n = 0;
  for (const _ in o) n++;
  return n;
}
