/**
 * How text output looks on a terminal (issue 23 item 9): colour, and lines wrapped to its width.
 *
 * Colour: `--color=always` or `never` decide; `auto` (the default) colours when `NO_COLOR` is not
 * set (https://no-color.org: any non-empty value turns colour off) and either `FORCE_COLOR` is
 * set (not `0` or `false`) or the output is a terminal whose `TERM` is not `dumb`. A handful of SGR
 * codes written here (util.styleText needs Node 20.12; the package runs on any Node 20).
 *
 * Width: only a terminal's output is wrapped (its columns, or `COLUMNS`); a pipe or a file gets
 * the one-line-per-finding form scripts parse, colour or not.
 *
 * Every text painted or wrapped here has been through terminalText (terminal-text.ts) first: the
 * escape codes this module adds are the only ones that reach the terminal.
 */
import { UsageError } from "./args.js";
import { terminalText as T } from "./terminal-text.js";

export type ColourOption = "auto" | "always" | "never";
export const COLOUR_OPTIONS: readonly ColourOption[] = ["auto", "always", "never"];

/** What text output may use: plain data (it crosses to a worker thread). */
export interface TextStyle {
  colour: boolean;
  /** Columns to wrap to; undefined: no wrapping (not a terminal). */
  width?: number;
}

export const PLAIN: TextStyle = { colour: false };

export function parseColourOption(v: string | undefined): ColourOption {
  if (v === undefined) return "auto";
  if ((COLOUR_OPTIONS as readonly string[]).includes(v)) return v as ColourOption;
  throw new UsageError(`--color must be auto, always or never, not ${v || "nothing"}`);
}

type Env = Readonly<Record<string, string | undefined>>;

export function colourWanted(option: ColourOption, env: Env, isTTY: boolean): boolean {
  if (option !== "auto") return option === "always";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  return isTTY && env.TERM !== "dumb";
}

/** The style for a stream: colour as `option` and the environment say, the width of a terminal. */
export function styleFor(option: ColourOption, stream: { isTTY?: boolean; columns?: number } | undefined, env: Env = process.env): TextStyle {
  const tty = !!stream?.isTTY;
  const style: TextStyle = { colour: colourWanted(option, env, tty) };
  if (tty) {
    const cols = Number(env.COLUMNS) || stream?.columns || 80;
    style.width = Math.max(40, Math.min(cols, 200));
  }
  return style;
}

const SGR = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], blue: [34, 39], magenta: [35, 39], cyan: [36, 39] } as const;
export type Paint = keyof typeof SGR;

/** `text` (already escaped) in `how`, when the style has colour. */
export function paint(style: TextStyle, how: Paint, text: string): string {
  if (!style.colour || text === "") return text;
  const [on, off] = SGR[how];
  return `\x1b[${on}m${text}\x1b[${off}m`;
}

/** The colour of a severity's name. */
export const SEVERITY_PAINT: Record<string, Paint> = { error: "red", warning: "yellow", information: "blue", hint: "dim" };

/** Characters a line takes on the terminal, not counting colour codes. */
export function visibleLength(s: string): number {
  return s.replace(/\x1b\[[0-9;]*m/g, "").length;
}

/**
 * `text` (plain and escaped) wrapped at spaces to `width` columns, the first line after `first`
 * columns already used, the others indented by `indent`; a word longer than a line is cut.
 */
export function wrapWords(text: string, width: number, first: number, indent: string): string[] {
  const lines: string[] = [];
  let line = "";
  let room = Math.max(10, width - first);
  for (const word of text.split(/ +/).filter((w) => w !== "")) {
    let w = word;
    while (w.length > 0) {
      const sep = line === "" ? "" : " ";
      if (line.length + sep.length + w.length <= room) {
        line += sep + w;
        w = "";
      } else if (line === "") {
        line = w.slice(0, room);
        w = w.slice(room);
      } else {
        lines.push(line);
        line = "";
        room = Math.max(10, width - indent.length);
        continue;
      }
      if (w.length > 0) {
        lines.push(line);
        line = "";
        room = Math.max(10, width - indent.length);
      }
    }
  }
  if (line !== "" || lines.length === 0) lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : indent + l));
}

/** The first sentence of a message and the rest ("" when it is one sentence). */
export function firstSentence(text: string): [string, string] {
  const m = /^(.+?[.!?:])\s+(?=[A-Z`"'(\u201c])/s.exec(text);
  if (!m || m[1].length < 12) return [text, ""];
  return [m[1], text.slice(m[0].length)];
}

const DETAIL = "    ";

/**
 * A finding for people: `head` (location, severity, code; already painted) and the message's
 * first sentence, then the rest of the message (and each of its further paragraphs) on indented
 * lines; on a terminal everything wrapped to its width. Without a width: one line, as before
 * (scripts parse it), the message's line breaks escaped.
 */
export function findingLines(style: TextStyle, head: string, message: string): string {
  // one line per finding (scripts parse it): the message's paragraphs joined by a space
  if (style.width === undefined) return `${head} ${message.split("\n").map(T).join(" ")}\n`;
  const [paragraph, ...more] = message.split("\n");
  const [first, rest] = firstSentence(paragraph);
  const headLen = visibleLength(head) + 1;
  const out = [head + " " + wrapWords(T(first), style.width, headLen, DETAIL).join("\n")];
  for (const p of [rest, ...more]) if (p.trim() !== "") out.push(DETAIL + wrapWords(T(p), style.width, DETAIL.length, DETAIL).join("\n"));
  return out.join("\n") + "\n";
}

/** `text` (escaped) cut to `max` columns with an ellipsis. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  return max <= 1 ? "\u2026" : text.slice(0, max - 1) + "\u2026";
}
