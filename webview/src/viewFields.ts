/**
 * The one place that reads the view model's message fields into what the webview shows. The
 * server sends arrays and typed values (tool names, a typed drop reason, the before-key of an
 * after-message): nothing here splits or parses strings.
 */
import type { ViewMessage } from "../../server/src/protocol/view.js";

/** A drop reason as the webview shows it: what kind of drop, and the block it belongs to. */
export interface DropReason {
  kind: string;
  /** The range's block id for chain and acp drops. */
  blockId?: string;
  /** The reason as shown, for search, tooltips and data attributes. */
  text: string;
}

/** Individual tool names of a message (one per call). */
export function toolNames(m: ViewMessage | undefined): string[] {
  return m?.toolNames ?? [];
}

/** Why a before-message is not in "after", or undefined when it is kept. */
export function dropReason(m: ViewMessage | undefined): DropReason | undefined {
  const d = m?.droppedBy;
  return d ? { kind: d.kind, blockId: d.blockId, text: d.label } : undefined;
}

/**
 * When the message was written, when the view carries it (`timestamp`: epoch milliseconds or an
 * ISO string); undefined otherwise or when it is not a valid time.
 */
export function messageTime(m: ViewMessage | undefined): Date | undefined {
  const t = (m as { timestamp?: unknown } | undefined)?.timestamp;
  if (typeof t !== "number" && typeof t !== "string") return undefined;
  if (typeof t === "string" && t.trim() === "") return undefined;
  const d = new Date(t);
  return Number.isFinite(d.getTime()) ? d : undefined;
}

const two = (n: number) => String(n).padStart(2, "0");
/** "14:03:27" in the viewer's time zone (the full date and time go in the tooltip). */
export const clockTime = (d: Date) => `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
