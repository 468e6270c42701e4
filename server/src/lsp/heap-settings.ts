/**
 * V8 heap settings for the language server, set when it starts (they apply from the next
 * collection on, so they work however the server is launched: the extension's IPC, `--stdio`).
 *
 * A server holding a large session keeps most of its heap alive for as long as the session is
 * open, and every change allocates a new analysis beside it. By default V8 lets the old
 * generation grow to up to four times what survived the last full collection before collecting
 * again, and the young generation grow to 32 MB: on a 100 MB session the resident memory rose to
 * about 10 times the file's size after a few edits, most of it garbage not yet collected.
 * - `--heap-growing-percent`: the next full collection comes once the heap has grown by this
 *   share of what survived (measured with scripts/bench/lsp-scenario.ts: peak resident memory
 *   at 20 MB about a third lower; the extra collections cost little next to the analysis).
 * - `--semi-space-growth-factor=1`: the young generation keeps its initial size (a few MB).
 */
import { setFlagsFromString } from "node:v8";

export const HEAP_FLAGS = ["--heap-growing-percent=20", "--semi-space-growth-factor=1"];

export function tuneHeap(): void {
  for (const f of HEAP_FLAGS) setFlagsFromString(f);
}
