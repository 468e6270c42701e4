/** Messages from the extension host: a new view, a line to reveal, an error. Posts "ready" once listening. */
import { useEffect, useState } from "react";
import type { RenderView } from "../../../server/src/protocol/view.js";
import type { HostToWebview } from "../../../server/src/protocol/webview.js";
import type { VsCodeApi } from "../vscode.js";

export interface HostState {
  view: RenderView | null;
  error: string | null;
  /** The last line the host asked to reveal, with a counter so the same line twice is two requests. */
  reveal: { line: number; seq: number } | null;
}

export function useHostMessages(api: VsCodeApi): HostState {
  const [state, setState] = useState<HostState>({ view: null, error: null, reveal: null });
  useEffect(() => {
    let seq = 0;
    const onMessage = (e: MessageEvent) => {
      const msg = e.data as HostToWebview;
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "render" && msg.view && typeof msg.view === "object") setState((s) => ({ ...s, view: msg.view, error: null }));
      else if (msg.type === "revealLine" && typeof msg.line === "number") setState((s) => ({ ...s, reveal: { line: msg.line, seq: ++seq } }));
      else if (msg.type === "error") setState((s) => ({ ...s, error: String(msg.message) }));
    };
    window.addEventListener("message", onMessage);
    api.postMessage({ type: "ready" });
    return () => window.removeEventListener("message", onMessage);
  }, [api]);
  return state;
}
