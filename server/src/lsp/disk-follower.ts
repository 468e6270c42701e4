/**
 * Session files the client shows but does not sync (VS Code passes no document over 50 MB to
 * extensions): the server reads them from disk, follows appends (fs.watch, then a size check
 * that reads only the appended bytes and patches the parsed lines, engine/incremental), and
 * releases everything when the client says the editor closed.
 *
 * Anything but an append (the file shrank, was replaced, or its bytes before the old end
 * changed) makes the next look read the whole file again.
 */
import { type FSWatcher, readFileSync, statSync, watch } from "node:fs";
import { fileURLToPath } from "node:url";
import { patchLines } from "../engine/index.js";
import { parseText, type ParsedText } from "../engine/index.js";
import { readFileRange } from "../io/read-file-range.js";
import { readRegularFile } from "../io/read-regular-file.js";
import type { SyncedSource } from "./store.js";

/** Bytes before the followed end compared on each append: a rewrite there means a full read. */
const GUARD_BYTES = 64;

interface Followed {
  path: string;
  watcher?: FSWatcher;
  timer?: NodeJS.Timeout;
  /** Bumped on every change applied: the store's cache key. */
  revision: number;
  parsed?: ParsedText;
  /** Bytes of the file the parsed lines hold. */
  consumed: number;
  mtimeMs: number;
  ino: number;
  /** The GUARD_BYTES bytes before `consumed`. */
  guard: Buffer;
}

/** Length of `b` without a trailing incomplete UTF-8 sequence (an append caught mid-character). */
export function completeUtf8Length(b: Uint8Array): number {
  let i = b.length - 1;
  let back = 0;
  while (i >= 0 && back < 3 && (b[i] & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i < 0) return b.length;
  const lead = b[i];
  const need = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
  return need > back ? i : b.length;
}

export class DiskFollower {
  private readonly files = new Map<string, Followed>();

  /** `onChanged(uri)` runs (debounced) when a followed file changed on disk. */
  constructor(private readonly onChanged: (uri: string) => void, private readonly debounceMs = 100) {}

  /** Starts following a `file:` uri; false when it is not a readable regular file. */
  follow(uri: string): boolean {
    if (this.files.has(uri)) return true;
    if (!uri.startsWith("file:")) return false;
    let path: string;
    try {
      path = fileURLToPath(uri);
      if (!statSync(path).isFile()) return false;
    } catch {
      return false;
    }
    const f: Followed = { path, revision: 0, consumed: 0, mtimeMs: 0, ino: 0, guard: Buffer.alloc(0) };
    this.files.set(uri, f);
    this.watch(uri, f);
    return true;
  }

  isFollowed(uri: string): boolean {
    return this.files.has(uri);
  }

  followedUris(): string[] {
    return [...this.files.keys()];
  }

  /** Stops following and drops the parsed lines. */
  unfollow(uri: string): boolean {
    const f = this.files.get(uri);
    if (!f) return false;
    clearTimeout(f.timer);
    f.watcher?.close();
    this.files.delete(uri);
    return true;
  }

  dispose(): void {
    for (const uri of this.followedUris()) this.unfollow(uri);
  }

  /** The followed file's current lines (reading what changed on disk first); null when not followed or unreadable. */
  source(uri: string): (SyncedSource & { stamp: number }) | null {
    const f = this.files.get(uri);
    if (!f) return null;
    this.refresh(f);
    if (!f.parsed) return null;
    const path = f.path;
    return { parsed: f.parsed, stamp: f.revision, text: () => readFileSync(path, "utf8") };
  }

  private watch(uri: string, f: Followed): void {
    try {
      f.watcher = watch(f.path, { persistent: false }, (event) => {
        if (event === "rename") {
          // Replaced or moved: watch the path again (its new file) when it exists.
          f.watcher?.close();
          f.watcher = undefined;
          setTimeout(() => this.files.get(uri) === f && this.watch(uri, f), this.debounceMs);
        }
        clearTimeout(f.timer);
        f.timer = setTimeout(() => {
          if (this.files.get(uri) !== f) return;
          const before = f.revision;
          this.refresh(f);
          if (f.revision !== before) this.onChanged(uri);
        }, this.debounceMs);
      });
      f.watcher.on("error", () => undefined);
    } catch {
      /* not watchable: the file is still read on each request */
    }
  }

  /** Brings `f.parsed` up to date with the file: appended bytes only when it only grew. */
  private refresh(f: Followed): void {
    let st;
    try {
      st = statSync(f.path);
    } catch {
      return;
    }
    if (f.parsed && st.ino === f.ino && st.size === f.consumed && st.mtimeMs === f.mtimeMs) return;
    if (f.parsed && st.ino === f.ino && st.size > f.consumed && this.append(f, st.size)) return;
    this.readAll(f);
  }

  private readAll(f: Followed): void {
    const r = readRegularFile(f.path);
    if (!r.ok) return;
    const bytes = r.file.bytes;
    const n = completeUtf8Length(bytes);
    f.parsed = parseText(bytes.toString("utf8", 0, n));
    f.consumed = n;
    f.mtimeMs = r.file.stat.mtimeMs;
    f.ino = r.file.stat.ino;
    f.guard = Buffer.from(bytes.subarray(Math.max(0, n - GUARD_BYTES), n));
    f.revision++;
  }

  /** Applies the bytes appended since `consumed`; false when the file changed otherwise. */
  private append(f: Followed, size: number): boolean {
    const parsed = f.parsed!;
    const from = f.consumed - f.guard.length;
    const r = readFileRange(f.path, from, size);
    if (!r || r.stat.ino !== f.ino || r.bytes.length < f.guard.length || !r.bytes.subarray(0, f.guard.length).equals(f.guard)) return false;
    const added = r.bytes.subarray(f.guard.length);
    const n = completeUtf8Length(added);
    if (n === 0) return true; // only part of a character so far
    const text = added.toString("utf8", 0, n);
    const lines = parsed.lines;
    const last = lines.last();
    const at = !last ? null : last.eol === "" ? { line: last.line, character: last.text.length } : { line: lines.length, character: 0 };
    if (!at || !patchLines(parsed, [{ range: { start: at, end: at }, text }])) return false;
    f.consumed += n;
    f.mtimeMs = r.stat.mtimeMs;
    const tail = Buffer.concat([f.guard, added.subarray(0, n)]);
    f.guard = Buffer.from(tail.subarray(Math.max(0, tail.length - GUARD_BYTES)));
    f.revision++;
    return true;
  }
}
