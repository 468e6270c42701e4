/**
 * `transcript-inspector library [--json] [--provider NAME] [--cache DIR | --no-cache] [--jobs N]
 * [--prices FILE] [--search QUERY] [DIR...]`: every session under the agents' standard folders
 * (or the DIRs given), checked with the library's cache (server/src/library), as a table or JSON,
 * with the sessions the target provider would reject and the provider's error text, subagent
 * problems, and the recorded tokens and cost by agent, model and day. Exit status as `check`'s:
 * 0 when no session has an error finding, 1 when one has, 2 for bad usage or an unreadable DIR
 * or session.
 */
import { existsSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { relative, resolve } from "node:path";
import { isProviderName, maxOf, PROVIDER_NAMES } from "../engine/index.js";
import { libraryRoots, type LibraryRoot } from "../library/folders.js";
import { defaultCacheDir, Library } from "../library/library.js";
import type { LibrarySessionLinked, LibrarySummary } from "../protocol/library.js";
import { streamWriter, type Write } from "./json-stream.js";
import { Progress } from "./progress.js";
import { terminalText as T } from "./terminal-text.js";
import { UsageError } from "./args.js";

export const LIBRARY_HELP = `Usage: transcript-inspector library [OPTIONS] [DIR...]

Finds every session of the agents it reads in their standard folders (pi ~/.pi/agent/sessions,
Claude Code ~/.claude/projects, Codex ~/.codex/sessions and archived_sessions), or under each DIR
given, checks each one (in the background threads, results cached by size and modification time:
a second run reads only new and changed sessions), and prints a table: agent, day, messages,
errors and warnings, the target provider's verdict, recorded tokens and cost, title and path.
Then the sessions the provider would reject with its error text, subagent problems across files
(a call with no subagent file, a subagent that never finished, its result missing from the
parent), and a summary line ("312 sessions, 7 would be rejected by Anthropic").

Options:
  --json             { "summary": {...}, "sessions": [ {...} ] } instead of the table
  --provider NAME    judge every session for this provider (default: each session's own target;
                     ${PROVIDER_NAMES.join(", ")})
  --search QUERY     print the sessions' matches for QUERY (prompts, answers, calls, outputs, ids)
  --cache DIR        the cache folder (default: the user's cache folder, shared with the editor)
  --no-cache         read every session, write no cache
  --jobs N           worker threads (default 2)
  --prices FILE      price with this LiteLLM model_prices_and_context_window.json instead of
                     the table that ships (nothing is ever fetched)
  -h, --help         this text

Exit status:
  0  no session has an error finding
  1  a session has an error finding
  2  bad usage, or a DIR or session that cannot be read`;

interface LibraryArgs {
  json: boolean;
  provider?: string;
  search?: string;
  cache?: string;
  noCache: boolean;
  jobs?: number;
  prices?: string;
  dirs: string[];
  help: boolean;
}

export function parseLibraryArgs(argv: string[]): LibraryArgs {
  const a: LibraryArgs = { json: false, noCache: false, dirs: [], help: false };
  const value = (i: number, name: string) => {
    const v = argv[i + 1];
    if (v === undefined) throw new UsageError(`${name} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    const eq = x.startsWith("--") ? x.indexOf("=") : -1;
    const name = eq > 0 ? x.slice(0, eq) : x;
    const take = () => (eq > 0 ? x.slice(eq + 1) : value(i++, name));
    if (x === "-h" || x === "--help") a.help = true;
    else if (x === "--json" || x === "--format=json") a.json = true;
    else if (name === "--format") a.json = take() === "json";
    else if (x === "--no-cache") a.noCache = true;
    else if (name === "--provider") a.provider = take();
    else if (name === "--search") a.search = take();
    else if (name === "--cache") a.cache = take();
    else if (name === "--prices") a.prices = take();
    else if (name === "--jobs" || name === "-j") {
      const v = take();
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new UsageError(`--jobs needs a whole number of at least 1, not ${v}`);
      a.jobs = n;
    } else if (x.startsWith("-")) throw new UsageError(`unknown option ${x}`);
    else a.dirs.push(x);
  }
  if (a.provider !== undefined && a.provider !== "auto" && !isProviderName(a.provider)) throw new UsageError(`unknown provider ${a.provider} (one of ${PROVIDER_NAMES.join(", ")})`);
  return a;
}

export interface LibraryCommandEnv {
  /** dist/library-worker.js beside dist/cli.js; absent: checks run in this thread. */
  workerScript?: string;
  home?: string;
  env?: Record<string, string | undefined>;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WriteStream;
  onRead?: (path: string) => void;
}

/** Runs the command; resolves to the exit status. */
export async function runLibrary(argv: string[], env: LibraryCommandEnv = {}): Promise<number> {
  const args = parseLibraryArgs(argv);
  const stdout = env.stdout ?? process.stdout;
  const write: Write = streamWriter(stdout);
  const err = (s: string) => (env.stderr ?? process.stderr).write(`transcript-inspector: ${T(s)}\n`);
  if (args.help) {
    await write(LIBRARY_HELP + "\n");
    return 0;
  }
  const home = env.home ?? homedir();
  let status = 0;
  let roots: LibraryRoot[];
  if (args.dirs.length) {
    for (const d of args.dirs)
      if (!existsSync(d) || !statSync(d).isDirectory()) {
        err(`${d}: not a folder`);
        status = 2;
      }
    roots = libraryRoots({ folders: args.dirs.filter((d) => existsSync(d)) });
  } else roots = libraryRoots({ home, env: env.env ?? process.env });
  const workerScript = env.workerScript && existsSync(env.workerScript) ? env.workerScript : undefined;
  const lib = new Library({
    roots,
    cacheDir: args.noCache ? undefined : resolve(args.cache ?? defaultCacheDir(home, env.env ?? process.env)),
    workerScript,
    threads: args.jobs ?? 2,
    lowPriority: false,
    provider: args.provider,
    priceFile: args.prices,
    onRead: env.onRead,
  });
  await lib.ready;
  if (lib.priceFileError) {
    err(`--prices: ${lib.priceFileError}`);
    lib.dispose();
    return 2;
  }
  const progress = Progress.forStream(env.stderr ?? process.stderr);
  const tick = progress ? setInterval(() => progress.update(lib.progress().done, lib.progress().total), 200) : undefined;
  try {
    await lib.scanAndWait();
  } finally {
    if (tick) clearInterval(tick);
    progress?.clear();
    lib.dispose();
  }
  const summary = lib.summary();
  const sessions = [...lib.all().values()].sort(byAgentThenTime);
  for (const s of sessions)
    if (s.error) {
      err(`${s.path}: ${s.error}`);
      status = 2;
    }
  if (sessions.some((s) => s.errors > 0)) status = Math.max(status, 1);
  const shown = (p: string) => (p.startsWith(home + "/") ? "~/" + relative(home, p) : p);
  if (args.json) {
    await write(`{"summary":${JSON.stringify(summary)},`);
    if (args.search !== undefined) await write(`"search":${JSON.stringify(lib.search(args.search))},`);
    await write(`"sessions":[`);
    let first = true;
    for (const s of sessions) {
      await write((first ? "\n" : ",\n") + JSON.stringify(s));
      first = false;
    }
    await write("\n]}\n");
    return status;
  }
  await write(table(sessions, shown));
  const failing = sessions.filter((s) => s.rejects);
  if (failing.length) {
    await write(`\nWould be rejected (${failing.length}):\n`);
    for (const s of failing) {
      const r = s.rejection;
      await write(`  ${T(shown(s.path))}${r ? `:${r.line}` : ""} ${T(s.targetLabel ?? s.target ?? "")}${r ? `: ${r.code}: ${T(r.text)}` : ""}\n`);
    }
  }
  const issues = sessions.flatMap((s) => s.linkIssues.map((i) => ({ s, i })));
  if (issues.length) {
    await write(`\nSubagents and forks (${issues.length} problem${issues.length === 1 ? "" : "s"}):\n`);
    for (const { s, i } of issues) await write(`  ${T(shown(s.path))}${i.line ? `:${i.line}` : ""} ${i.code}: ${T(i.message)}\n`);
  }
  if (args.search !== undefined) {
    const r = lib.search(args.search);
    await write(`\nSearch "${T(args.search)}": ${r.total} match${r.total === 1 ? "" : "es"}${r.notIndexed ? ` (${r.notIndexed} sessions not in the index: its size bound)` : ""}\n`);
    for (const h of r.hits) await write(`  ${T(shown(h.path))}:${h.line} ${h.kind}: ${T(h.snippet)}\n`);
  }
  await write(`\n${summaryLine(summary)}\n`);
  return status;
}

function byAgentThenTime(a: LibrarySessionLinked, b: LibrarySessionLinked): number {
  return a.agentLabel.localeCompare(b.agentLabel) || (b.lastAt ?? b.mtimeMs) - (a.lastAt ?? a.mtimeMs) || a.path.localeCompare(b.path);
}

const money = (c: number | undefined) => (c === undefined ? "-" : c < 0.01 && c > 0 ? "<$0.01" : `$${c.toFixed(2)}`);
const count = (n: number) => n.toLocaleString("en-US");
export const tokensOf = (t: { input: number; output: number; cacheRead: number; cacheWrite: number }) => t.input + t.output + t.cacheRead + t.cacheWrite;

function table(sessions: LibrarySessionLinked[], shown: (p: string) => string): string {
  const rows = [["AGENT", "DAY", "MSGS", "ERR", "WARN", "VERDICT", "TOKENS", "COST", "SESSION"]];
  for (const s of sessions) {
    if (s.error) continue;
    const day = new Date(s.startedAt ?? s.mtimeMs).toISOString().slice(0, 10);
    const verdict = s.target ? `${s.rejects ? "rejected" : "ok"} (${s.targetLabel})` : "-";
    const depth = s.parentPath ? (s.parent?.kind === "fork" ? "fork: " : "subagent: ") : "";
    rows.push([s.agentLabel, day, count(s.messages), String(s.errors), String(s.warnings), verdict, count(tokensOf(s.tokens)), money(s.cost), `${depth}${T(shown(s.path))}  ${T(s.title)}`]);
  }
  const widths = rows[0].map((_, c) => maxOf(rows.map((r) => r[c].length)));
  const right = new Set([2, 3, 4, 6, 7]);
  return rows.map((r) => r.map((x, c) => (c === r.length - 1 ? x : right.has(c) ? x.padStart(widths[c]) : x.padEnd(widths[c]))).join("  ")).join("\n") + "\n";
}

export function summaryLine(s: LibrarySummary): string {
  const parts = [s.headline];
  if (s.withErrors) parts.push(`${count(s.withErrors)} with errors`);
  if (s.compactions) parts.push(`${count(s.compactions)} compaction${s.compactions === 1 ? "" : "s"}`);
  if (s.subagents) parts.push(`${count(s.subagents)} subagent session${s.subagents === 1 ? "" : "s"}`);
  parts.push(`${count(tokensOf(s.tokens))} tokens recorded`);
  parts.push(`${money(s.cost)} at the prices of ${s.priceTable.date}${s.unpriced.length ? ` (no price for ${s.unpriced.join(", ")})` : ""}`);
  if (s.notSessions) parts.push(`${count(s.notSessions)} other JSONL file${s.notSessions === 1 ? "" : "s"}`);
  return parts.join("; ");
}

