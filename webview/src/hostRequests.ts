/**
 * Requests from the page to the host (rows, a row's place, a message's full text), each with an
 * id its answer repeats. An answer that never comes (the panel closed, the server restarted)
 * resolves to null after a while, so nothing waits for ever.
 */
import type { FullTextAnswer, FullTextQuery, LocateAnswer, LocateQuery, RowsAnswer, RowsQuery, SubagentAnswer, SubagentQuery } from "../../server/src/protocol/view-window.js";
import type { HostToWebview } from "../../server/src/protocol/webview.js";
import type { VsCodeApi } from "./vscode.js";

const ANSWER_TIMEOUT_MS = 30_000;

interface Kinds {
  rows: [RowsQuery, RowsAnswer];
  locate: [LocateQuery, LocateAnswer];
  fullText: [FullTextQuery, FullTextAnswer];
  subagent: [SubagentQuery, SubagentAnswer];
}
const ANSWER_TYPE = { rows: "rows", locate: "located", fullText: "fullText", subagent: "subagent" } as const;

export class HostRequests {
  private nextId = 1;
  private readonly waiting = new Map<number, { type: string; done: (a: unknown) => void }>();

  constructor(private readonly api: VsCodeApi) {}

  ask<K extends keyof Kinds>(kind: K, query: Kinds[K][0]): Promise<Kinds[K][1] | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = window.setTimeout(() => finish(null), ANSWER_TIMEOUT_MS);
      const finish = (a: unknown) => {
        window.clearTimeout(timer);
        this.waiting.delete(id);
        resolve(a as Kinds[K][1] | null);
      };
      this.waiting.set(id, { type: ANSWER_TYPE[kind], done: finish });
      this.api.postMessage({ type: kind, id, query } as never);
    });
  }

  /** Hands an answer to its request; false when the message is not an answer this page waits for. */
  answer(m: HostToWebview): boolean {
    if (m.type !== "rows" && m.type !== "located" && m.type !== "fullText" && m.type !== "subagent") return false;
    const w = this.waiting.get(m.id);
    if (!w || w.type !== m.type) return false;
    w.done(m.answer);
    return true;
  }
}
