/**
 * Runs one child process under a time cap and measures it: wall time (parent clock), CPU
 * (user + system) and peak RSS of the child, via `/usr/bin/time -f` when present, otherwise via
 * a preload hook (`rusage-hook.cjs`) that writes `process.resourceUsage()` at exit (node children
 * only). A child that runs out of memory, crashes or exceeds the cap is reported as such.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export type Status = "ok" | "oom" | "timeout" | "crash";

export interface RunResult {
  status: Status;
  exitCode: number | null;
  wallMs: number;
  cpuMs: number | null;
  maxRssBytes: number | null;
  stdoutBytes: number;
  /** Last stderr lines (a crash's reason). */
  note: string;
  stdout?: string;
}

const TIME = "/usr/bin/time";
export const HAVE_TIME = existsSync(TIME);
const HOOK = resolve(__dirname, "rusage-hook.cjs");

/** Classifies a failed run from its stderr. */
export function classify(code: number | null, signal: string | null, stderr: string, timedOut: boolean, okCodes: number[] = [0]): { status: Status; note: string } {
  const tail = stderr.trim().split("\n").filter((l) => l.trim() && !/^\s+at /.test(l) && !/^Command (exited|terminated)/.test(l)).slice(-3).join(" | ").slice(0, 300);
  if (timedOut) return { status: "timeout", note: "exceeded the step's time cap" };
  if (/heap out of memory|Allocation failed|Reached heap limit|out of memory/i.test(stderr)) return { status: "oom", note: "JavaScript heap out of memory" };
  if (/Invalid string length|Cannot create a string longer/i.test(stderr)) return { status: "crash", note: "RangeError: string too long" };
  if (code !== null && okCodes.includes(code)) return { status: "ok", note: "" };
  return { status: "crash", note: `exit ${code ?? signal}${tail ? `: ${tail}` : ""}` };
}

export interface RunOptions {
  timeoutMs: number;
  /** Keep stdout (small outputs only); otherwise only count its bytes. */
  keepStdout?: boolean;
  node?: boolean;
  /** Exit codes that mean success (`check` exits 1 when a finding is an error). */
  okCodes?: number[];
  env?: NodeJS.ProcessEnv;
}

/** Runs `cmd args` measured. `node: true` means cmd is node (the hook fallback can apply). */
export function runMeasured(cmd: string, args: string[], opts: RunOptions): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), "ti-bench-"));
  const timeFile = join(dir, "time");
  const hookFile = join(dir, "rusage");
  let argv: string[];
  let bin: string;
  if (HAVE_TIME) {
    bin = TIME;
    argv = ["-f", "BENCH %U %S %M", "-o", timeFile, cmd, ...args];
  } else if (opts.node) {
    bin = cmd;
    argv = ["--require", HOOK, ...args];
  } else {
    bin = cmd;
    argv = args;
  }
  return new Promise((res) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(bin, argv, { detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...opts.env, TI_BENCH_RUSAGE: hookFile } });
    let stdoutBytes = 0;
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout!.on("data", (b: Buffer) => {
      stdoutBytes += b.length;
      if (opts.keepStdout) out.push(b);
    });
    child.stderr!.on("data", (b: Buffer) => {
      stderr = (stderr + b.toString()).slice(-20000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* gone */
      }
    }, opts.timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
      let cpuMs: number | null = null;
      let maxRssBytes: number | null = null;
      try {
        if (HAVE_TIME) {
          const t = readFileSync(timeFile, "utf8");
          const m = /BENCH ([\d.]+) ([\d.]+) (\d+)/.exec(t);
          if (m) {
            cpuMs = (Number(m[1]) + Number(m[2])) * 1000;
            maxRssBytes = Number(m[3]) * 1024;
          }
          const st = /Command (?:exited with non-zero status|terminated by signal) (\d+)/.exec(t);
          if (st && code === null) code = Number(st[1]);
        } else if (existsSync(hookFile)) {
          const r = JSON.parse(readFileSync(hookFile, "utf8"));
          cpuMs = (r.userCPUTime + r.systemCPUTime) / 1000;
          maxRssBytes = r.maxRSS * 1024;
        }
      } catch {
        /* no figures */
      }
      rmSync(dir, { recursive: true, force: true });
      const c = classify(code, signal, stderr, timedOut, opts.okCodes);
      res({ status: c.status, exitCode: code, wallMs, cpuMs, maxRssBytes, stdoutBytes, note: c.note, stdout: opts.keepStdout ? Buffer.concat(out).toString() : undefined });
    });
  });
}

export function median(xs: number[]): number | null {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** Peak RSS so far of a live process (Linux /proc), in bytes; null elsewhere. */
export function procPeakRss(pid: number): { rss: number; peak: number } | null {
  try {
    const s = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (k: string) => Number((new RegExp(`^${k}:\\s+(\\d+) kB`, "m").exec(s) ?? [])[1] ?? NaN) * 1024;
    return { rss: kb("VmRSS"), peak: kb("VmHWM") };
  } catch {
    return null;
  }
}
