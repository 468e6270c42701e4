/**
 * The library's cache on disk: each session's summary keyed by its path, size and modification
 * time, and the search index. A second start reads these two files and no session file whose
 * size and time are unchanged. The cache names the engine's version and the options that change a
 * summary (provider, price table): a different one starts afresh. Written to a temporary file
 * and renamed over the old one, so a crash leaves the previous cache. Read and written with
 * asynchronous file calls (the library runs on its own thread in the language server, and its
 * requests must not wait for a disk either).
 */
import { promises as fsp } from "node:fs";
import { join } from "node:path";
import type { LibrarySession } from "../protocol/library.js";

/** Bump when a summary's shape or meaning changes. */
export const CACHE_VERSION = 2; // 2: compactions read by the formats (Copilot CLI's counted, tokens bounded by the neighbouring compactions); pi subagent calls

export interface CacheFile {
  version: number;
  /** What the summaries depend on besides the file: the engine build, the provider, the price table. */
  key: string;
  sessions: LibrarySession[];
}

/** One file of summaries per key (the command line and the editor may judge for different providers). */
export function sessionsFile(key: string): string {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619) >>> 0;
  return `library-sessions-${h.toString(16).padStart(8, "0")}.json`;
}
export const INDEX_FILE = "library-search.json";

export async function readJson(dir: string, name: string): Promise<unknown> {
  try {
    return JSON.parse(await fsp.readFile(join(dir, name), "utf8"));
  } catch {
    return undefined;
  }
}

let writes = 0;
/** Writes `value` as JSON: a temporary file (unique to this write), then renamed over `name`. */
export async function writeJson(dir: string, name: string, value: unknown): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  const tmp = join(dir, `${name}.${process.pid}.${++writes}.tmp`);
  try {
    await fsp.writeFile(tmp, JSON.stringify(value));
    await fsp.rename(tmp, join(dir, name));
  } catch (e) {
    await fsp.rm(tmp, { force: true }).catch(() => undefined);
    throw e;
  }
}

/** The cached summaries, by path, when the cache is of this version and key. */
export async function readSessionCache(dir: string, key: string): Promise<Map<string, LibrarySession>> {
  const j = (await readJson(dir, sessionsFile(key))) as CacheFile | undefined;
  const out = new Map<string, LibrarySession>();
  if (!j || j.version !== CACHE_VERSION || j.key !== key || !Array.isArray(j.sessions)) return out;
  for (const s of j.sessions) if (s && typeof s.path === "string") out.set(s.path, s);
  return out;
}

export function writeSessionCache(dir: string, key: string, sessions: Iterable<LibrarySession>): Promise<void> {
  return writeJson(dir, sessionsFile(key), { version: CACHE_VERSION, key, sessions: [...sessions] } satisfies CacheFile);
}
