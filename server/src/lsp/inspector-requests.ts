/**
 * The windowed inspector's requests (protocol/view-window.ts): `summary`, `rows`, `locate` and
 * `fullText`. The view of a document version is computed once, kept with that version's state,
 * and answered in slices; a request for another revision gets the current one's answer and the
 * page, seeing the revision, waits for the new summary.
 */
import type { Connection } from "vscode-languageserver/node";
import { FullTextRequest, LocateRequest, RowsRequest, SummaryRequest } from "../protocol/lsp.js";
import { messageFullText } from "../presentation/message-full-text.js";
import { buildRenderView } from "../presentation/view-model.js";
import { ViewWindow } from "../presentation/view-window.js";
import type { ViewProvider } from "../protocol/view.js";
import type { DocState } from "./store.js";

/** Runs `f` on the document's state when it is a session (null otherwise); never rejects. */
export type WithSession = <T>(uri: string, f: (st: DocState) => T) => Promise<T | null>;

let nextRevision = 1;
/** One window per analysed state: a new version (new state) gets a new window; the old goes with its state. */
const windows = new WeakMap<DocState, ViewWindow>();

export function viewWindowOf(st: DocState): ViewWindow {
  let w = windows.get(st);
  if (!w) {
    const a = st.analysis!;
    const view = buildRenderView(a, st.uri, st.version);
    w = new ViewWindow(view, nextRevision++, (side, i) => {
      const m = (side === "before" ? a.before : a.after)[i];
      return m ? messageFullText(m) : undefined;
    });
    windows.set(st, w);
  }
  return w;
}

/**
 * Registers the requests. `shown(uri)` is called when a summary is served (the server publishes
 * diagnostics for a file it read from disk).
 */
export function registerInspectorRequests(connection: Connection, withSession: WithSession, shown: (uri: string) => void, providerView?: (uri: string, provider: string | undefined) => Promise<ViewProvider | undefined>): void {
  connection.onRequest(SummaryRequest, async (p) => {
    const summary = await withSession(p.uri, (st) => viewWindowOf(st).summary);
    if (!summary) return summary;
    shown(p.uri);
    // the target provider (or the one the page asked to see) and every provider's verdict
    const provider = providerView ? await providerView(p.uri, p.provider) : undefined;
    return provider ? { ...summary, provider } : summary;
  });
  connection.onRequest(RowsRequest, (p) => withSession(p.uri, (st) => viewWindowOf(st).rowsAnswer(p)));
  connection.onRequest(LocateRequest, (p) => withSession(p.uri, (st) => viewWindowOf(st).locate(p)));
  connection.onRequest(FullTextRequest, (p) => withSession(p.uri, (st) => viewWindowOf(st).fullTextAnswer(p)));
}
