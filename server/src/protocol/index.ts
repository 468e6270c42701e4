/**
 * Every message between extension, server and webview, typed once: the view model (view.ts), the
 * LSP custom requests and notifications (lsp.ts) and the webview messages (webview.ts).
 */
export * from "./lsp.js";
export * from "./view.js";
export * from "./webview.js";
