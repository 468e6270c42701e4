import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { SESSION_FORMATS } from "../../server/src/engine/formats/registry.js";

/**
 * The corpus kept in the repository (test/corpus/<format>/, sources in test/corpus/SOURCES.md):
 * real sessions every checkout has. `join(CORPUS, ...)` finds the files kept here; corpusPath
 * finds a file in either corpus.
 */
export const CORPUS = resolve(__dirname, "..", "corpus");
/** The shared corpus beside the checkout (`../shared/corpus`), or $TI_CORPUS: files not kept in the repository (the large pi sessions). */
export const SHARED_CORPUS = process.env.TI_CORPUS ?? resolve(__dirname, "..", "..", "..", "shared", "corpus");
/** Where corpus files are looked for, the repository's first: a name in both is the repository's file. */
export const CORPORA: readonly string[] = [CORPUS, SHARED_CORPUS];

/** The path of a corpus file (`codex/x.jsonl`) in the first corpus that holds it, or undefined. */
export function corpusPath(name: string): string | undefined {
  for (const dir of CORPORA) {
    const p = join(dir, name);
    if (existsSync(p)) return p;
  }
  return undefined;
}
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

/** A session file of a corpus folder: JSON Lines, or one JSON document (Gemini CLI's older chats). */
/** A session file of a corpus folder (`.jsonl`, `.json`); a recording beside a session (OpenClaw's `*.trajectory.jsonl`) is none. */
const isSessionFile = (name: string) => (name.endsWith(".jsonl") || name.endsWith(".json")) && !name.endsWith(".trajectory.jsonl");

/** Every session file (`.jsonl`, `.json`) in a folder of a format the engine reads, of both corpora (a name in both once, the repository's), by name. */
export function allCorpusFiles(): CorpusFile[] {
  const seen = new Map<string, CorpusFile>();
  for (const root of CORPORA)
    for (const dir of [...SESSION_FORMATS].filter((d) => existsSync(join(root, d))))
      for (const f of readdirSync(join(root, dir)).filter(isSessionFile)) {
        const name = `${dir}/${f}`;
        if (!seen.has(name)) seen.set(name, { name, path: join(root, dir, f), text: readFileSync(join(root, dir, f), "utf8") });
      }
  return [...seen.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The session files (`.jsonl`, `.json`) of the repository's corpus only (test/corpus/<format>/), by name, without their text. */
export function repoCorpusFiles(): { name: string; path: string }[] {
  const out: { name: string; path: string }[] = [];
  for (const dir of [...SESSION_FORMATS].filter((d) => existsSync(join(CORPUS, d))))
    for (const f of readdirSync(join(CORPUS, dir)).filter(isSessionFile).sort()) out.push({ name: `${dir}/${f}`, path: join(CORPUS, dir, f) });
  return out;
}

/** A corpus file's text, from the first corpus that holds it. */
export function corpusText(name: string): string {
  return readFileSync(corpusPath(name) ?? join(SHARED_CORPUS, name), "utf8");
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
