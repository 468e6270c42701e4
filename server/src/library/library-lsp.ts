/**
 * The session library in the language server: the extension configures it (folders, cache,
 * provider, price file), asks for the Sessions view's nodes, the summary and search results, and
 * is told when sessions change. The library lives on a thread of its own (library-host.ts, started
 * from dist/library-worker.js beside dist/server.js at a low CPU priority), which starts the check
 * workers in turn. This thread only passes messages and never reads, parses or computes for the
 * library: a hover, a code action or the diagnostics of an open document never wait behind it.
 * The check pauses while the user types in any document.
 */
import { promises as fsp } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { Connection, TextDocuments } from "vscode-languageserver/node";
import { LibraryChangedNotification, LibraryChildrenRequest, LibraryConfigureRequest, LibraryRefreshRequest, LibrarySearchRequest, LibrarySummaryRequest } from "../protocol/library.js";
import { type FromLibraryHost, LIBRARY_HOST_ROLE, type LibraryHostData, type LibraryHostMethod, type LibraryHostMethods, type ToLibraryHost } from "./host-messages.js";

/** How long the check holds back after a keystroke. */
export const TYPING_PAUSE_MS = 2000;
/** Keystrokes closer than this send one pause. */
const PAUSE_EVERY_MS = 250;

export function registerLibraryRequests(connection: Connection, documents: TextDocuments<any>, workerScript = join(__dirname, "library-worker.js")): { dispose(): void } {
  const log = (m: string) => connection.console.log(`library: ${m}`);
  // Whether the bundle has its worker script, asked once, without waiting for the answer here.
  const available = fsp.access(workerScript).then(
    () => true,
    () => false,
  );
  let host: Worker | undefined;
  let nextId = 1;
  const calls = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  const start = (): Worker => {
    const w = new Worker(workerScript, { workerData: { role: LIBRARY_HOST_ROLE, workerScript, lowPriority: true } satisfies LibraryHostData });
    w.on("message", (m: FromLibraryHost) => {
      if ("changed" in m) void connection.sendNotification(LibraryChangedNotification, m.changed).catch(() => undefined);
      else if ("log" in m) log(m.log);
      else {
        const c = calls.get(m.id);
        calls.delete(m.id);
        if (!c) return;
        if ("error" in m) c.reject(new Error(m.error));
        else c.resolve(m.result);
      }
    });
    w.on("error", (e) => log(`its thread failed: ${e.stack ?? e.message}`));
    w.on("exit", () => {
      if (host === w) host = undefined;
      for (const c of calls.values()) c.reject(new Error("the library's thread ended"));
      calls.clear();
    });
    return w;
  };

  const stop = () => {
    const w = host;
    host = undefined;
    if (w) void w.terminate();
  };

  /** A request to the library's thread; `fallback` when the library is off. */
  const call = <M extends LibraryHostMethod>(method: M, params: LibraryHostMethods[M]["params"], fallback: LibraryHostMethods[M]["result"]): Promise<LibraryHostMethods[M]["result"]> => {
    const w = host;
    if (!w) return Promise.resolve(fallback);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      w.postMessage({ id, method, params } satisfies ToLibraryHost);
    });
  };

  connection.onRequest(LibraryConfigureRequest, async (p) => {
    if (!p.enabled) {
      stop();
      return null;
    }
    if (!(await available)) {
      log(`${workerScript} is missing: the session library is off`);
      return null;
    }
    host ??= start();
    return call("configure", p, null);
  });
  connection.onRequest(LibrarySummaryRequest, () => call("summary", undefined, null));
  connection.onRequest(LibraryRefreshRequest, () => call("refresh", undefined, null));
  connection.onRequest(LibraryChildrenRequest, (p) => call("children", p, { nodes: [], more: 0 }));
  connection.onRequest(LibrarySearchRequest, (p) => call("search", p, { hits: [], total: 0, notIndexed: 0 }));
  // The user types: the background check holds back (one message per PAUSE_EVERY_MS at most).
  let lastPause = 0;
  const typing = documents.onDidChangeContent(() => {
    const now = Date.now();
    if (!host || now - lastPause < PAUSE_EVERY_MS) return;
    lastPause = now;
    host.postMessage({ pause: TYPING_PAUSE_MS } satisfies ToLibraryHost);
  });
  return {
    dispose() {
      typing.dispose();
      stop();
    },
  };
}
