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
  return (code: keyof T & string, fields: FindingFields, severity?: Severity): Finding =>
    ({ code, severity: severity ?? table[code].severity, ...fields }) as Finding;
}
