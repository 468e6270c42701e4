/**
 * Every transcript format the engine reads, in detection order. Adding a format: one file
 * exporting a `FormatReader` (copy codex.ts, the simplest), its tests, and one line here.
 */
import { isObject } from "../model/parse.js";
import type { SourceLine } from "../model/types.js";
import { claudeCodeFormat } from "./claude-code/claude-code-format.js";
import { codexFormat } from "./codex/codex-format.js";
import { piFormat } from "./pi/pi-format.js";
import type { FormatReader } from "./profile.js";

export type { FormatRead, FormatReader, ResultLineRemoval } from "./profile.js";

export const FORMAT_READERS: readonly FormatReader[] = [piFormat, claudeCodeFormat, codexFormat];

/** Names of the session formats the engine reads (the extension's and the server's list). */
export const SESSION_FORMATS: ReadonlySet<string> = new Set(FORMAT_READERS.map((r) => r.name));

const BY_NAME = new Map(FORMAT_READERS.map((r) => [r.name, r]));

/** The reader of a format name; undefined for "unknown". */
export function formatReader(name: string): FormatReader | undefined {
  return BY_NAME.get(name);
}

/**
 * Sniffs which agent wrote a JSONL file from its first parsed objects. The server stays silent
 * on JSONL files that are none of these ("unknown").
 */
export function detectFormat(lines: SourceLine[], maxLines = 50): string {
  let seen = 0;
  for (const l of lines) {
    if (seen >= maxLines) break;
    if (!isObject(l.value)) continue;
    const index = seen++;
    for (const r of FORMAT_READERS) if (r.detect(l.value, index)) return r.name;
  }
  return "unknown";
}
