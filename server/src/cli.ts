/**
 * The `transcript-inspector` command line: the same engine as the language server.
 *
 *   transcript-inspector check [--format text|json] [--provider auto|NAME|all] [--severity CODE=LEVEL,...] [--jobs N] FILE|DIR...
 *   transcript-inspector render [--format json|text] FILE          text: both columns side by side (cli/render-text.ts)
 *   transcript-inspector fix [--dry-run [--unified]] [--no-backup] [--only CODE,...] FILE...   every safe repair, losslessly (cli/fix-command.ts)
 *   every command: --color auto|always|never (cli/terminal-style.ts: NO_COLOR, FORCE_COLOR; on a terminal, lines wrapped to its width)
 *   transcript-inspector --help | COMMAND --help | --version
 *
 * Every file given is processed and reported; `check` expands a DIR to its `*.jsonl` files
 * (cli/session-paths.ts) and checks several files in parallel worker threads
 * (cli/check-workers.ts), the output in the files' order, with one progress line on stderr when
 * it is a terminal; text output ends with a summary line. Files are read line by line
 * (io/read-session-lines.ts: no whole-file string, so files over 512 MB work); the JSON is
 * written in pieces (cli/json-stream.ts) with the stream's backpressure. A file no format reader
 * recognises is "not a session transcript": `check` says so once (exit 0), `render` refuses it
 * (exit 2). `render` runs no finding rule.
 * Exit status, the worst over the files: 0 when no finding is an error, 1 when any is or a file
 * is refused (`fix`: read-only, hard-linked, changed while fixing, not a regular file), 2 for bad
 * usage or an unreadable file (one line on stderr, never a stack trace). Text output escapes
 * control, bidi and zero-width characters.
 * `fix` writes through cli/write-file-safely.ts (backup `FILE.bak` unless `--no-backup`) and
 * works on bytes (cli/fix-bytes.ts); `--dry-run` prints the changed fields of each edited line
 * (cli/fix-diff.ts), `--unified` a unified diff of whole lines.
 */
import { availableParallelism } from "node:os";
import { parseOnly, runFix } from "./cli/fix-command.js";
import { terminalText } from "./cli/terminal-text.js";
import { helpText, packageVersion, parseArgs, USAGE, UsageError } from "./cli/args.js";
import { checkAsync, checkSync, planCheck } from "./cli/check-command.js";
import { loadStores, mayNameDatabase } from "./io/session-store.js";
import { isCheckWorker, startCheckWorker } from "./cli/check-workers.js";
import { pump, streamWriter, type Write } from "./cli/json-stream.js";
import { Progress } from "./cli/progress.js";
import { planRender, renderFile } from "./cli/render-command.js";
import { optionsFor } from "./cli/session-file.js";
import { parseAgentVersionOption } from "./cli/agent-version-option.js";
import { parseColourOption, styleFor, type TextStyle } from "./cli/terminal-style.js";
import { runLibrary } from "./cli/library-command.js";

export { optionsFor };

const T = terminalText;

/** What only the process entry has: worker threads (the built script), a terminal for progress. */
export interface CliEnvironment {
  /** The script a worker thread runs: dist/cli.js itself. */
  workerScript?: string;
  stderr?: NodeJS.WriteStream;
}

/** The output's terminal, as far as the text's look goes: whether it is one, its width, the environment (NO_COLOR, FORCE_COLOR, COLUMNS, TERM). */
export interface OutputTerminal {
  isTTY?: boolean;
  columns?: number;
  env?: Readonly<Record<string, string | undefined>>;
}

/** Colour and width for text output, from `--color` and the terminal. */
function textStyle(args: ReturnType<typeof parseArgs>, terminal: OutputTerminal): TextStyle {
  return styleFor(parseColourOption(args.color), terminal, terminal.env ?? process.env);
}

/** Help and version, or null when the arguments ask for neither. */
function helpOrVersion(args: ReturnType<typeof parseArgs>): string | null {
  if (args.version) return `transcript-inspector ${packageVersion()}\n`;
  if (args.help) return helpText(args.command) + "\n";
  return null;
}

/** The command line in this thread, writing synchronously through `out` (tests; `fix`). */
export function main(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s), err: (s: string) => void = (s) => process.stderr.write(s), terminal: OutputTerminal = {}): number {
  const args = parseArgs(argv);
  const { command, files, dryRun, backup, only: onlyArg } = args;
  const info = helpOrVersion(args);
  if (info !== null) {
    out(info);
    return 0;
  }
  const style = textStyle(args, terminal);
  let status = 0;
  const worst = (s: number) => (status = Math.max(status, s));
  /** One file's trouble: reported on stderr, the other files go on. */
  const report = (s: 1 | 2, message: string) => {
    err(`transcript-inspector: ${T(message)}\n`);
    worst(s);
  };
  if (command === "check") return checkSync(planCheck(args, style), out, (m) => err(`transcript-inspector: ${T(m)}\n`));
  if (command === "render") {
    const gen = renderFile(planRender(args, style));
    for (;;) {
      const r = gen.next();
      if (!r.done) {
        out(r.value);
        continue;
      }
      if (r.value.message) report(r.value.status === 1 ? 1 : 2, r.value.message);
      return Math.max(status, r.value.status);
    }
  }
  if (command === "fix") {
    if (files.length === 0) throw new UsageError("fix needs at least one FILE");
    const only = parseOnly(onlyArg);
    if ("error" in only) throw new UsageError(only.error);
    const agentVersions = parseAgentVersionOption(args.agentVersion);
    const options = (path: string) => ({ ...optionsFor(path), agentVersions });
    return Math.max(status, runFix(files, { dryRun, backup, codes: only.codes, optionsFor: options, unified: args.unified, style }, out, report));
  }
  throw new UsageError(`unknown command ${command}\n${USAGE}`);
}

/** The process entry: `check` on several files in worker threads, output with the stream's backpressure. */
export async function run(argv: string[], env: CliEnvironment = {}): Promise<number> {
  if (argv[0] === "library") return runLibrary(argv.slice(1), { workerScript: env.workerScript && /cli\.js$/.test(env.workerScript) ? env.workerScript.replace(/cli\.js$/, "library-worker.js") : undefined });
  const args = parseArgs(argv);
  const write: Write = streamWriter(process.stdout);
  const err = (s: string) => process.stderr.write(s);
  const info = helpOrVersion(args);
  if (info !== null) {
    await write(info);
    return 0;
  }
  const terminal: OutputTerminal = { isTTY: process.stdout.isTTY, columns: process.stdout.columns };
  // A database store (OpenCode's) is read with SQLite, loaded once here; its sessions are checked in this thread.
  const stores = (args.command === "check" || args.command === "render") && mayNameDatabase(args.files);
  if (stores) await loadStores();
  if (args.command === "check") {
    const plan = planCheck(args, textStyle(args, terminal));
    const stderr = env.stderr ?? process.stderr;
    return checkAsync(plan, write, (m) => err(`transcript-inspector: ${T(m)}\n`), {
      jobs: stores ? 1 : (args.jobs ?? availableParallelism()),
      workerScript: env.workerScript,
      progress: Progress.forStream(stderr),
    });
  }
  if (args.command === "render") {
    const r = await pump(renderFile(planRender(args, textStyle(args, terminal))), write);
    if (r.message) err(`transcript-inspector: ${T(r.message)}\n`);
    return r.status;
  }
  return main(argv, undefined, undefined, terminal);
}

if (require.main === module) {
  if (isCheckWorker()) startCheckWorker();
  else
    run(process.argv.slice(2), { workerScript: __filename }).then(
      (code) => (process.exitCode = code),
      (e) => {
        if (e instanceof UsageError) {
          process.stderr.write(`transcript-inspector: ${terminalText(e.message.split("\n")[0])}\n`);
        } else {
          process.stderr.write(`transcript-inspector: internal error: ${terminalText((e as Error).message)}\n`);
        }
        process.exitCode = 2;
      },
    );
}
