/**
 * Search across sessions: one MiniSearch index (an inverted index with BM25 ranking, prefix and
 * fuzzy terms) over every session's prompts, answers, tool calls (name, id, arguments), outputs
 * (with their call id) and ids, one document per message part. Why MiniSearch: pure JavaScript
 * with no dependency (no native build, no WebAssembly: it runs in Node 20 and in VS Code's Node
 * alike), small (about 80 KB unminified), incremental (a changed session's documents are
 * discarded and added again; the index vacuums itself), and it serialises to JSON, so a second
 * start loads the index instead of reading the sessions again. sql.js (SQLite in WebAssembly)
 * was the other candidate: its npm build has no FTS5 (checked: `no such module: fts5`), it holds
 * the whole database in memory anyway and persists it as one blob, and it adds about 700 KB.
 *
 * Adds run a chunk of documents at a time (the language server's thread is never held for long).
 * Bounded: each message part is cut to DOC_CHARS and each session to MAX_DOCS documents
 * (summarize.ts), and the index holds at most `budgetChars` characters: sessions are added
 * newest first, and one that does not fit is left out (counted in `notIndexed`).
 * The text is not stored: a match's context is read from its line on disk when it is shown.
 */
import { closeSync, openSync, readSync } from "node:fs";
import MiniSearch from "minisearch";
import { ByteLineScanner } from "../engine/index.js";
import type { LibrarySearchHit } from "../protocol/library.js";
import type { SearchDoc } from "./summarize.js";

interface IndexedFile {
  /** First document id; the file's documents are ids first..first+count-1. */
  first: number;
  count: number;
  chars: number;
  size: number;
  mtimeMs: number;
  agent: string;
  title: string;
}

interface Doc {
  id: number;
  text: string;
  /** Stored: the file's number, the line (0-based) and the kind. */
  f: number;
  l: number;
  k: string;
}

/** Lower case once, then split at everything that is neither a letter nor a digit (ids split at `_` and `-`, as their queries do). */
const tokenize = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);

const OPTIONS = {
  fields: ["text"],
  storeFields: ["f", "l", "k"],
  idField: "id",
  tokenize,
  processTerm: (term: string) => term || null,
  searchOptions: { prefix: (term: string) => term.length >= 3, combineWith: "AND" as const },
};

/** Documents added per turn of the event loop: a session's documents never hold the language server's thread for long. */
const CHUNK = 40;

export const DEFAULT_SEARCH_BUDGET_CHARS = 64 * 1024 * 1024;
const FORMAT_VERSION = 1;

export class SearchIndex {
  private mini = new MiniSearch<Doc>(OPTIONS);
  private files = new Map<string, IndexedFile>();
  /** File numbers (stored per document) to paths. */
  private paths: string[] = [];
  private numbers = new Map<string, number>();
  private nextId = 1;
  private chars = 0;
  private skipped = new Set<string>();
  /** Adds and discards run in order, a chunk of documents at a time. */
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(public budgetChars = DEFAULT_SEARCH_BUDGET_CHARS) {}

  /** Whether the index holds this file as it is now (same size and time). */
  has(path: string, size: number, mtimeMs: number): boolean {
    const f = this.files.get(path);
    return !!f && f.size === size && f.mtimeMs === mtimeMs;
  }

  /** Puts a session's documents in the index (replacing its earlier ones); false when it does not fit the budget. */
  set(path: string, stamp: { size: number; mtimeMs: number; agent: string; title: string }, docs: SearchDoc[]): boolean {
    this.remove(path);
    const chars = docs.reduce((n, d) => n + d.text.length, 0);
    if (this.chars + chars > this.budgetChars) {
      this.skipped.add(path);
      return false;
    }
    let f = this.numbers.get(path);
    if (f === undefined) {
      f = this.paths.length;
      this.paths.push(path);
      this.numbers.set(path, f);
    }
    const first = this.nextId;
    this.nextId += docs.length;
    const entries = docs.map((d, i) => ({ id: first + i, text: d.text, f: f!, l: d.line, k: d.kind }));
    this.files.set(path, { first, count: docs.length, chars, size: stamp.size, mtimeMs: stamp.mtimeMs, agent: stamp.agent, title: stamp.title });
    this.chars += chars;
    this.later(() => this.mini.addAllAsync(entries, { chunkSize: CHUNK }));
    return true;
  }

  /** Whether adds or discards are still running. */
  get busy(): boolean {
    return this.queued > 0;
  }

  /** Resolves when every add and discard so far is done. */
  idle(): Promise<void> {
    return this.queue;
  }

  private later(f: () => void | Promise<void>): void {
    this.queued++;
    this.queue = this.queue.then(f).then(
      () => void this.queued--,
      () => void this.queued--,
    );
  }

  remove(path: string): void {
    this.skipped.delete(path);
    const f = this.files.get(path);
    if (!f) return;
    this.later(() => {
      for (let id = f.first; id < f.first + f.count; id++) if (this.mini.has(id)) this.mini.discard(id);
    });
    this.files.delete(path);
    this.chars -= f.chars;
  }

  /** Keeps only these paths (files gone from disk leave the index). */
  retain(paths: Set<string>): void {
    for (const p of [...this.files.keys()]) if (!paths.has(p)) this.remove(p);
    for (const p of [...this.skipped]) if (!paths.has(p)) this.skipped.delete(p);
  }

  stats(): { documents: number; sessions: number; chars: number; budgetChars: number; full: boolean; notIndexed: number } {
    return { documents: this.mini.documentCount, sessions: this.files.size, chars: this.chars, budgetChars: this.budgetChars, full: this.skipped.size > 0, notIndexed: this.skipped.size };
  }

  /** The best matches, each with its context read from its line on disk (one pass per file, only up to its last matched line). */
  search(query: string, limit = 50): { hits: LibrarySearchHit[]; total: number } {
    const q = query.trim();
    if (!q) return { hits: [], total: 0 };
    const results = this.mini.search(q);
    const chosen: { path: string; file: IndexedFile; line: number; kind: string; terms: string[]; score: number }[] = [];
    for (const r of results) {
      if (chosen.length >= limit) break;
      const path = this.paths[r.f as number];
      const file = path === undefined ? undefined : this.files.get(path);
      if (file) chosen.push({ path, file, line: r.l as number, kind: String(r.k), terms: r.terms, score: r.score });
    }
    const wanted = new Map<string, Set<number>>();
    for (const c of chosen) {
      let w = wanted.get(c.path);
      if (!w) wanted.set(c.path, (w = new Set()));
      w.add(c.line);
    }
    const texts = new Map<string, Map<number, string>>();
    for (const [path, lines] of wanted) texts.set(path, readLinesOf(path, lines));
    const hits = chosen.map((c): LibrarySearchHit => {
      const { snippet, ranges } = snippetOf(texts.get(c.path)?.get(c.line) ?? "", c.terms);
      return { path: c.path, line: c.line + 1, kind: c.kind, agent: c.file.agent, title: c.file.title, snippet, ranges, score: c.score };
    });
    return { hits, total: results.length };
  }

  /** The index as JSON (a second start loads it instead of reading the sessions); call when not busy. */
  toJSON(): unknown {
    return { version: FORMAT_VERSION, budgetChars: this.budgetChars, nextId: this.nextId, paths: this.paths, files: [...this.files], skipped: [...this.skipped], index: this.mini.toJSON() };
  }

  /** The index saved by toJSON, or a new one when it cannot be read. */
  static fromJSON(j: any, budgetChars = DEFAULT_SEARCH_BUDGET_CHARS): SearchIndex {
    const s = new SearchIndex(budgetChars);
    if (!j || j.version !== FORMAT_VERSION || !Array.isArray(j.paths)) return s;
    try {
      s.mini = MiniSearch.loadJS<Doc>(j.index, OPTIONS);
      s.nextId = j.nextId;
      s.paths = j.paths;
      s.paths.forEach((p, i) => s.numbers.set(p, i));
      s.files = new Map(j.files);
      s.skipped = budgetChars > j.budgetChars ? new Set() : new Set(j.skipped);
      for (const f of s.files.values()) s.chars += f.chars;
    } catch {
      return new SearchIndex(budgetChars);
    }
    return s;
  }
}

/** Bytes of one line read for its snippet: a longer line (a whole file's content in one output) shows its start. */
export const SNIPPET_LINE_BYTES = 256 * 1024;
const READ_CHUNK = 1024 * 1024;

/**
 * The text of these lines (0-based) of a session file, each cut to SNIPPET_LINE_BYTES: the file is
 * read in chunks, split by the engine's line rule, until its last wanted line; only the wanted
 * lines are decoded. Memory: one chunk and the wanted lines, whatever the file's size. A file that
 * cannot be read gives no lines (the hit shows without context).
 */
export function readLinesOf(path: string, lines: ReadonlySet<number>): Map<number, string> {
  const out = new Map<number, string>();
  if (lines.size === 0) return out;
  let last = 0;
  for (const l of lines) last = Math.max(last, l);
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const file = fd;
    const spans: { line: number; start: number; end: number }[] = [];
    let n = 0;
    const scanner = new ByteLineScanner((start, end) => {
      if (lines.has(n)) spans.push({ line: n, start, end: Math.min(end, start + SNIPPET_LINE_BYTES) });
      n++;
    });
    const chunk = Buffer.alloc(READ_CHUNK);
    let pos = 0;
    while (n <= last) {
      const k = readSync(file, chunk, 0, chunk.length, pos);
      if (k <= 0) {
        scanner.end();
        break;
      }
      pos += k;
      scanner.push(chunk.subarray(0, k));
    }
    for (const s of spans) {
      const buf = Buffer.alloc(s.end - s.start);
      let got = 0;
      while (got < buf.length) {
        const k = readSync(file, buf, got, buf.length - got, s.start + got);
        if (k <= 0) break;
        got += k;
      }
      out.set(s.line, buf.toString("utf8", 0, got));
    }
  } catch {
    // unreadable now (moved, deleted): the hits show without context
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return out;
}

const SNIPPET = 160;

/** About SNIPPET characters of a JSON line around its first matched term, JSON escapes read as text. */
export function snippetOf(line: string, terms: string[]): { snippet: string; ranges: [number, number][] } {
  const text = line.replace(/\\n|\\r|\\t/g, " ").replace(/\\"/g, '"').replace(/\\\\/g, "\\").replace(/\s+/g, " ");
  const lower = text.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.indexOf(t.toLowerCase());
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  const start = Math.max(0, at < 0 ? 0 : at - 60);
  const end = Math.min(text.length, start + SNIPPET);
  const snippet = (start > 0 ? "…" : "") + text.slice(start, end) + (end < text.length ? "…" : "");
  const lowSnip = snippet.toLowerCase();
  const ranges: [number, number][] = [];
  for (const t of terms) {
    const lt = t.toLowerCase();
    if (!lt) continue;
    for (let i = lowSnip.indexOf(lt); i >= 0 && ranges.length < 20; i = lowSnip.indexOf(lt, i + lt.length)) ranges.push([i, i + lt.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  return { snippet, ranges };
}
