/**
 * Messages between the extension host and the inspector webview (postMessage).
 */
import type { RenderView, ViewFix } from "./view.js";

// ---------------------------------------------------------------------------------------------
// Extension <-> webview messages (postMessage)

export type HostToWebview =
  | { type: "render"; view: RenderView }
  | { type: "revealLine"; line: number }
  | { type: "error"; message: string };

export type WebviewToHost =
  | { type: "ready" }
  | { type: "openLine"; line: number }
  | { type: "applyFix"; fix: ViewFix };
