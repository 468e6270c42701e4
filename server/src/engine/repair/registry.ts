/**
 * Every repair, by the fix kind the rule table names (`CodeSpec.fixes`). Code actions, the
 * inspector's buttons and the CLI's `fix` look repairs up here. Adding a repair: a function in
 * repairs.ts (or a file beside it), an entry here, and its kind in the `fixes` of the codes it
 * repairs (rules/*.ts) and in protocol/view.ts `ViewFix.kind`.
 */
import type { AnalyzeOptions, Analysis } from "../analyze.js";
import type { FixKind } from "../rules/rule.js";
import type { Finding } from "../types.js";
import type { RepairEdit } from "./edits.js";
import { type FixAllResult, fixAllOrphans, makeIdUniqueRepair, type Repair, removeOrphanRepair } from "./repairs.js";

export interface RepairSpec {
  /** The inspector's button label for a finding. */
  label(f: Finding): string;
  /** Offered as the preferred quick fix. */
  preferred: boolean;
  /**
   * The repair of one finding (0-based `line`, the finding's tool-call id), or null when it is
   * unsafe or no longer applies. `bom`: the file on disk starts with a BOM the engine stripped.
   */
  one?(a: Analysis, text: string, line: number, toolCallId: string | undefined, bom: boolean): Repair | null;
  /** The repair of the whole file, edits against `text`; absent for one-finding repairs. */
  all?: { title: string; run(text: string, options: AnalyzeOptions): FixAllResult };
}

export const REPAIRS: Readonly<Record<FixKind, RepairSpec>> = {
  "remove-orphan": {
    label: () => "Remove this orphan tool result",
    preferred: true,
    one: (a, _text, line, toolCallId, bom) => removeOrphanRepair(a, line, toolCallId, bom),
  },
  "fix-all-orphans": {
    label: () => "Fix all orphan tool results in the file",
    preferred: false,
    all: { title: "Fix all orphan tool results in the file", run: (text, options) => fixAllOrphans(text, options) },
  },
  "make-id-unique": {
    label: (f) => `Make \`${f.toolCallId}\` unique in this turn`,
    preferred: false,
    one: (a, text, line, toolCallId, bom) => makeIdUniqueRepair(a, text, line, toolCallId, bom),
  },
};

export type { RepairEdit };
