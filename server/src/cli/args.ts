/**
 * The command line's words: parsing, `--help` texts (commands, options, exit codes) and
 * `--version`. A `UsageError` ends the process with exit 2 and one line on stderr.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export class UsageError extends Error {}

export const USAGE = "usage: transcript-inspector check [--format text|json] [--provider auto|NAME|all] [--severity CODE=LEVEL,...] [--jobs N] [--color auto|always|never] FILE|DIR... | render [--format json|text] [--color WHEN] FILE | fix [--dry-run [--unified]] [--no-backup] [--only CODE,...] [--color WHEN] FILE...";

const COLOUR = `  --color auto|always|never
                       colour the text: auto (default) on a terminal, unless NO_COLOR is set;
                       FORCE_COLOR (not 0) colours output that is not a terminal. On a terminal
                       lines are wrapped to its width (COLUMNS overrides it)`;

const AGENT_VERSION = `  --agent-version FORMAT=VERSION,...
                       the agent release whose resume After models, as the editor's
                       transcriptInspector.agentVersions: claude-code=2.1 (default,
                       Claude Code 2.1.112) or claude-code=2.0 (2.0.31); may be given again`;

const EXIT_CODES = `Exit status (the worst over the files):
  0  no finding is an error (a file that is not a session transcript counts as 0)
  1  a finding is an error, or \`fix\` refused a file
  2  bad usage, or a file that cannot be read (one line on stderr)`;

const HELP: Record<string, string> = {
  "": `transcript-inspector: findings, renders and repairs for coding-agent session transcripts (JSONL).

Usage:
  transcript-inspector check [OPTIONS] FILE|DIR...   findings, one line each, like a compiler
  transcript-inspector render [OPTIONS] FILE         what the model is sent: before and after, side by side
  transcript-inspector fix [OPTIONS] FILE...         every safe repair (README "Repairs"), losslessly
  transcript-inspector library [OPTIONS] [DIR...]    every session on disk: checked, cached, priced, searchable
  transcript-inspector COMMAND --help                the command's options
  transcript-inspector --version

${EXIT_CODES}`,
  check: `Usage: transcript-inspector check [--format text|json] [--provider auto|NAME|all] [--severity CODE=LEVEL,...] [--jobs N] [--color WHEN] FILE|DIR...

Checks each FILE, and every *.jsonl file under each DIR, and Gemini CLI's session-*.json
chats (sorted; symbolic links to folders already visited are not followed again). Files are checked in parallel on all cores; the output
keeps the order of the files. A file that is not a session transcript is reported once and
counts as no problem.

Options:
  --format text|json   text (default): path:line:col severity code message, then a summary line
                       (on a terminal: the message's first sentence on that line, the rest
                       below it, indented); json: { "files": [ { "path", "format", "entries",
                       "findings": [...] } ] }
  --provider auto|NAME|all
                       whose rules decide the provider findings: auto (default) the provider of
                       the session's latest turn, as the editor; NAME that provider; all every
                       provider's rejections as errors, and one verdict line per file. The
                       findings are the ones the editor shows; exit 1 when one is an error
  --severity CODE=LEVEL,...
                       a code's severity, as the editor's transcriptInspector.severityOverrides
                       (the lightbulb's "Turn off CODE" writes off there): error, warning,
                       information, hint, or off to leave the code out; may be given again
${AGENT_VERSION}
  --jobs N             files checked at once (default: the number of cores)
${COLOUR}
  -h, --help           this text

${EXIT_CODES}`,
  render: `Usage: transcript-inspector render [--format json|text] [--agent-version FORMAT=VERSION] [--color WHEN] FILE

Prints the context the agent builds (before), what the pruner and the wire send (after) and
why each dropped message is dropped. Computes no findings (use check). Refuses a file that is
not a session transcript (exit 2).

Options:
  --format json|text   json (default): { "path", "format", "pruner", "afterModel", "leaf",
                       "before", "after", "dropped", "chains", "totals", "recorded"? (the
                       After column against what the agent recorded it sent: OpenClaw's
                       <session>.trajectory.jsonl beside the file) }; each message of
                       before and after has "lines" (every file line it is made of, ascending;
                       [] for one the agent or a pruner makes) and "blocks" ([{ "kind": text |
                       thinking | call | result | image | other, "id"? (the tool-call id of a
                       call or result), "synthetic"? (who made it up, and why) }]);
                       text: the totals, then one line per message, before and after side by
                       side (a call's results under it): " " sent as it is ("= same"), "-"
                       dropped (by what), "~" changed on the way (stubbed, purged, thinking
                       stripped; the after message shown), "+" made up by the agent or a pruner
${AGENT_VERSION}
${COLOUR}
  -h, --help           this text

Exit status: 0 rendered; 2 bad usage, or a file that cannot be read or is not a session.`,
  fix: `Usage: transcript-inspector fix [--dry-run [--unified]] [--no-backup] [--only CODE,...] [--agent-version FORMAT=VERSION] [--color WHEN] FILE...

Applies every safe repair (README "Repairs"), byte for byte losslessly, and writes safely (a
backup FILE.bak first, a temp file renamed over the file). A repair that would be ambiguous is
not made; the reason is printed.

Options:
  --dry-run            write nothing; print what would change: per edited line the fields it
                       changes (message.content[1].id: "a" -> "b"), per removed or added line
                       the start of its text
  --unified            with --dry-run: a unified diff of whole lines instead (for patch)
  --no-backup          write no FILE.bak
  --only CODE,...      repair only the findings with these codes
${AGENT_VERSION}
${COLOUR}
  -h, --help           this text

${EXIT_CODES}`,
};

/** The help text for a command ("" for the overview). */
export function helpText(command: string): string {
  return HELP[command] ?? HELP[""];
}

/** The package's version, from the package.json beside dist/ (or the repository's). */
export function packageVersion(from: string = __dirname): string {
  let dir = from;
  for (let i = 0; i < 5; i++) {
    const p = join(dir, "package.json");
    if (existsSync(p)) {
      try {
        const pkg = JSON.parse(readFileSync(p, "utf8"));
        if (pkg.name === "transcript-inspector" && typeof pkg.version === "string") return pkg.version;
      } catch {}
    }
    dir = dirname(dir);
  }
  return "unknown";
}

export interface CliArgs {
  command: string;
  format: string | undefined;
  files: string[];
  dryRun: boolean;
  backup: boolean;
  provider: string | undefined;
  jobs: number | undefined;
  /** `fix --only CODE,...`: the codes to repair (parsed by cli/fix-command.ts). */
  only: string | undefined;
  /** `--color=auto|always|never` (terminal-style.ts); undefined: auto. */
  color: string | undefined;
  /** `check --severity CODE=LEVEL,...` (repeatable): severity overrides, as the editor's setting. */
  severity: string[];
  /** `--agent-version FORMAT=VERSION,...` (repeatable): which release's reading After models (agent-version-option.ts). */
  agentVersion: string[];
  /** `fix --dry-run --unified`: the whole-line unified diff instead of the changed fields. */
  unified: boolean;
  /** `--help` / `-h` anywhere: print the help of `command` and exit 0. */
  help: boolean;
  version: boolean;
}

export function parseArgs(argv: string[]): CliArgs {
  const [first, ...rest] = argv;
  const parsed: CliArgs = { command: "", format: undefined, files: [], dryRun: false, backup: true, provider: undefined, jobs: undefined, only: undefined, color: undefined, severity: [], agentVersion: [], unified: false, help: false, version: false };
  if (!first) throw new UsageError(USAGE);
  if (first === "--help" || first === "-h" || first === "help") return { ...parsed, help: true, command: first === "help" && rest[0] ? rest[0] : "" };
  if (first === "--version" || first === "-V") return { ...parsed, version: true };
  const command = first;
  parsed.command = command;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === "--help" || a === "-h") parsed.help = true;
    else if (a === "--format") {
      parsed.format = rest[++i];
      if (!parsed.format) throw new UsageError("--format needs a value");
    } else if (a.startsWith("--format=")) parsed.format = a.slice(9);
    else if (a === "--dry-run" && command === "fix") parsed.dryRun = true;
    else if (a === "--no-backup" && command === "fix") parsed.backup = false;
    else if (a === "--only" && command === "fix") parsed.only = rest[++i] ?? "";
    else if (a.startsWith("--only=") && command === "fix") parsed.only = a.slice(7);
    else if (a === "--color" || a === "--colour") parsed.color = rest[++i] ?? "";
    else if (a.startsWith("--color=") || a.startsWith("--colour=")) parsed.color = a.slice(a.indexOf("=") + 1);
    else if (a === "--no-color") parsed.color = "never";
    else if (a === "--severity" && command === "check") parsed.severity.push(rest[++i] ?? "");
    else if (a.startsWith("--severity=") && command === "check") parsed.severity.push(a.slice(11));
    else if (a === "--unified" && command === "fix") parsed.unified = true;
    else if (a === "--agent-version") parsed.agentVersion.push(rest[++i] ?? "");
    else if (a.startsWith("--agent-version=")) parsed.agentVersion.push(a.slice(16));
    else if (a === "--provider" && command === "check") parsed.provider = rest[++i] ?? "";
    else if (a.startsWith("--provider=") && command === "check") parsed.provider = a.slice(11);
    else if ((a === "--jobs" || a === "-j" || a.startsWith("--jobs=")) && command === "check") {
      const v = a.startsWith("--jobs=") ? a.slice(7) : rest[++i];
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new UsageError(`--jobs needs a whole number of at least 1, not ${v ?? "nothing"}`);
      parsed.jobs = n;
    } else if (a.startsWith("--")) throw new UsageError(`unknown option ${a}`);
    else parsed.files.push(a);
  }
  return parsed;
}
