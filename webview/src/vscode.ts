/**
 * The host API VS Code injects into webviews (`acquireVsCodeApi`), typed for our messages, and
 * the page's door for the host's messages: anything that is not a well-formed `HostToWebview`
 * is stopped here, before the app's listeners see it.
 *
 * The saved state is small on purpose (filters, scroll position, selection, the session's URI):
 * after a hide/show or a window reload the host sends the summary again and the page asks for its
 * rows; the URI tells the extension's panel serializer which session a restored panel shows.
 */
import { isHostToWebview, type WebviewToHost } from "../../server/src/protocol/webview.js";
import type { Filters } from "./model.js";

export interface PersistedState {
  filters: Filters;
  scrollTop: number;
  /** Key of the first row in view: restores the position even when row heights are re-measured. */
  anchorKey?: string;
  /** The highlighted file line (the selection). */
  selectedLine?: number | null;
  /** The session shown (set here from the last summary). */
  uri?: string;
}

export interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
  getState(): PersistedState | undefined;
  setState(state: PersistedState): void;
}

declare global {
  function acquireVsCodeApi(): VsCodeApi;
}

/** The state as stored: no view or rows, and the session's URI from the last summary. */
export function storedState(state: PersistedState, uri: string | undefined): PersistedState {
  // a view or rows never go into the state, whatever a caller passes
  const { view: _view, rows: _rows, summary: _summary, ...rest } = state as PersistedState & { view?: unknown; rows?: unknown; summary?: unknown };
  const shown = uri ?? state.uri;
  return shown === undefined ? rest : { ...rest, uri: shown };
}

let api: VsCodeApi | undefined;
export function vscode(): VsCodeApi {
  if (api) return api;
  let raw: VsCodeApi;
  if (typeof acquireVsCodeApi === "function") raw = acquireVsCodeApi();
  else {
    // outside a webview (never in VS Code): a no-op stand-in so the page still renders
    let state: PersistedState | undefined;
    raw = { postMessage: () => undefined, getState: () => state, setState: (s) => void (state = s) };
  }
  let uri = raw.getState()?.uri;
  // registered before the app mounts, so it runs first: malformed messages go no further
  window.addEventListener("message", (e: MessageEvent) => {
    if (!isHostToWebview(e.data)) e.stopImmediatePropagation();
    else if (e.data.type === "summary") uri = e.data.summary.uri;
  });
  api = {
    postMessage: (m) => raw.postMessage(m),
    getState: () => raw.getState(),
    setState: (s) => raw.setState(storedState(s, uri)),
  };
  return api;
}
