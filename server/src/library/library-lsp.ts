/**
 * The session library in the language server: the extension configures it (folders, cache,
 * provider, price file), asks for the Sessions view's nodes, the summary and search results, and
 * is told when sessions change. The check runs on one low-priority worker thread
 * (dist/library-worker.js beside dist/server.js) and pauses while the user types in any document.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Connection, TextDocuments } from "vscode-languageserver/node";
import { LibraryChangedNotification, LibraryChildrenRequest, LibraryConfigureRequest, type LibraryConfigureParams, LibraryRefreshRequest, LibrarySearchRequest, LibrarySummaryRequest } from "../protocol/library.js";
import { libraryRoots } from "./folders.js";
import { defaultCacheDir, Library } from "./library.js";

/** How long the check holds back after a keystroke. */
export const TYPING_PAUSE_MS = 2000;

export function registerLibraryRequests(connection: Connection, documents: TextDocuments<any>): { dispose(): void } {
  let library: Library | undefined;
  const log = (m: string) => connection.console.log(`library: ${m}`);

  const configure = (p: LibraryConfigureParams): Library | undefined => {
    library?.dispose();
    library = undefined;
    if (!p.enabled) return undefined;
    const workerScript = join(__dirname, "library-worker.js");
    const roots = libraryRoots({ home: p.home, env: process.env, workspaceFolders: p.workspaceFolders, folders: p.folders });
    const make = (priceFile: string | undefined) =>
      new Library({
        roots,
        cacheDir: p.cacheDir ?? defaultCacheDir(p.home),
        workerScript: existsSync(workerScript) ? workerScript : undefined,
        threads: p.threads ?? 1,
        provider: p.provider,
        priceFile,
        searchBudgetChars: p.searchBudgetChars,
        workspaceFolders: p.workspaceFolders,
        onChange: () => {
          if (library === lib) void connection.sendNotification(LibraryChangedNotification, lib.summary()).catch(() => undefined);
        },
      });
    // the price file is read with the cache (lib.ready); one it cannot use leaves the table that ships
    const lib: Library = make(p.priceFile || undefined);
    void lib.ready.then(() => {
      if (lib.priceFileError) log(`the price file ${p.priceFile} cannot be used (${lib.priceFileError}); the table that ships is used`);
    });
    library = lib;
    lib.startWatching();
    log(`${roots.length} folders: ${roots.map((r) => r.path).join(", ")}`);
    void lib.scan().catch((e) => log(`scan failed: ${(e as Error).message}`));
    return lib;
  };

  connection.onRequest(LibraryConfigureRequest, (p) => configure(p)?.summary() ?? null);
  connection.onRequest(LibrarySummaryRequest, () => library?.summary() ?? null);
  connection.onRequest(LibraryRefreshRequest, async () => {
    if (!library) return null;
    await library.scan();
    return library.summary();
  });
  connection.onRequest(LibraryChildrenRequest, (p) => library?.children(p) ?? { nodes: [], more: 0 });
  connection.onRequest(LibrarySearchRequest, (p) => library?.search(p.query, Math.min(Math.max(1, p.limit ?? 50), 500)) ?? { hits: [], total: 0, notIndexed: 0 });
  // The user types: the background check holds back.
  const typing = documents.onDidChangeContent(() => library?.pause(TYPING_PAUSE_MS));
  return {
    dispose() {
      typing.dispose();
      library?.dispose();
    },
  };
}
