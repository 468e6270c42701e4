/**
 * dist/library-worker.js: the session library's threads, by the role they are started with.
 * - The library's own thread in the language server (library-host.ts): the library, its cache
 *   and search index, answering the server's thread. library-lsp.ts starts it.
 * - A check worker: summarises the session files it is sent, one at a time, at the lowest CPU
 *   priority in the language server. check-pool.ts starts it (from the library's thread, or from
 *   the command line).
 */
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { type FromLibraryWorker, LIBRARY_WORKER_ROLE, type ToLibraryWorker } from "./check-pool.js";
import { LIBRARY_HOST_ROLE } from "./host-messages.js";
import { serveLibrary } from "./library-host.js";
import { type PriceTable, readPriceFile, shippedPriceTable } from "./pricing.js";
import { loadStores } from "../io/session-store.js";
import { summarizeFile, summarizeStoreSession } from "./summarize.js";

/** Nice values: the check the lowest; the library's own thread a little above it (it answers the Sessions view). */
const CHECK_NICE = 19;
const HOST_NICE = 10;

function lowerPriority(nice: number): void {
  try {
    // On Linux the nice value is per thread: this lowers only this thread.
    setPriority(nice);
  } catch {}
}

if (parentPort && workerData?.role === LIBRARY_HOST_ROLE) {
  if (workerData.lowPriority) lowerPriority(HOST_NICE);
  serveLibrary(parentPort, workerData);
} else if (parentPort && workerData?.role === LIBRARY_WORKER_ROLE) {
  if (workerData.lowPriority) lowerPriority(CHECK_NICE);
  const tables = new Map<string, PriceTable>();
  const port = parentPort;
  // One job at a time (the pool sends the next after the answer); a store's session needs SQLite, loaded once.
  port.on("message", async (m: ToLibraryWorker) => {
    try {
      if (m.store) await loadStores();
      let prices = shippedPriceTable();
      if (m.priceFile) {
        let t = tables.get(m.priceFile);
        if (!t) tables.set(m.priceFile, (t = readPriceFile(m.priceFile)));
        prices = t;
      }
      const options = { provider: m.provider, prices, docChars: m.docChars, maxDocs: m.maxDocs, archived: m.archived };
      port.postMessage((m.store ? summarizeStoreSession(m.store, options) : summarizeFile(m.path, options)) satisfies FromLibraryWorker);
    } catch (e) {
      port.postMessage({ error: (e as Error).message, path: m.path } satisfies FromLibraryWorker);
    }
  });
}
