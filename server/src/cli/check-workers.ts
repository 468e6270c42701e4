/**
 * `check` on several files uses every core: worker threads run check-file.ts, one file at a
 * time each, and post the file's output pieces (batched to about 64 KB) and its outcome. The
 * main thread hands out the files in order and writes the output in the files' order.
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { type CheckJob, checkFile, emptyCounts, type FileOutcome } from "./check-file.js";

type ToWorker = { i: number; job: CheckJob };
type FromWorker = { type: "piece"; i: number; s: string } | { type: "done"; i: number; outcome: FileOutcome };

const MARK = "transcript-inspector check worker";

/** Whether this thread is a check worker (started by `runInWorkers`). */
export function isCheckWorker(): boolean {
  return !isMainThread && workerData?.role === MARK;
}

/** The worker's loop: check each file it is sent, post its pieces and outcome. */
export function startCheckWorker(): void {
  parentPort!.on("message", ({ i, job }: ToWorker) => {
    const gen = checkFile(job);
    let buf: string[] = [];
    let n = 0;
    for (;;) {
      const r = gen.next();
      if (r.done) {
        if (n) parentPort!.postMessage({ type: "piece", i, s: buf.join("") } satisfies FromWorker);
        parentPort!.postMessage({ type: "done", i, outcome: r.value } satisfies FromWorker);
        break;
      }
      buf.push(r.value);
      n += r.value.length;
      if (n >= 64 * 1024) {
        parentPort!.postMessage({ type: "piece", i, s: buf.join("") } satisfies FromWorker);
        buf = [];
        n = 0;
      }
    }
  });
}

export interface WorkerEvents {
  piece(i: number, s: string): void;
  done(i: number, outcome: FileOutcome): void;
}

/** Checks `jobs` on `threads` worker threads running `script`; resolves when every file is done. A worker that dies fails its file, and another takes the rest. */
export function runInWorkers(jobs: CheckJob[], threads: number, script: string, on: WorkerEvents): Promise<void> {
  let next = 0;
  let finished = 0;
  return new Promise<void>((resolve) => {
    if (jobs.length === 0) return resolve();
    const start = () => {
      const worker = new Worker(script, { workerData: { role: MARK } });
      let current = -1;
      const feed = () => {
        if (next >= jobs.length) {
          current = -1;
          void worker.terminate();
          return;
        }
        current = next++;
        worker.postMessage({ i: current, job: jobs[current] } satisfies ToWorker);
      };
      worker.on("message", (m: FromWorker) => {
        if (m.type === "piece") on.piece(m.i, m.s);
        else {
          on.done(m.i, m.outcome);
          if (++finished === jobs.length) resolve();
          feed();
        }
      });
      worker.on("error", (e) => {
        if (current < 0) return;
        const i = current;
        current = -1;
        on.done(i, { kind: "failed", status: 2, messages: [`${jobs[i].path}: internal error: ${e.message}`], counts: emptyCounts(), thread: worker.threadId });
        if (++finished === jobs.length) resolve();
        else if (next < jobs.length) start();
      });
      feed();
    };
    for (let k = 0; k < threads; k++) start();
  });
}
