/**
 * Looks up entry ids a session's lines name as parents but that are not in the session file, in
 * the other `*.jsonl` files of the same folder (Claude Code: a continued session links to the
 * earlier session's file; subagent lines to the main session). Bounded: the most recently
 * modified MAX_FILES siblings, each at most MAX_FILE_BYTES, MAX_TOTAL_BYTES read per lookup;
 * each sibling's ids are cached by path, size and mtime (at most MAX_CACHED files), so a session
 * that keeps growing does not read its siblings again. Called only when a parent is missing.
 */
import { readdirSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { readRegularFile } from "./read-regular-file.js";
import type { Analysis } from "../engine/index.js";
import { missingParentIds, withParentsElsewhere } from "../engine/index.js";

export const SIBLING_LIMITS = { MAX_FILES: 100, MAX_FILE_BYTES: 64 * 1024 * 1024, MAX_TOTAL_BYTES: 256 * 1024 * 1024, MAX_CACHED: 100 };

const cache = new Map<string, { stamp: string; ids: Set<string> }>();
const UUID_RE = /"uuid"\s*:\s*"((?:[^"\\]|\\.)*)"/g;

function idsOf(path: string, stamp: string): Set<string> | undefined {
  const c = cache.get(path);
  if (c && c.stamp === stamp) return c.ids;
  const r = readRegularFile(path);
  if (!r.ok) return undefined;
  const ids = new Set<string>();
  const text = r.file.bytes.toString("utf8");
  for (const m of text.matchAll(UUID_RE)) ids.add(m[1]);
  cache.delete(path);
  cache.set(path, { stamp, ids });
  while (cache.size > SIBLING_LIMITS.MAX_CACHED) cache.delete(cache.keys().next().value!);
  return ids;
}

/** Which of `ids` the sibling session files of `sessionPath` hold: id -> the file's name. */
export function findParentsInSiblings(sessionPath: string, ids: readonly string[], limits = SIBLING_LIMITS): Map<string, string> {
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const dir = dirname(sessionPath);
  const self = basename(sessionPath);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".jsonl") && n !== self);
  } catch {
    return found;
  }
  const files: { name: string; path: string; size: number; mtimeMs: number }[] = [];
  for (const name of names) {
    const path = join(dir, name);
    try {
      const st = statSync(path);
      if (st.isFile() && st.size <= limits.MAX_FILE_BYTES) files.push({ name, path, size: st.size, mtimeMs: st.mtimeMs });
    } catch {
      /* vanished or unreadable: skip */
    }
  }
  files.sort((a, b) => b.mtimeMs - a.mtimeMs);
  const wanted = new Set(ids);
  let budget = limits.MAX_TOTAL_BYTES;
  for (const f of files.slice(0, limits.MAX_FILES)) {
    if (wanted.size === 0) break;
    const stamp = `${f.size}:${f.mtimeMs}`;
    const cached = cache.get(f.path)?.stamp === stamp;
    if (!cached) {
      if (f.size > budget) continue;
      budget -= f.size;
    }
    const got = idsOf(f.path, stamp);
    if (!got) continue;
    for (const id of [...wanted])
      if (got.has(id)) {
        found.set(id, f.name);
        wanted.delete(id);
      }
  }
  return found;
}

/** Drops the analysis's `broken-parent` findings whose parent a sibling session file holds. */
export function resolveSiblingParents(sessionPath: string, a: Analysis): Analysis {
  const missing = missingParentIds(a.session);
  return missing.length ? withParentsElsewhere(a, findParentsInSiblings(sessionPath, missing)) : a;
}
