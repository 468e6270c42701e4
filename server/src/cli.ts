/**
 * The `transcript-inspector` command line: the same engine as the language server.
 *
 *   transcript-inspector check [--format text|json] [--provider NAME|all] FILE...
 *   transcript-inspector render [--format json|text] FILE
 *   transcript-inspector fix [--dry-run] FILE...   remove every orphan tool result, losslessly
 *
 * Exit status: 0 when no finding is an error, 1 when any is (with --provider: when NAME would
 * reject the request; `all`: when any provider would), 2 for bad usage or an unreadable file
 * (one line on stderr, never a stack trace).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { analyze, type AnalyzeOptions } from "./engine/analyze.js";
import { REPAIRS } from "./engine/repair/index.js";
import { checkJson, findingJson, renderJson } from "./presentation/report.js";
import { parseProviderOption, providerCheckJson, providerRejects } from "./presentation/provider-report.js";
import { PROVIDER_NAMES } from "./engine/providers/names.js";
import { providerVerdicts } from "./engine/providers/verdicts.js";

const USAGE = "usage: transcript-inspector check [--format text|json] [--provider NAME|all] FILE... | render [--format json|text] FILE | fix [--dry-run] FILE...";

class UsageError extends Error {}

function parseArgs(argv: string[]): { command: string; format: string | undefined; files: string[]; dryRun: boolean; provider: string | undefined } {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h") throw new UsageError(USAGE);
  let format: string | undefined;
  let dryRun = false;
  let provider: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === "--format") {
      format = rest[++i];
      if (!format) throw new UsageError("--format needs a value");
    } else if (a.startsWith("--format=")) format = a.slice(9);
    else if (a === "--dry-run" && command === "fix") dryRun = true;
    else if (a === "--provider" && command === "check") provider = rest[++i] ?? "";
    else if (a.startsWith("--provider=") && command === "check") provider = a.slice(11);
    else if (a.startsWith("--")) throw new UsageError(`unknown option ${a}`);
    else files.push(a);
  }
  return { command, format, files, dryRun, provider };
}

function readOrFail(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new UsageError(`cannot read ${path}: ${err.code === "ENOENT" ? "no such file" : err.code === "EISDIR" ? "is a directory" : err.message}`);
  }
}

/** billion-context-pi keeps acp-kernel's state beside the session as `<session>.jsonl.acp.json`. */
export function optionsFor(path: string): AnalyzeOptions {
  const sidecar = `${path}.acp.json`;
  if (!existsSync(sidecar)) return {};
  try {
    return { acpSidecar: { text: readFileSync(sidecar, "utf8"), name: basename(sidecar) } };
  } catch {
    return { acpSidecar: { text: "", name: basename(sidecar) } };
  }
}

export function main(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s)): number {
  const { command, format, files, dryRun, provider: providerArg } = parseArgs(argv);
  if (command === "check") {
    const fmt = format ?? "text";
    if (fmt !== "text" && fmt !== "json") throw new UsageError(`--format must be text or json, not ${fmt}`);
    const provider = parseProviderOption(providerArg);
    if (providerArg !== undefined && !provider) throw new UsageError(`--provider must be one of ${PROVIDER_NAMES.join(", ")} or all, not ${providerArg || "nothing"}`);
    if (files.length === 0) throw new UsageError("check needs at least one FILE");
    const texts = files.map((f) => [f, readOrFail(f)] as const);
    let anyError = false;
    const results = texts.map(([path, text]) => {
      const a = analyze(text, optionsFor(path));
      const pv = provider ? providerVerdicts(a, { target: provider }) : undefined;
      if (pv ? providerRejects(pv, provider!) : a.findings.some((f) => f.severity === "error")) anyError = true;
      return { path, a, pv };
    });
    if (fmt === "json") out(JSON.stringify({ files: results.map((r) => (r.pv ? { ...checkJson(r.path, r.a), provider: providerCheckJson(r.a, r.pv) } : checkJson(r.path, r.a))) }) + "\n");
    else
      for (const { path, a, pv } of results)
        for (const f of pv ? pv.findings : a.findings) {
          const j = findingJson(a.session.lines, f);
          out(`${path}:${j.line}:${j.column} ${j.severity} ${j.code} ${j.message}\n`);
        }
    return anyError ? 1 : 0;
  }
  if (command === "render") {
    const fmt = format ?? "json";
    if (fmt !== "text" && fmt !== "json") throw new UsageError(`--format must be json or text, not ${fmt}`);
    if (files.length !== 1) throw new UsageError("render takes exactly one FILE");
    const a = analyze(readOrFail(files[0]), optionsFor(files[0]));
    const r = renderJson(files[0], a);
    if (fmt === "json") out(JSON.stringify(r) + "\n");
    else {
      out(`${r.path}: ${r.format}, pruner ${r.pruner}, leaf ${r.leaf}\n`);
      out(`before: ${r.before.length} messages, after: ${r.after.length} messages, dropped: ${r.dropped.length}\n`);
      for (const d of r.dropped) out(`  line ${d.line} ${d.role} dropped by ${d.by}\n`);
    }
    return a.findings.some((f) => f.severity === "error") ? 1 : 0;
  }
  if (command === "fix") {
    if (files.length === 0) throw new UsageError("fix needs at least one FILE");
    let anyError = false;
    for (const path of files) {
      const text = readOrFail(path);
      const r = REPAIRS["fix-all-orphans"].all!.run(text, optionsFor(path));
      if (r.removed > 0 && !dryRun) {
        const tmp = `${path}.ti-fix-${process.pid}`;
        writeFileSync(tmp, r.text);
        renameSync(tmp, path);
      }
      const left = analyze(r.text, optionsFor(path)).findings.filter((f) => f.severity === "error");
      if (left.length) anyError = true;
      out(`${path}: ${dryRun ? "would remove" : "removed"} ${r.removed} orphan tool result(s)${left.length ? `; ${left.length} error finding(s) need another fix` : ""}\n`);
    }
    return anyError ? 1 : 0;
  }
  throw new UsageError(`unknown command ${command}\n${USAGE}`);
}

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`transcript-inspector: ${e.message.split("\n")[0]}\n`);
    } else {
      process.stderr.write(`transcript-inspector: internal error: ${(e as Error).message}\n`);
    }
    process.exitCode = 2;
  }
}
