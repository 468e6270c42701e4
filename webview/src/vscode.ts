/** The host API VS Code injects into webviews (`acquireVsCodeApi`), typed for our messages. */
import type { RenderView, WebviewToHost } from "../../server/src/protocol/index.js";
import type { Filters } from "./model.js";

export interface PersistedState {
  filters: Filters;
  scrollTop: number;
  /** Key of the first row in view: restores the position even when row heights are re-measured. */
  anchorKey?: string;
  view: RenderView | null;
}

export interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
  getState(): PersistedState | undefined;
  setState(state: PersistedState): void;
}

declare global {
  function acquireVsCodeApi(): VsCodeApi;
}

let api: VsCodeApi | undefined;
export function vscode(): VsCodeApi {
  if (!api) {
    if (typeof acquireVsCodeApi === "function") api = acquireVsCodeApi();
    else {
      // outside a webview (never in VS Code): a no-op stand-in so the page still renders
      let state: PersistedState | undefined;
      api = { postMessage: () => undefined, getState: () => state, setState: (s) => void (state = s) };
    }
  }
  return api;
}
