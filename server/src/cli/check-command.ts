/**
 * `check FILE|DIR...`: the files (directories expanded, session-paths.ts), each checked by
 * check-file.ts, in parallel worker threads when there are several (check-workers.ts), the output
 * in the files' order, then (text) a summary line. The JSON is written file by file and finding
 * by finding, never as one string.
 */
import { parseProviderOption } from "../presentation/provider-report.js";
import { PROVIDER_NAMES } from "../engine/index.js";
import type { Severity } from "../engine/index.js";
import { UsageError } from "./args.js";
import { type CheckJob, checkFile, emptyCounts, type FileOutcome } from "./check-file.js";
import { runInWorkers } from "./check-workers.js";
import type { Write } from "./json-stream.js";
import { type Progress } from "./progress.js";
import { expandPaths } from "./session-paths.js";

export interface CheckPlan {
  format: "text" | "json";
  jobs: CheckJob[];
  /** Arguments that name nothing to check (a folder without *.jsonl, an unreadable folder). */
  problems: { status: 1 | 2; message: string }[];
}

export function planCheck(args: { format?: string; provider?: string; files: string[] }): CheckPlan {
  const fmt = args.format ?? "text";
  if (fmt !== "text" && fmt !== "json") throw new UsageError(`--format must be text or json, not ${fmt}`);
  const provider = parseProviderOption(args.provider);
  if (args.provider !== undefined && !provider) throw new UsageError(`--provider must be auto, one of ${PROVIDER_NAMES.join(", ")}, or all, not ${args.provider || "nothing"}`);
  if (args.files.length === 0) throw new UsageError("check needs at least one FILE or DIR");
  const { paths, problems } = expandPaths(args.files);
  return { format: fmt, jobs: paths.map((path) => ({ path, format: fmt, ...(provider && provider !== "auto" ? { provider } : {}) })), problems };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The closing line of text output: "no problems in 3 files", "3 errors, 2 warnings in 1 of 4 files". */
export function summaryLine(t: { sessions: number; withFindings: number; notSessions: number; failed: number; counts: Record<Severity, number> }): string {
  const c = t.counts;
  const parts = [c.error && plural(c.error, "error"), c.warning && plural(c.warning, "warning"), c.information && `${c.information} information`, c.hint && plural(c.hint, "hint")].filter(Boolean);
  const files = t.withFindings === t.sessions ? plural(t.sessions, "file") : `${t.withFindings} of ${plural(t.sessions, "file")}`;
  const out: string[] = [];
  if (t.sessions > 0 || (t.notSessions === 0 && t.failed === 0)) out.push(parts.length ? `${parts.join(", ")} in ${files}` : `no problems in ${plural(t.sessions, "file")}`);
  if (t.notSessions) out.push(t.notSessions === 1 ? "1 file is not a session transcript" : `${t.notSessions} files are not session transcripts`);
  if (t.failed) out.push(`${plural(t.failed, "file")} could not be read`);
  return out.join("; ") + "\n";
}

/** Exit status, the summary's figures and the JSON separators, over the files in order. */
class Tally {
  status = 0;
  sessions = 0;
  withFindings = 0;
  notSessions = 0;
  failed = 0;
  counts = emptyCounts();
  private emitted = false;
  constructor(
    private readonly plan: CheckPlan,
    private readonly err: (s: string) => void,
  ) {
    for (const p of plan.problems) this.report(p.status, p.message);
  }
  head(): string {
    return this.plan.format === "json" ? '{"files":[' : "";
  }
  /** The piece as written: a file's first JSON piece after an earlier file's gets its comma. */
  piece(s: string, firstOfFile: boolean): string {
    if (this.plan.format !== "json" || !firstOfFile) return s;
    const out = this.emitted ? `,${s}` : s;
    this.emitted = true;
    return out;
  }
  add(o: FileOutcome): void {
    for (const m of o.messages) this.report(o.status === 1 ? 1 : 2, m);
    this.status = Math.max(this.status, o.status);
    if (o.kind === "session") {
      this.sessions++;
      const n = o.counts.error + o.counts.warning + o.counts.information + o.counts.hint;
      if (n) this.withFindings++;
      for (const k of Object.keys(this.counts) as Severity[]) this.counts[k] += o.counts[k];
    } else if (o.kind === "not-session") this.notSessions++;
    else this.failed++;
  }
  tail(): string {
    return this.plan.format === "json" ? "]}\n" : summaryLine(this);
  }
  report(status: 1 | 2, message: string): void {
    this.err(message);
    this.status = Math.max(this.status, status);
  }
}

/** Checks in this thread, writing synchronously (the in-process `main`). */
export function checkSync(plan: CheckPlan, out: (s: string) => void, err: (s: string) => void): number {
  const tally = new Tally(plan, err);
  out(tally.head());
  for (const job of plan.jobs) {
    const gen = checkFile(job);
    let first = true;
    for (;;) {
      const r = gen.next();
      if (r.done) {
        tally.add(r.value);
        break;
      }
      out(tally.piece(r.value, first));
      first = false;
    }
  }
  out(tally.tail());
  return tally.status;
}

/** Collects small pieces into writes of about 64 KB. */
function batchingWriter(write: Write): { write: (s: string) => void | Promise<void>; flush: () => void | Promise<void> } {
  let buf: string[] = [];
  let n = 0;
  const flush = () => {
    if (!n) return;
    const s = buf.join("");
    buf = [];
    n = 0;
    return write(s);
  };
  return {
    write: (s) => {
      buf.push(s);
      n += s.length;
      if (n >= 64 * 1024) return flush();
    },
    flush,
  };
}

export interface CheckRunOptions {
  /** Files checked at once; more than 1 with several files uses worker threads. */
  jobs: number;
  /** The script a worker thread runs (the built dist/cli.js); without it everything runs here. */
  workerScript?: string;
  progress?: Progress;
}

/** Checks with stream backpressure and, for several files, worker threads; output in the files' order. */
export async function checkAsync(plan: CheckPlan, write: Write, err: (s: string) => void, o: CheckRunOptions): Promise<number> {
  const progress = o.progress;
  const tally = new Tally(plan, (s) => {
    progress?.clear();
    err(s);
  });
  // The progress line is cleared before anything reaches stdout (both may be the same terminal).
  const w = batchingWriter(progress ? (s) => (progress.clear(), write(s)) : write);
  await w.write(tally.head());
  const total = plan.jobs.length;
  let done = 0;
  progress?.update(done, total, plan.jobs[0]?.path);
  const threads = Math.min(o.jobs, total);
  if (threads <= 1 || !o.workerScript) {
    for (const job of plan.jobs) {
      progress?.update(done, total, job.path);
      const gen = checkFile(job);
      let first = true;
      for (;;) {
        const r = gen.next();
        if (r.done) {
          await w.flush();
          tally.add(r.value);
          break;
        }
        await w.write(tally.piece(r.value, first));
        first = false;
      }
      progress?.update(++done, total);
    }
  } else {
    // Pieces arrive from the workers in any order; each file's are held until the files before it are written.
    const files = plan.jobs.map(() => ({ pieces: [] as string[], outcome: null as FileOutcome | null }));
    let wake: (() => void) | null = null;
    const poke = () => {
      const f = wake;
      wake = null;
      f?.();
    };
    const work = runInWorkers(plan.jobs, threads, o.workerScript, {
      piece: (i, s) => {
        files[i].pieces.push(s);
        poke();
      },
      done: (i, outcome) => {
        files[i].outcome = outcome;
        progress?.update(++done, total, plan.jobs.find((_, k) => !files[k].outcome)?.path);
        poke();
      },
    });
    for (let i = 0; i < files.length; i++) {
      const f = files[i];
      let first = true;
      for (;;) {
        while (f.pieces.length) {
          const s = f.pieces.shift()!;
          await w.write(tally.piece(s, first));
          first = false;
        }
        if (f.outcome) break;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      await w.flush();
      tally.add(f.outcome);
      files[i] = { pieces: [], outcome: f.outcome };
    }
    await work;
  }
  progress?.clear();
  await w.write(tally.tail());
  await w.flush();
  return tally.status;
}
