/**
 * The library's worker thread (dist/library-worker.js): summarises the session files it is sent,
 * one at a time, at the lowest CPU priority. check-pool.ts starts it.
 */
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { type FromLibraryWorker, LIBRARY_WORKER_ROLE, type ToLibraryWorker } from "./check-pool.js";
import { type PriceTable, readPriceFile, shippedPriceTable } from "./pricing.js";
import { summarizeFile } from "./summarize.js";

if (parentPort && workerData?.role === LIBRARY_WORKER_ROLE) {
  if (workerData.lowPriority)
    try {
      // On Linux the nice value is per thread: this lowers only this worker.
      setPriority(19);
    } catch {}
  const tables = new Map<string, PriceTable>();
  const port = parentPort;
  port.on("message", (m: ToLibraryWorker) => {
    try {
      let prices = shippedPriceTable();
      if (m.priceFile) {
        let t = tables.get(m.priceFile);
        if (!t) tables.set(m.priceFile, (t = readPriceFile(m.priceFile)));
        prices = t;
      }
      port.postMessage(summarizeFile(m.path, { provider: m.provider, prices, docChars: m.docChars, maxDocs: m.maxDocs, archived: m.archived }) satisfies FromLibraryWorker);
    } catch (e) {
      port.postMessage({ error: (e as Error).message, path: m.path } satisfies FromLibraryWorker);
    }
  });
}
