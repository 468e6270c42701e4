/**
 * Where sessions are: the agents' standard folders (each format profile's `sessionFolders`,
 * under the home or an environment variable), the workspace folders, and the folders the user
 * adds. Then the session files under them: `*.jsonl` and the agents' JSON-document sessions
 * (formats' `documentFileName`: Gemini CLI's `session-*.json`), listed with their size and modification
 * time (no file is opened), bounded in depth and count, symbolic links to folders followed once.
 * A standard folder that holds an agent's store (a profile's `sessionFolders` entry with `store`:
 * OpenCode's `opencode.db`, Hermes Agent's `state.db`) is not walked: stores.ts lists its sessions.
 */
import { type Dirent, promises as fsp } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { FORMAT_PROFILES, isSessionFileName, pushAll } from "../engine/index.js";

export interface LibraryRoot {
  path: string;
  /** The agent whose standard folder this is. */
  agent?: string;
  archived?: boolean;
  origin: "standard" | "workspace" | "setting";
  /** The folder holds the agent's store (a database): its sessions are listed by stores.ts, no file under it. */
  store?: boolean;
}

/** The standard folders of every agent the engine reads, resolved against `home` and `env`. */
export function standardRoots(home: string, env: Record<string, string | undefined> = {}): LibraryRoot[] {
  const out: LibraryRoot[] = [];
  for (const profile of FORMAT_PROFILES) {
    for (const folder of profile.sessionFolders ?? []) {
      const moved = folder.env ? env[folder.env.name] : undefined;
      const path = moved && isAbsolute(moved) ? (folder.env?.under ? join(moved, folder.env.under) : moved) : join(home, folder.home);
      out.push({ path, agent: profile.name, archived: folder.archived, origin: "standard", ...(folder.store ? { store: true } : {}) });
    }
  }
  return out;
}

/** Every root: the standard folders, then the workspace folders and the user's, each once. */
export function libraryRoots(options: { home?: string; env?: Record<string, string | undefined>; workspaceFolders?: string[]; folders?: string[] }): LibraryRoot[] {
  const roots: LibraryRoot[] = [];
  if (options.home) pushAll(roots, standardRoots(options.home, options.env));
  for (const w of options.workspaceFolders ?? []) roots.push({ path: resolve(w), origin: "workspace" });
  for (const f of options.folders ?? []) if (f.trim()) roots.push({ path: resolve(expandHome(f.trim(), options.home)), origin: "setting" });
  const seen = new Set<string>();
  return roots.filter((r) => (seen.has(r.path) ? false : (seen.add(r.path), true)));
}

function expandHome(p: string, home: string | undefined): string {
  return home && (p === "~" || p.startsWith("~/")) ? join(home, p.slice(1)) : p;
}

export interface FoundFile {
  path: string;
  size: number;
  mtimeMs: number;
  root: LibraryRoot;
  /** A session of a store (`path` is `<store>#<id>`): read from the store, not from a file. */
  store?: StoreRef;
}

/** A session of a store, as a check is told to read it (io/session-store.ts opens the store). */
export interface StoreRef {
  format: string;
  kind: "database" | "folder";
  /** The database file or storage folder. */
  path: string;
  id: string;
  /** The title the store records. */
  title?: string;
  /** When the store says the session last changed (ms). */
  updated?: number;
  /** The listing's time of the session (`updated`, else the database's): the summary's, which the next listing compares. */
  mtimeMs: number;
}

export const SCAN_LIMITS = {
  /** Folder depth under a root (Codex: YYYY/MM/DD; Claude Code: project/session/subagents/workflows/NAME). */
  maxDepth: 8,
  /** Files listed per root. */
  maxFiles: 100_000,
  /** Folders a workspace root is searched to (a workspace can be a large tree). */
  maxWorkspaceDirs: 5_000,
};

/** File stats in flight at once while listing a folder. */
const STAT_BATCH = 32;

const SKIP_DIRS = new Set(["node_modules", ".git", ".hg", ".svn", "dist", "out", "target", ".tsbuild", ".tools", ".e2e"]);

/** The session files (`*.jsonl`, `session-*.json`: isSessionFileName) under `root` (the standard folders fully; workspace folders bounded), sorted by path. */
export async function listSessionFiles(root: LibraryRoot, limits = SCAN_LIMITS): Promise<{ files: FoundFile[]; dirs: string[]; truncated: boolean }> {
  const files: FoundFile[] = [];
  const dirs: string[] = [];
  // A store's folder: its sessions are the store's rows (stores.ts), not files.
  if (root.store) return { files, dirs, truncated: false };
  const visited = new Set<string>();
  let truncated = false;
  const maxDirs = root.origin === "workspace" ? limits.maxWorkspaceDirs : Infinity;
  const stack: { dir: string; depth: number }[] = [{ dir: root.path, depth: 0 }];
  while (stack.length) {
    const { dir, depth } = stack.pop()!;
    let real: string;
    try {
      real = await fsp.realpath(dir);
    } catch {
      continue;
    }
    if (visited.has(real)) continue;
    visited.add(real);
    if (dirs.length >= maxDirs) {
      truncated = true;
      break;
    }
    dirs.push(dir);
    let entries: Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
    // What needs a stat (session files, links), then the stats a bounded batch at a time: a
    // folder of 50,000 sessions is not 50,000 calls in flight at once.
    const toStat: { p: string; e: Dirent }[] = [];
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (SKIP_DIRS.has(e.name) || (root.origin === "workspace" && e.name.startsWith("."))) continue;
        if (depth < limits.maxDepth) stack.push({ dir: p, depth: depth + 1 });
        continue;
      }
      if (!e.isSymbolicLink() && (!e.isFile() || !isSessionFileName(e.name))) continue;
      if (e.isFile() && files.length + toStat.length >= limits.maxFiles) {
        truncated = true;
        break;
      }
      toStat.push({ p, e });
    }
    for (let i = 0; i < toStat.length; i += STAT_BATCH)
      await Promise.all(
        toStat.slice(i, i + STAT_BATCH).map(({ p, e }) =>
          fsp.stat(p).then(
            (st) => {
              if (st.isDirectory()) {
                if (e.isSymbolicLink() && depth < limits.maxDepth) stack.push({ dir: p, depth: depth + 1 });
              } else if (st.isFile() && isSessionFileName(e.name) && files.length < limits.maxFiles) files.push({ path: p, size: st.size, mtimeMs: st.mtimeMs, root });
            },
            () => undefined,
          ),
        ),
      );
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, dirs, truncated };
}
