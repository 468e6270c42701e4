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
import { piFormat } from "./pi/pi-format.js";
import type { FormatProfile } from "./profile.js";

export type { FormatProfile, FormatRead, ResultLineRemoval, ResumeContext, ResumeOptions, RuntimeWords } from "./profile.js";

export const FORMAT_PROFILES = [piFormat, claudeCodeFormat, codexFormat, copilotCliFormat] as const satisfies readonly FormatProfile[];

/** The name of a format the engine reads. */
export type FormatName = (typeof FORMAT_PROFILES)[number]["name"];

/** Compile-time: `SessionFormat` (model/types.ts) is exactly the registry's names and "unknown". */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const formatsAgree: Same<FormatName | "unknown", SessionFormat> = true;
void formatsAgree;

/** Names of the session formats the engine reads (the extension's and the server's list). */
export const SESSION_FORMATS: ReadonlySet<string> = new Set(FORMAT_PROFILES.map((r) => r.name));

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
 * Sniffs which agent wrote a JSONL file from its first parsed objects. The server stays silent
 * on JSONL files that are none of these ("unknown").
 */
export function detectFormat(lines: readonly SourceLine[], maxLines = 50): FormatName | "unknown" {
  let seen = 0;
  for (const l of lines) {
    if (seen >= maxLines) break;
    if (!isObject(l.value)) continue;
    const index = seen++;
    for (const r of FORMAT_PROFILES) if (r.detect(l.value, index)) return r.name;
  }
  return "unknown";
}
