/**
 * Messages between the extension host and the inspector webview (postMessage), as typed unions
 * with runtime guards: each side checks what it receives before acting on it (the host what the
 * page posts, the page what the host posts). No imports with runtime code: the webview bundle
 * imports this file directly.
 */
import type { RenderView, ViewFix } from "./view.js";

/** Host -> webview. */
export type HostToWebview =
  | { type: "render"; view: RenderView }
  | { type: "revealLine"; line: number }
  | { type: "error"; message: string };

/** Webview -> host. */
export type WebviewToHost =
  | { type: "ready" }
  | { type: "openLine"; line: number }
  | { type: "applyFix"; fix: ViewFix }
  /** Show another provider's verdict: the host re-renders with that target (`auto`: the document's). */
  | { type: "showProvider"; provider: string };

type Obj = Record<string, unknown>;
const isObject = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
/** A 1-based line number. */
const isLine = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x) && x >= 1;
/** A provider name as the server lists them (`openai-chat`), or `auto`. */
const isProviderName = (x: unknown): x is string => typeof x === "string" && /^[a-z][a-z0-9-]{0,39}$/.test(x);
const isCount = (x: unknown): boolean => typeof x === "number" && Number.isFinite(x) && x >= 0;

/** A fix as the server offered it: the host hands it back to the server, which re-checks it. */
export function isViewFix(x: unknown): x is ViewFix {
  return (
    isObject(x) &&
    typeof x.title === "string" &&
    typeof x.kind === "string" &&
    isLine(x.line) &&
    (x.toolCallId === undefined || typeof x.toolCallId === "string")
  );
}

/**
 * The shape the page relies on (arrays where it iterates, the totals it prints); the values
 * inside are rendered as text, so their content needs no check here. Constant cost.
 */
export function isRenderView(x: unknown): x is RenderView {
  if (!isObject(x)) return false;
  const t = x.totals;
  return (
    typeof x.uri === "string" &&
    typeof x.format === "string" &&
    typeof x.pruner === "string" &&
    Array.isArray(x.before) &&
    Array.isArray(x.after) &&
    Array.isArray(x.ranges) &&
    isObject(x.findingCounts) &&
    isObject(t) &&
    isObject(t.before) &&
    isObject(t.after) &&
    isCount(t.before.messages) &&
    isCount(t.before.tokens) &&
    isCount(t.after.messages) &&
    isCount(t.after.tokens)
  );
}

export function isHostToWebview(x: unknown): x is HostToWebview {
  if (!isObject(x)) return false;
  switch (x.type) {
    case "render":
      return isRenderView(x.view);
    case "revealLine":
      return isLine(x.line);
    case "error":
      return typeof x.message === "string";
    default:
      return false;
  }
}

export function isWebviewToHost(x: unknown): x is WebviewToHost {
  if (!isObject(x)) return false;
  switch (x.type) {
    case "ready":
      return true;
    case "openLine":
      return isLine(x.line);
    case "applyFix":
      return isViewFix(x.fix);
    case "showProvider":
      return isProviderName(x.provider);
    default:
      return false;
  }
}
