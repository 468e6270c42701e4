/**
 * Every agent format the engine reads, in detection order: one line per format. Adding a format:
 * a folder under formats/ exporting its `FormatProfile` (copy formats/codex/, the simplest linear
 * one), its tests, and one line in FORMAT_PROFILES.
 */
import { isObject } from "../model/parse.js";
import type { SessionFormat, SourceLine } from "../model/types.js";
import { claudeCodeFormat } from "./claude-code/claude-code-format.js";
import { codexFormat } from "./codex/codex-format.js";
import { copilotCliFormat } from "./copilot-cli/copilot-format.js";
import { geminiCliFormat } from "./gemini-cli/gemini-format.js";
import { kimiCliFormat } from "./kimi-cli/kimi-format.js";
import { clineFormat } from "./cline/cline-format.js";
import { clineExtensionFormat } from "./cline-extension/clext-format.js";
import { openCodeFormat } from "./opencode/opencode-format.js";
import { rooCodeFormat } from "./roo-code/roo-format.js";
import { hermesFormat } from "./hermes/hermes-format.js";
import { piFormat } from "./pi/pi-format.js";
import { openClawFormat } from "./pi/openclaw/openclaw-format.js";
import { ohMyPiFormat } from "./pi/oh-my-pi/omp-format.js";
import { cursorFormat } from "./cursor/cursor-format.js";
import { DOCUMENT_HEAD_CHARS, type FormatProfile } from "./profile.js";

export type { FormatProfile, FormatRead, ResultLineRemoval, ResumeContext, ResumeOptions, RuntimeWords } from "./profile.js";

export const FORMAT_PROFILES = [openClawFormat, ohMyPiFormat, piFormat, claudeCodeFormat, codexFormat, copilotCliFormat, geminiCliFormat, kimiCliFormat, clineFormat, clineExtensionFormat, openCodeFormat, rooCodeFormat, hermesFormat, cursorFormat] as const satisfies readonly FormatProfile[];

/** The name of a format the engine reads. */
export type FormatName = (typeof FORMAT_PROFILES)[number]["name"];

/** Compile-time: `SessionFormat` (model/types.ts) is exactly the registry's names and "unknown". */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const formatsAgree: Same<FormatName | "unknown", SessionFormat> = true;
void formatsAgree;

/** Names of the session formats the engine reads (the extension's and the server's list). */
export const SESSION_FORMATS: ReadonlySet<string> = new Set(FORMAT_PROFILES.map((r) => r.name));

/** The names of the agents' JSON-document session files (formats' `documentFileName`: Gemini CLI's `session-*.json`). */
export const SESSION_DOCUMENT_NAMES: readonly RegExp[] = (FORMAT_PROFILES as readonly FormatProfile[]).flatMap((p) => (p.documentFileName ? [p.documentFileName] : []));

/** Whether a file's name (not its path) is a session file's: `*.jsonl`, or a name in SESSION_DOCUMENT_NAMES. */
export function isSessionFileName(name: string): boolean {
  return (name.endsWith(".jsonl") || SESSION_DOCUMENT_NAMES.some((r) => r.test(name))) && !RECORDING_NAMES.some((r) => r.test(name));
}

/** The session file's name beside a file where its agent records what it sent (OpenClaw's `<session>.trajectory.jsonl`), or null. */
export function sessionOfRecording(name: string): string | null {
  for (const p of FORMAT_PROFILES as readonly FormatProfile[]) {
    const s = p.recordedContext?.sessionFileName(name);
    if (s) return s;
  }
  return null;
}

/** The names of the files where agents record what they sent (OpenClaw's `*.trajectory.jsonl`): beside a session, never one. */
const RECORDING_NAMES: readonly RegExp[] = FORMAT_PROFILES.flatMap((p) => (p.recordedContext ? [p.recordedContext.fileNamePattern] : []));

/**
 * A `documentFileName` as a file-name glob (`/^session-.*\.json$/` -> `session-*.json`), for
 * editors that select files by glob (the VS Code extension's document selector; a test checks its
 * list against these). Only the forms a name needs: literal characters, `\.` and `.*`, anchored.
 */
export function fileNameGlob(name: RegExp): string {
  const m = /^\^(.*)\$$/.exec(name.source);
  if (!m || name.flags.replace("u", "") !== "") throw new Error(`documentFileName ${name} is not an anchored name pattern`);
  let glob = "";
  for (let i = 0; i < m[1].length; i++) {
    const c = m[1][i];
    if (c === "\\" && (m[1][i + 1] === "." || m[1][i + 1] === "-")) glob += m[1][++i];
    else if (c === "." && m[1][i + 1] === "*") {
      glob += "*";
      i++;
    } else if (/[A-Za-z0-9_-]/.test(c)) glob += c;
    else throw new Error(`documentFileName ${name}: "${c}" has no glob form`);
  }
  return glob;
}

/** SESSION_DOCUMENT_NAMES as file-name globs. */
export const SESSION_DOCUMENT_GLOBS: readonly string[] = SESSION_DOCUMENT_NAMES.map(fileNameGlob);

const BY_NAME = new Map<string, FormatProfile>(FORMAT_PROFILES.map((r) => [r.name, r]));

/** The profile of a format name; undefined for "unknown". */
export function formatProfile(name: string): FormatProfile | undefined {
  return BY_NAME.get(name);
}

/** How findings name the runtime of a format ("the agent" where none is known). */
export function runtimeWords(name: string): FormatProfile["words"] {
  return BY_NAME.get(name)?.words ?? UNKNOWN_WORDS;
}

const UNKNOWN_WORDS: FormatProfile["words"] = {
  agent: "the agent",
  sender: "the agent",
  missingResult: "the agent sends the call without its result",
  duplicateId: "which of the two entries the agent keeps depends on the agent",
};

/**
 * Sniffs which agent wrote a session file from its first parsed objects (JSON Lines), or from the
 * start of its text when it is one JSON document (a profile's `detectDocument`). The server stays
 * silent on files that are none of these ("unknown").
 */
export function detectFormat(lines: readonly SourceLine[], maxLines = 50): FormatName | "unknown" {
  return detectSession(lines, maxLines).format;
}

/**
 * The format, and whether the file is one JSON document (model/json-document.ts) rather than JSON
 * Lines. `lines`: every line, or a `LineList`'s held lines (the lines that hold nothing left out).
 */
export function detectSession(lines: readonly SourceLine[], maxLines = 50): { format: FormatName | "unknown"; document: boolean } {
  // A first line that is only `{` (or `[`) starts a pretty-printed document: its lines do not parse
  // on their own, and a line inside it that does (`"b.txt"`) must not be sniffed as JSON Lines.
  const firstLine = firstNonBlank(lines);
  // a line that parsed as an object is JSON Lines, not a document's start: its text (which a
  // reader of a long file may have let go, to read again from disk) is not needed
  const first = firstLine === undefined || isObject(firstLine.value) ? undefined : firstLine.text.trim();
  const opens = first === "{" || first === "[";
  if (opens) {
    const doc = detectDocument(lines);
    if (doc !== "unknown") return { format: doc, document: true };
  }
  let seen = 0;
  for (const l of lines) {
    if (seen >= maxLines) break;
    if (!isObject(l.value)) continue;
    const index = seen++;
    for (const r of FORMAT_PROFILES) if (r.detect(l.value, index)) return { format: variantOf(r.name, lines, index, maxLines), document: false };
  }
  // A document whose first line holds more than its opening bracket (a hand-formatted one).
  if (!opens && first !== undefined && (first.startsWith("{") || first.startsWith("["))) {
    const doc = detectDocument(lines);
    if (doc !== "unknown") return { format: doc, document: true };
  }
  return { format: "unknown", document: false };
}

/**
 * `base`, or the variant of it (`variantOf`, OpenClaw's and oh-my-pi's pi files) whose `marks`
 * take one of the first `maxLines` objects after object `from` (the one `base` was detected on).
 */
function variantOf(base: FormatName, lines: readonly SourceLine[], from: number, maxLines: number): FormatName {
  const variants = (FORMAT_PROFILES as readonly FormatProfile[]).filter((p) => p.variantOf?.base === base);
  if (variants.length === 0) return base;
  let seen = 0;
  for (const l of lines) {
    if (seen >= maxLines) break;
    if (!isObject(l.value)) continue;
    const index = seen++;
    if (index <= from) continue;
    for (const r of variants) if (r.variantOf!.marks(l.value)) return r.name as FormatName;
  }
  return base;
}

/**
 * Whether `added` (lines after `objectsBefore` objects of a `format` file) holds a mark of a variant
 * of `format` within the objects detection looks at: the file is then the variant's, and is read again.
 */
export function addsVariantMark(format: string, objectsBefore: number, added: readonly SourceLine[], maxLines = 50): boolean {
  const variants = (FORMAT_PROFILES as readonly FormatProfile[]).filter((p) => p.variantOf?.base === format);
  if (variants.length === 0) return false;
  let index = objectsBefore;
  for (const l of added) {
    if (index >= maxLines) break;
    if (!isObject(l.value)) continue;
    for (const r of variants) if (r.variantOf!.marks(l.value)) return true;
    index++;
  }
  return false;
}

/**
 * Whether a line's value, in a file of `format`, is a mark that tells a base format's file from its
 * variant's (OpenClaw's `model-snapshot` in a pi file): editing it in or out may change the format.
 */
export function isVariantMark(format: string, value: unknown): boolean {
  if (!isObject(value)) return false;
  const all = FORMAT_PROFILES as readonly FormatProfile[];
  const base = all.find((r) => r.name === format)?.variantOf?.base ?? format;
  return all.some((r) => r.variantOf?.base === base && r.variantOf.marks(value));
}

/** The first line that holds more than whitespace. */
function firstNonBlank(lines: readonly SourceLine[]): SourceLine | undefined {
  for (const l of lines) if (isObject(l.value) || l.text.trim() !== "") return l;
  return undefined;
}

/**
 * The format of a JSON document told from the start of its text alone (at most
 * DOCUMENT_HEAD_CHARS characters are looked at), for a reader that has not split the text into
 * lines: a history written on one long line (Roo Code, Cline's extension) has no whole line in a
 * short head.
 */
export function detectDocumentHead(text: string): FormatName | "unknown" {
  const head = (text.charCodeAt(0) === 0xfeff ? text.slice(1, DOCUMENT_HEAD_CHARS + 1) : text.slice(0, DOCUMENT_HEAD_CHARS));
  const t = head.trimStart();
  if (!t.startsWith("{") && !t.startsWith("[")) return "unknown";
  for (const r of FORMAT_PROFILES as readonly FormatProfile[]) if (r.detectDocument?.(head)) return r.name as FormatName;
  return "unknown";
}

/**
 * The format whose `detectDocument` takes the start of the text (at most DOCUMENT_HEAD_CHARS
 * characters). `lines` may be the held lines only (a `LineList`'s, line-list.ts): a line not
 * given holds nothing but whitespace, and the head has a line feed for each of its characters
 * (its offsets and what is whitespace stay those of the text).
 */
function detectDocument(lines: readonly SourceLine[]): FormatName | "unknown" {
  let head = "";
  for (const l of lines) {
    if (head.length >= DOCUMENT_HEAD_CHARS) break;
    if (l.offset > head.length) head += "\n".repeat(Math.min(l.offset, DOCUMENT_HEAD_CHARS) - head.length);
    if (head.length >= DOCUMENT_HEAD_CHARS) break;
    head += l.text + l.eol;
  }
  head = head.slice(0, DOCUMENT_HEAD_CHARS);
  for (const r of FORMAT_PROFILES as readonly FormatProfile[]) if (r.detectDocument?.(head)) return r.name as FormatName;
  return "unknown";
}
