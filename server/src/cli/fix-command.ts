/**
 * `transcript-inspector fix [--dry-run] [--no-backup] [--only CODE,...] FILE...`: every repair
 * of the rule table (or of the codes `--only` names) to a fixed point, on bytes
 * (fix-bytes.ts), written safely (write-file-safely.ts). Each file gets one summary line saying
 * what each repair did, then the findings left that a repair exists for but is not offered
 * (with why) and the errors no repair handles. Every file is processed; the caller keeps the
 * worst exit status. `--dry-run` prints, per edited line, the fields it changes (fix-diff.ts), or
 * with `--unified` a unified diff of whole lines.
 */
import type { AnalyzeOptions } from "../engine/index.js";
import { FIX_ORDER, REPAIRS } from "../engine/index.js";
import { CODE_TABLE, FINDING_CODES, type FixKind } from "../engine/index.js";
import { type FixBytesResult, fixBytes, unifiedDiff } from "./fix-bytes.js";
import { terminalText as T } from "./terminal-text.js";
import { fieldDiff } from "./fix-diff.js";
import { paint, PLAIN, type TextStyle } from "./terminal-style.js";
import { readForFix, writeFileSafely } from "./write-file-safely.js";
import { isSqliteFile } from "../io/sqlite-file.js";
import { storeSessionPath } from "../io/session-store.js";

/** Codes some repair of `fix` handles, in the rule table's order. */
export const REPAIRABLE_CODES: readonly string[] = FINDING_CODES.filter((c) => (CODE_TABLE[c].fixes as readonly FixKind[]).some((k) => FIX_ORDER.includes(k)));

/** `--only` parsed: the codes, or the message for an unknown one (exit 2). */
export function parseOnly(value: string | undefined): { codes?: Set<string> } | { error: string } {
  if (value === undefined) return {};
  const codes = value.split(",").map((s) => s.trim()).filter((s) => s !== "");
  const unknown = codes.filter((c) => !REPAIRABLE_CODES.includes(c));
  if (codes.length === 0 || unknown.length > 0)
    return { error: `--only: ${codes.length === 0 ? "no code given" : `no repair for ${unknown.join(", ")}`}; codes fix repairs: ${REPAIRABLE_CODES.join(", ")}` };
  return { codes: new Set(codes) };
}

export interface FixCommandOptions {
  dryRun: boolean;
  backup: boolean;
  codes?: ReadonlySet<string>;
  optionsFor(path: string): AnalyzeOptions;
  /** `--dry-run --unified`: the unified diff of whole lines instead of the changed fields. */
  unified?: boolean;
  /** Colour and width of the output. */
  style?: TextStyle;
}

/** How many findings left are listed per file (the rest are counted). */
const SHOWN = 50;

export function runFix(files: string[], opts: FixCommandOptions, out: (s: string) => void, report: (status: 1 | 2, message: string) => void): number {
  let status = 0;
  const worst = (s: number) => (status = Math.max(status, s));
  for (const path of files) {
    // An agent's database (OpenCode's) is its own: read by `check` and `render`, never written.
    if (storeSessionPath(path) || isSqliteFile(path)) {
      report(2, `${path}: not fixed: a session database is only read, never written (the agent may be writing it); \`check\` and \`render\` read it`);
      worst(2);
      continue;
    }
    const read = readForFix(path);
    if (!read.ok) {
      report(read.status, read.message);
      worst(read.status);
      continue;
    }
    const file = read.file;
    if (file.viaLink) out(`${T(path)}: is a symbolic link; fixing its target ${T(file.target)}\n`);
    let r: FixBytesResult;
    try {
      r = fixBytes(file.bytes, opts.optionsFor(path), { codes: opts.codes });
    } catch (e) {
      report(2, `${path}: internal error: ${(e as Error).message}`);
      worst(2);
      continue;
    }
    if (!r.ok) {
      report(1, `${path}: ${r.message}`);
      worst(1);
      continue;
    }
    const changed = r.fix.done.size > 0;
    let note = "";
    const style = opts.style ?? PLAIN;
    if (opts.dryRun) out(opts.unified ? unifiedDiff(`a/${path}`, `b/${path}`, r.ops, T) : fieldDiff(path, r.ops, style));
    else if (changed) {
      const w = writeFileSafely(file, r.bytes, { backup: opts.backup });
      if (!w.ok) {
        report(1, w.message);
        worst(1);
        continue;
      }
      if (w.backup) note = ` (backup: ${T(w.backup)})`;
    }
    const did = FIX_ORDER.filter((k) => r.fix.done.has(k)).map((k) => REPAIRS[k].done!(r.fix.done.get(k)!, opts.dryRun));
    const wanted = opts.codes ? r.fix.analysis.findings.filter((f) => opts.codes!.has(f.code)) : r.fix.analysis.findings;
    const errors = wanted.filter((f) => f.severity === "error");
    if (errors.length) worst(1);
    out(`${paint(style, "bold", T(path))}: ${did.length ? did.join(", ") : "nothing to fix"}${note}${errors.length ? paint(style, "red", `; ${errors.length} error finding(s) left`) : ""}\n`);
    // What is left: findings a repair exists for but is not offered (why), then errors no repair handles.
    const why = new Map(r.fix.skipped.map((x) => [`${x.line}\u0000${x.code}\u0000${x.toolCallId ?? ""}`, x.reason]));
    // A finding whose code no repair was skipped for is not looked up (no key made for each of a million).
    const skippedCodes = new Set(r.fix.skipped.map((x) => x.code));
    const left = wanted.filter((f) => f.severity === "error" || (skippedCodes.has(f.code) && why.has(`${f.line}\u0000${f.code}\u0000${f.toolCallId ?? ""}`)));
    for (const f of left.slice(0, SHOWN)) {
      const reason = why.get(`${f.line}\u0000${f.code}\u0000${f.toolCallId ?? ""}`);
      out(`  line ${f.line + 1} ${f.code}${f.toolCallId !== undefined ? ` \`${T(f.toolCallId)}\`` : ""}: ${reason ? `not fixed: ${T(reason)}` : "no repair for this finding"}\n`);
    }
    if (left.length > SHOWN) out(`  ... and ${left.length - SHOWN} more (see \`check\`)\n`);
  }
  return status;
}
