/**
 * The messages between the language server's thread (library-lsp.ts) and the library's own
 * thread (library-host.ts). Types and one constant only: the server's bundle imports this file
 * and none of the library.
 */
import type { LibraryChildrenParams, LibraryChildrenResult, LibraryConfigureParams, LibrarySearchParams, LibrarySearchResult, LibraryStatus, LibrarySummary } from "../protocol/library.js";

export const LIBRARY_HOST_ROLE = "transcript-inspector library host";

export interface LibraryHostData {
  role: typeof LIBRARY_HOST_ROLE;
  /** dist/library-worker.js: the check workers this thread starts. */
  workerScript: string;
  lowPriority: boolean;
}

export interface LibraryHostMethods {
  configure: { params: LibraryConfigureParams; result: LibrarySummary | null };
  summary: { params: undefined; result: LibrarySummary | null };
  refresh: { params: undefined; result: LibrarySummary | null };
  children: { params: LibraryChildrenParams; result: LibraryChildrenResult };
  search: { params: LibrarySearchParams; result: LibrarySearchResult };
}
export type LibraryHostMethod = keyof LibraryHostMethods;

export type ToLibraryHost = { id: number; method: LibraryHostMethod; params?: unknown } | { pause: number };
export type FromLibraryHost = { id: number; result: unknown } | { id: number; error: string } | { changed: LibraryStatus } | { log: string };

