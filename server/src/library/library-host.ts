/**
 * The session library's own thread in the language server. The server's thread answers the
 * editor (hovers, code actions, diagnostics); everything the library does (the cache read and
 * parsed, the search index loaded, added to, searched and written, folders listed, sessions
 * linked, the Sessions view's nodes and the summary computed) happens here, in a worker thread at
 * a low CPU priority started from dist/library-worker.js (the same bundle as the check workers,
 * which this thread starts in turn). The server's thread only passes messages: library-lsp.ts.
 *
 * Messages: the server sends requests with an id and a pause while the user types; this thread
 * answers each id, and says when the library changed (its status: a few numbers and the headline)
 * and what to log.
 */
import type { MessagePort } from "node:worker_threads";
import type { LibraryChildrenParams, LibraryConfigureParams, LibrarySearchParams, LibrarySummary } from "../protocol/library.js";
import { libraryRoots } from "./folders.js";
import type { FromLibraryHost, LibraryHostData, LibraryHostMethod, ToLibraryHost } from "./host-messages.js";
import { defaultCacheDir, Library } from "./library.js";

export const SEARCH_LIMIT = { default: 50, max: 500 };

/** Serves the library on `port` (the worker's parentPort) until the thread ends. */
export function serveLibrary(port: MessagePort, data: LibraryHostData): void {
  let library: Library | undefined;
  const post = (m: FromLibraryHost) => port.postMessage(m);
  const log = (m: string) => post({ log: m });

  const configure = async (p: LibraryConfigureParams): Promise<LibrarySummary | null> => {
    library?.dispose();
    library = undefined;
    if (!p.enabled) return null;
    const roots = libraryRoots({ home: p.home, env: process.env, workspaceFolders: p.workspaceFolders, folders: p.folders });
    const lib: Library = new Library({
      roots,
      cacheDir: p.cacheDir ?? defaultCacheDir(p.home),
      workerScript: data.workerScript,
      threads: p.threads ?? 1,
      lowPriority: data.lowPriority,
      provider: p.provider,
      priceFile: p.priceFile || undefined,
      searchBudgetChars: p.searchBudgetChars,
      workspaceFolders: p.workspaceFolders,
      onChange: () => {
        if (library === lib) post({ changed: lib.status() });
      },
    });
    library = lib;
    await lib.ready;
    if (library !== lib) return library ? library.summary({ bounded: true }) : null;
    if (lib.priceFileError) log(`the price file ${p.priceFile} cannot be used (${lib.priceFileError}); the table that ships is used`);
    lib.startWatching();
    log(`${roots.length} folders: ${roots.map((r) => r.path).join(", ")}`);
    void lib.scan().catch((e) => log(`scan failed: ${(e as Error).message}`));
    return lib.summary({ bounded: true });
  };

  const handle = async (method: LibraryHostMethod, params: any): Promise<unknown> => {
    switch (method) {
      case "configure":
        return configure(params as LibraryConfigureParams);
      case "summary":
        return library?.summary({ bounded: true }) ?? null;
      case "refresh": {
        const lib = library;
        if (!lib) return null;
        await lib.scan();
        return lib.summary({ bounded: true });
      }
      case "children":
        return library?.children(params as LibraryChildrenParams) ?? { nodes: [], more: 0 };
      case "search": {
        const p = params as LibrarySearchParams;
        return library?.search(String(p?.query ?? ""), Math.min(Math.max(1, Number(p?.limit) || SEARCH_LIMIT.default), SEARCH_LIMIT.max)) ?? { hits: [], total: 0, notIndexed: 0 };
      }
    }
  };

  port.on("message", (m: ToLibraryHost) => {
    if ("pause" in m) return void library?.pause(m.pause);
    handle(m.method, m.params).then(
      (result) => post({ id: m.id, result }),
      (e) => post({ id: m.id, error: (e as Error)?.message ?? String(e) }),
    );
  });
}
