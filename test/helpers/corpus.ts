import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { SESSION_FORMATS } from "../../server/src/engine/formats/registry.js";

/** The shared corpus beside the checkout (`../shared/corpus`), or $TI_CORPUS. */
export const CORPUS = process.env.TI_CORPUS ?? resolve(__dirname, "..", "..", "..", "shared", "corpus");
/** Constructed fixtures kept in the repository (test/fixtures/<format>/). */
export const FIXTURES = resolve(__dirname, "..", "fixtures");

export interface CorpusFile {
  name: string;
  path: string;
  text: string;
}

/**
 * The 17 files the tests that pin per-file expectations (verdicts, renders, counts) were written
 * against: the corpus as it stood before real sessions were added (shared/corpus/SOURCES.md).
 * Tests of the files added since name their expectations file by file (allCorpusFiles).
 */
const PINNED = new Set([
  "claude-code/daaain-dag-compact-after-rewind.jsonl",
  "claude-code/daaain-edge-cases.jsonl",
  "claude-code/daaain-minimal-showcase-parallel-agents.jsonl",
  "claude-code/daaain-representative-messages.jsonl",
  "claude-code/daaain-sidechain-integrated.jsonl",
  "claude-code/daaain-subagent-showcol2.jsonl",
  "claude-code/daaain-todowrite-examples.jsonl",
  "codex/daaain-legacy-bare.jsonl",
  "codex/daaain-malformed.jsonl",
  "codex/daaain-parent-spawn.jsonl",
  "codex/daaain-structured.jsonl",
  "codex/daaain-subagent-child.jsonl",
  "pi/inspector-branching.jsonl",
  "pi/inspector-error-message.jsonl",
  "pi/inspector-unknown-entry-ancestry.jsonl",
  "pi/pi-mono-before-compaction-v1.jsonl",
  "pi/pi-mono-large-session-v1.jsonl",
]);

/** The pinned corpus files (see PINNED). */
export function corpusFiles(): CorpusFile[] {
  return allCorpusFiles().filter((f) => PINNED.has(f.name));
}

/** Every `.jsonl` file of the corpus in a folder of a format the engine reads. */
export function allCorpusFiles(): CorpusFile[] {
  const out: CorpusFile[] = [];
  for (const dir of [...SESSION_FORMATS].filter((d) => existsSync(join(CORPUS, d))))
    for (const f of readdirSync(join(CORPUS, dir)).filter((x) => x.endsWith(".jsonl")).sort())
      out.push({ name: `${dir}/${f}`, path: join(CORPUS, dir, f), text: readFileSync(join(CORPUS, dir, f), "utf8") });
  return out;
}

export function corpusText(name: string): string {
  return readFileSync(join(CORPUS, name), "utf8");
}

/** A constructed fixture of test/fixtures (`claude-code/edit-call.jsonl`): rules and shapes the corpus may lack. */
export function fixtureText(name: string): string {
  return readFileSync(join(FIXTURES, name), "utf8");
}

/** Independent count of parsed JSON objects per line (not the engine's parser). */
export function rawObjects(text: string): { line: number; value: any }[] {
  const out: { line: number; value: any }[] = [];
  text.split("\n").forEach((l, i) => {
    try {
      const v = JSON.parse(l);
      if (v && typeof v === "object" && !Array.isArray(v)) out.push({ line: i, value: v });
    } catch {
      /* not an object line */
    }
  });
  return out;
}
