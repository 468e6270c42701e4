/**
 * Every message between extension, server and webview, typed once: the view model (view.ts), the
 * LSP custom requests and notifications (lsp.ts) and the webview messages (webview.ts).
 * For Node code (server, extension, tests): the webview imports view.ts and webview.ts directly,
 * so its bundle holds no JSON-RPC runtime.
 */
export * from "./lsp.js";
export * from "./providers.js";
export * from "./view.js";
export * from "./view-window.js";
export * from "./unsafe-chars.js";
export * from "./webview.js";
export * from "./stores.js";
