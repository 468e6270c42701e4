/**
 * `check` of one file, as a stream of output pieces: the same code runs in the main thread and
 * in a worker thread (check-workers.ts). The findings are the ones the editor shows for the
 * same target provider (presentation/shown-findings.ts), in line order; the exit status is 1
 * exactly when one of them is an error. Text: one compiler-style line per finding; JSON: the
 * file's entry of `{ "files": [...] }`, written finding by finding.
 */
import { threadId } from "node:worker_threads";
import { findingJson, checkJson } from "../presentation/report.js";
import { parseProviderOption, providerCheckJson, verdictsLine, verdictTarget } from "../presentation/provider-report.js";
import { shownFindings } from "../presentation/shown-findings.js";
import { providerVerdicts } from "../engine/index.js";
import type { Severity } from "../engine/index.js";
import { jsonChunks } from "./json-stream.js";
import { loadSessionFile, NOT_A_SESSION } from "./session-file.js";
import { terminalText as T } from "./terminal-text.js";

/** One file to check; plain data (it crosses to a worker thread). */
export interface CheckJob {
  path: string;
  format: "text" | "json";
  /** `auto` (the default), a provider name or `all` (already validated). */
  provider?: string;
}

export interface FileOutcome {
  kind: "session" | "not-session" | "failed";
  /** 0, 1 (an error finding, or the provider rejects) or 2 (unreadable). */
  status: number;
  /** Lines for stderr (without the program name). */
  messages: string[];
  /** Findings printed, by severity. */
  counts: Record<Severity, number>;
  /** The thread that checked the file (0: the main thread). */
  thread: number;
}

export const emptyCounts = (): Record<Severity, number> => ({ error: 0, warning: 0, information: 0, hint: 0 });

/** Yields the file's output pieces; returns what the summary and the exit status need. */
export function* checkFile(job: CheckJob): Generator<string, FileOutcome> {
  const counts = emptyCounts();
  const loaded = loadSessionFile(job.path);
  if (loaded.kind === "failed") return { kind: "failed", status: loaded.status, messages: [loaded.message], counts, thread: threadId };
  if (loaded.kind === "not-session") {
    if (job.format === "json") yield JSON.stringify({ path: job.path, format: "unknown", entries: 0, findings: [], note: `${NOT_A_SESSION}: ${loaded.reason}` });
    else yield `${T(job.path)}: ${NOT_A_SESSION} (${T(loaded.reason)})\n`;
    return { kind: "not-session", status: 0, messages: [], counts, thread: threadId };
  }
  const a = loaded.analysis;
  const option = parseProviderOption(job.provider) ?? "auto";
  // The editor's findings for this target (`auto`: the detected one); `all`: every provider's rejections are errors.
  const pv = providerVerdicts(a, { target: verdictTarget(option) });
  const findings = shownFindings(a, pv, { providers: option === "all" ? "all" : "target" }).sort((x, y) => x.line - y.line);
  for (const f of findings) counts[f.severity]++;
  const status = findings.some((f) => f.severity === "error") ? 1 : 0;
  if (job.format === "json") {
    const file = checkJson(job.path, a, findings);
    yield* jsonChunks(job.provider === undefined ? file : { ...file, provider: providerCheckJson(a, pv) }, 2);
  } else {
    for (const f of findings) {
      const j = findingJson(a.session.lines, f);
      yield `${T(job.path)}:${j.line}:${j.column} ${j.severity} ${j.code} ${T(j.message)}\n`;
    }
    if (option === "all") yield `${T(job.path)}: ${verdictsLine(pv)}\n`;
  }
  return { kind: "session", status, messages: [], counts, thread: threadId };
}
