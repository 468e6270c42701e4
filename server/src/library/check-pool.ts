/**
 * The library's background check: session files summarised on worker threads at the lowest CPU
 * priority in the language server (`os.setPriority` in a worker sets that thread's nice value on
 * Linux; the command line keeps the normal priority), a few at a time
 * (default one thread: the library must not compete with the editor), paused on request (the
 * language server pauses it while the user types) and resumed after. Without a worker script (the
 * tests, a bundle without dist/library-worker.js) files are summarised in this thread, one per
 * turn of the event loop. A session of a store (`store`) is read from the store (stores.ts), SQLite
 * loaded first.
 */
import { Worker } from "node:worker_threads";
import type { LibrarySession } from "../protocol/library.js";
import { loadStores } from "../io/session-store.js";
import type { StoreRef } from "./folders.js";
import { failedSession, type SearchDoc, summarizeFile, type SummarizeOptions, summarizeStoreSession } from "./summarize.js";

export interface CheckJob {
  path: string;
  archived?: boolean;
  /** A session of a store: read from it (`path` is `<store>#<id>`). */
  store?: StoreRef;
}

export interface CheckResult {
  session: LibrarySession;
  docs: SearchDoc[];
}

/** What a worker is sent and answers. */
export type ToLibraryWorker = { path: string; archived?: boolean; store?: StoreRef; provider?: string; priceFile?: string; docChars?: number; maxDocs?: number };
export type FromLibraryWorker = CheckResult | { error: string; path: string };

export const LIBRARY_WORKER_ROLE = "transcript-inspector library worker";

export interface PoolOptions {
  /** dist/library-worker.js; absent: summarise in this thread. */
  workerScript?: string;
  threads?: number;
  summarize: Omit<SummarizeOptions, "archived">;
  /** A LiteLLM price file the workers read (the shipped table otherwise). */
  priceFile?: string;
  /** Workers at the lowest CPU priority (the language server: the editor comes first); the command line runs at normal priority. */
  lowPriority?: boolean;
  /** Called once per session file opened for a check (tests count the reads). */
  onRead?: (path: string) => void;
}

export class CheckPool {
  private queue: CheckJob[] = [];
  private workers: { w: Worker; busy: boolean }[] = [];
  private pausedUntil = 0;
  private resumeTimer: NodeJS.Timeout | undefined;
  private running = 0;
  private disposed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly options: PoolOptions,
    private readonly onResult: (r: CheckResult) => void,
  ) {}

  /** The price file the workers read (none: the table that ships). */
  set priceFile(f: string | undefined) {
    this.options.priceFile = f;
  }

  get pending(): number {
    return this.queue.length + this.running;
  }

  get paused(): boolean {
    return Date.now() < this.pausedUntil;
  }

  /** Queues files (in order: the caller puts the workspace's project and the newest first). */
  add(jobs: CheckJob[]): void {
    const queued = new Set(this.queue.map((j) => j.path));
    for (const j of jobs) if (!queued.has(j.path)) this.queue.push(j);
    this.pump();
  }

  /** Drops queued files that are gone or no longer wanted. */
  retain(keep: (path: string) => boolean): void {
    this.queue = this.queue.filter((j) => keep(j.path));
  }

  /** No new file is started for `ms` (a file in progress finishes). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
    clearTimeout(this.resumeTimer);
    this.resumeTimer = setTimeout(() => this.pump(), ms + 5);
    this.resumeTimer.unref?.();
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  dispose(): void {
    this.disposed = true;
    this.queue = [];
    clearTimeout(this.resumeTimer);
    for (const { w } of this.workers) void w.terminate();
    this.workers = [];
    for (const r of this.idleWaiters.splice(0)) r();
  }

  private pump(): void {
    if (this.disposed) return;
    if (this.paused) return;
    if (this.queue.length === 0) {
      if (this.running === 0) for (const r of this.idleWaiters.splice(0)) r();
      return;
    }
    if (!this.options.workerScript) {
      if (this.running > 0) return;
      this.running++;
      setImmediate(async () => {
        const job = this.queue.shift();
        if (job && !this.disposed) {
          this.options.onRead?.(job.path);
          const options = { ...this.options.summarize, archived: job.archived };
          let r: CheckResult;
          if (job.store)
            try {
              await loadStores();
              r = summarizeStoreSession(job.store, options);
            } catch (e) {
              r = { session: failedSession(job.path, `SQLite could not be loaded: ${(e as Error).message}`), docs: [] };
            }
          else r = summarizeFile(job.path, options);
          this.running--;
          if (!this.disposed) this.onResult(r);
        } else this.running--;
        this.pump();
      });
      return;
    }
    const threads = Math.max(1, this.options.threads ?? 1);
    while (this.workers.length < threads) this.workers.push(this.spawn());
    for (const slot of this.workers) {
      if (slot.busy || this.queue.length === 0 || this.paused) continue;
      const job = this.queue.shift()!;
      slot.busy = true;
      this.running++;
      this.options.onRead?.(job.path);
      slot.w.postMessage({ path: job.path, archived: job.archived, ...(job.store ? { store: job.store } : {}), provider: this.options.summarize.provider, priceFile: this.options.priceFile, docChars: this.options.summarize.docChars, maxDocs: this.options.summarize.maxDocs } satisfies ToLibraryWorker);
    }
  }

  private spawn(): { w: Worker; busy: boolean } {
    const w = new Worker(this.options.workerScript!, { workerData: { role: LIBRARY_WORKER_ROLE, lowPriority: this.options.lowPriority !== false } });
    const slot = { w, busy: false };
    w.on("message", (m: FromLibraryWorker) => {
      slot.busy = false;
      this.running--;
      this.onResult("session" in m ? m : { session: failedSession(m.path, m.error), docs: [] });
      this.pump();
    });
    w.on("error", () => {
      // A worker that died: its file is not retried (it would kill the next one too); a new worker takes the rest.
      if (slot.busy) this.running--;
      this.workers = this.workers.filter((s) => s !== slot);
      this.pump();
    });
    return slot;
  }
}
