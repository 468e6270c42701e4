/**
 * The `transcript-inspector` command line: the same engine as the language server.
 *
 *   transcript-inspector check [--format text|json] [--provider NAME|all] FILE...
 *   transcript-inspector render [--format json|text] FILE
 *   transcript-inspector fix [--dry-run] [--no-backup] [--only CODE,...] FILE...   every safe repair, losslessly (cli/fix-command.ts)
 *
 * Every file given is processed and reported. Exit status, the worst over the files: 0 when no
 * finding is an error, 1 when any is or a file is refused (`fix`: read-only, hard-linked, changed
 * while fixing, not a regular file), 2 for bad usage or an unreadable file (one line on stderr,
 * never a stack trace). Text output escapes control, bidi and zero-width characters.
 * `fix` writes through cli/write-file-safely.ts (backup `FILE.bak` unless `--no-backup`) and
 * works on bytes (cli/fix-bytes.ts); `--dry-run` prints a unified diff.
 */
import { parseOnly, runFix } from "./cli/fix-command.js";
import { terminalText } from "./cli/terminal-text.js";
import { readRegularFile } from "./io/read-regular-file.js";
import { readSidecarFile } from "./io/sidecar-file.js";
import { type Analysis, analyze, type AnalyzeOptions } from "./engine/analyze.js";
import { checkJson, findingJson, renderJson } from "./presentation/report.js";
import { parseProviderOption, providerCheckJson, providerRejects } from "./presentation/provider-report.js";
import { PROVIDER_NAMES } from "./engine/providers/names.js";
import { type ProviderVerdicts, providerVerdicts } from "./engine/providers/verdicts.js";

const USAGE = "usage: transcript-inspector check [--format text|json] [--provider NAME|all] FILE... | render [--format json|text] FILE | fix [--dry-run] [--no-backup] [--only CODE,...] FILE...";

class UsageError extends Error {}

function parseArgs(argv: string[]): { command: string; format: string | undefined; files: string[]; dryRun: boolean; backup: boolean; provider: string | undefined; only: string | undefined } {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h") throw new UsageError(USAGE);
  let format: string | undefined;
  let dryRun = false;
  let backup = true;
  let provider: string | undefined;
  let only: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === "--format") {
      format = rest[++i];
      if (!format) throw new UsageError("--format needs a value");
    } else if (a.startsWith("--format=")) format = a.slice(9);
    else if (a === "--dry-run" && command === "fix") dryRun = true;
    else if (a === "--no-backup" && command === "fix") backup = false;
    else if (a === "--only" && command === "fix") only = rest[++i] ?? "";
    else if (a.startsWith("--only=") && command === "fix") only = a.slice(7);
    else if (a === "--provider" && command === "check") provider = rest[++i] ?? "";
    else if (a.startsWith("--provider=") && command === "check") provider = a.slice(11);
    else if (a.startsWith("--")) throw new UsageError(`unknown option ${a}`);
    else files.push(a);
  }
  return { command, format, files, dryRun, backup, provider, only };
}

/** Reads a file as text; a missing, unreadable or non-regular file is an exit-2 report, never an exception. */
function readText(path: string): { ok: true; text: string } | { ok: false; status: 1 | 2; message: string } {
  const r = readRegularFile(path);
  if (!r.ok) return r;
  return { ok: true, text: r.file.bytes.toString("utf8") };
}

/** billion-context-pi keeps acp-kernel's state beside the session as `<session>.jsonl.acp.json`. */
export function optionsFor(path: string): AnalyzeOptions {
  const sidecar = readSidecarFile(path);
  if (!sidecar) return {};
  return { acpSidecar: { text: sidecar.text, name: sidecar.name, error: sidecar.error } };
}

const T = terminalText;

export function main(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s), err: (s: string) => void = (s) => process.stderr.write(s)): number {
  const { command, format, files, dryRun, backup, provider: providerArg, only: onlyArg } = parseArgs(argv);
  let status = 0;
  const worst = (s: number) => (status = Math.max(status, s));
  /** One file's trouble: reported on stderr, the other files go on. */
  const report = (s: 1 | 2, message: string) => {
    err(`transcript-inspector: ${T(message)}\n`);
    worst(s);
  };
  const analyzeOr = (path: string, text: string): Analysis | null => {
    try {
      return analyze(text, optionsFor(path));
    } catch (e) {
      report(2, `${path}: internal error: ${(e as Error).message}`);
      return null;
    }
  };
  if (command === "check") {
    const fmt = format ?? "text";
    if (fmt !== "text" && fmt !== "json") throw new UsageError(`--format must be text or json, not ${fmt}`);
    const provider = parseProviderOption(providerArg);
    if (providerArg !== undefined && !provider) throw new UsageError(`--provider must be one of ${PROVIDER_NAMES.join(", ")} or all, not ${providerArg || "nothing"}`);
    if (files.length === 0) throw new UsageError("check needs at least one FILE");
    const results: { path: string; a: Analysis; pv?: ProviderVerdicts }[] = [];
    for (const path of files) {
      const r = readText(path);
      if (!r.ok) {
        report(r.status, r.message);
        continue;
      }
      const a = analyzeOr(path, r.text);
      if (!a) continue;
      // with --provider, exit 1 exactly when that provider (or, for `all`, any) would reject the request
      const pv = provider ? providerVerdicts(a, { target: provider }) : undefined;
      if (pv ? providerRejects(pv, provider!) : a.findings.some((f) => f.severity === "error")) worst(1);
      results.push({ path, a, pv });
    }
    if (fmt === "json") out(JSON.stringify({ files: results.map((r) => (r.pv ? { ...checkJson(r.path, r.a), provider: providerCheckJson(r.a, r.pv) } : checkJson(r.path, r.a))) }) + "\n");
    else
      for (const { path, a, pv } of results)
        for (const f of pv ? pv.findings : a.findings) {
          const j = findingJson(a.session.lines, f);
          out(`${T(path)}:${j.line}:${j.column} ${j.severity} ${j.code} ${T(j.message)}\n`);
        }
    return status;
  }
  if (command === "render") {
    const fmt = format ?? "json";
    if (fmt !== "text" && fmt !== "json") throw new UsageError(`--format must be json or text, not ${fmt}`);
    if (files.length !== 1) throw new UsageError("render takes exactly one FILE");
    const t = readText(files[0]);
    if (!t.ok) {
      report(t.status, t.message);
      return status;
    }
    const a = analyzeOr(files[0], t.text);
    if (!a) return status;
    const r = renderJson(files[0], a);
    if (fmt === "json") out(JSON.stringify(r) + "\n");
    else {
      out(`${T(r.path)}: ${T(r.format)}, pruner ${T(r.pruner)}, leaf ${T(r.leaf)}\n`);
      out(`before: ${r.before.length} messages, after: ${r.after.length} messages, dropped: ${r.dropped.length}\n`);
      for (const d of r.dropped) out(`  line ${d.line} ${T(d.role)} dropped by ${T(d.by)}\n`);
    }
    return a.findings.some((f) => f.severity === "error") ? 1 : 0;
  }
  if (command === "fix") {
    if (files.length === 0) throw new UsageError("fix needs at least one FILE");
    const only = parseOnly(onlyArg);
    if ("error" in only) throw new UsageError(only.error);
    return Math.max(status, runFix(files, { dryRun, backup, codes: only.codes, optionsFor }, out, report));
  }
  throw new UsageError(`unknown command ${command}\n${USAGE}`);
}

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`transcript-inspector: ${terminalText(e.message.split("\n")[0])}\n`);
    } else {
      process.stderr.write(`transcript-inspector: internal error: ${terminalText((e as Error).message)}\n`);
    }
    process.exitCode = 2;
  }
}
