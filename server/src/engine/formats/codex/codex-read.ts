/**
 * Codex rollout lines as entries: rollouts are linear, so each line's parent is the line before
 * it, and an entry's id names its line (`L<n>`, codex-messages.ts `entryIdOfLine`). Every object
 * line is an entry, envelope `{timestamp, type, payload}` lines and legacy bare ones alike; which
 * of them Codex reads on resume is codex-history.ts's business.
 */
import type { LineList } from "../../model/line-list.js";
import { isObject } from "../../model/parse.js";
import type { Entry, Finding, SourceLine } from "../../model/types.js";
import type { FormatRead } from "../profile.js";
import { entryIdOfLine } from "./codex-messages.js";
import { codexFieldFinding } from "./codex-field-rules.js";

export function readCodex(lines: LineList): FormatRead {
  return readCodexFrom(lines.held, null);
}

/** Lines read after an entry whose id is `prev` (null: from the start of the file). */
export function readCodexFrom(lines: readonly SourceLine[], prev: string | null): FormatRead {
  const entries: Entry[] = [];
  const findings: Finding[] = [];
  for (const l of lines) {
    const v = l.value;
    if (!isObject(v)) continue;
    const id = entryIdOfLine(l.line);
    entries.push({ line: l.line, id, parentId: prev, type: typeof v.type === "string" ? v.type : "meta", raw: v });
    // A field of the wrong type the analysis reads: one finding on its line, the rest read.
    const wrong = codexFieldFinding(v, l.line);
    if (wrong) findings.push(wrong);
    prev = id;
  }
  return { entries, findings };
}
