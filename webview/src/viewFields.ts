/**
 * The one place that reads the view model's packed string fields back into structured values.
 *
 * Today the server sends tool names joined with ", ", drop reasons as strings ("chain:b7",
 * "acp:b3", "orphan-sweep", "pi-ai:...") and after-keys with a "#N" suffix when a message is
 * repeated. When the view model carries arrays, typed reasons and plain keys, only this file
 * changes: everything else in the webview asks these functions.
 */
import type { ViewMessage } from "../../server/src/protocol/index.js";

/** A drop reason as the webview shows it: what kind of drop, and the block it belongs to. */
export interface DropReason {
  /** "chain", "acp", "orphan-sweep", "pi-ai", ... (the part before the first ":"). */
  kind: string;
  /** The range's block id for chain and acp drops. */
  blockId?: string;
  /** The whole reason, for search, tooltips and data attributes. */
  text: string;
}

/** Individual tool names of a message ("read, read, bash" is read, read and bash). */
export function toolNames(m: ViewMessage | undefined): string[] {
  if (!m?.toolName) return [];
  return m.toolName
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Why a before-message is not in "after", or undefined when it is kept. */
export function dropReason(m: ViewMessage | undefined): DropReason | undefined {
  const text = m?.droppedBy;
  if (!text) return undefined;
  const at = text.indexOf(":");
  const kind = at < 0 ? text : text.slice(0, at);
  const rest = at < 0 ? undefined : text.slice(at + 1);
  return { kind, blockId: kind === "chain" || kind === "acp" ? rest : undefined, text };
}

/** The before-key an after-message is a copy of (after-keys may carry a "#N" repeat suffix). */
export function sourceKey(afterKey: string): string {
  return afterKey.replace(/#\d+$/, "");
}
