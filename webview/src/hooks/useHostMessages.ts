/**
 * Messages from the extension host: a new summary, a line to reveal, an error, and the answers
 * to the page's requests (handed to `requests`). Posts "ready" once listening.
 */
import { useEffect, useMemo, useState } from "react";
import type { ViewSummary } from "../../../server/src/protocol/view-window.js";
import type { HostToWebview } from "../../../server/src/protocol/webview.js";
import { HostRequests } from "../hostRequests.js";
import type { VsCodeApi } from "../vscode.js";

export interface HostState {
  summary: ViewSummary | null;
  error: string | null;
  /** The last line the host asked to reveal, with a counter so the same line twice is two requests. */
  reveal: { line: number; seq: number } | null;
}

export function useHostMessages(api: VsCodeApi): HostState & { requests: HostRequests } {
  const requests = useMemo(() => new HostRequests(api), [api]);
  const [state, setState] = useState<HostState>({ summary: null, error: null, reveal: null });
  useEffect(() => {
    let seq = 0;
    const onMessage = (e: MessageEvent) => {
      const msg = e.data as HostToWebview;
      if (!msg || typeof msg !== "object") return;
      if (requests.answer(msg)) return;
      if (msg.type === "summary" && msg.summary && typeof msg.summary === "object") setState((s) => ({ ...s, summary: msg.summary, error: null }));
      else if (msg.type === "revealLine" && typeof msg.line === "number") setState((s) => ({ ...s, reveal: { line: msg.line, seq: ++seq } }));
      else if (msg.type === "error") setState((s) => ({ ...s, error: String(msg.message) }));
    };
    window.addEventListener("message", onMessage);
    api.postMessage({ type: "ready" });
    return () => window.removeEventListener("message", onMessage);
  }, [api, requests]);
  return { ...state, requests };
}
