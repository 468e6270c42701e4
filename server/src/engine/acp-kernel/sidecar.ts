/**
 * billion-context-pi's sidecar `<session>.jsonl.acp.json`: acp-kernel's `CompressionState` (plus
 * `liveRefOrigins`) as one JSON object (research notes section 3.3). A file counts as state only
 * when `blocks` is an array; missing fields take the kernel's initial values.
 */
import { isObject } from "../parse.js";

export interface CompressionBlock {
  blockId: string;
  tier?: number;
  topic?: string;
  summary: string;
  directMessageIds: string[];
  effectiveMessageIds: string[];
  directBlockIds: string[];
  active: boolean;
}

export interface CompressionState {
  blocks: CompressionBlock[];
  messageRefs: { byRaw: Record<string, string>; byRef: Record<string, string> };
}

export type SidecarRead = { ok: true; state: CompressionState } | { ok: false; error: string };

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export function readSidecar(text: string): SidecarRead {
  let v: unknown;
  try {
    v = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return { ok: false, error: `not valid JSON (${(e as Error).message})` };
  }
  if (!isObject(v)) return { ok: false, error: "not a JSON object" };
  if (!Array.isArray(v.blocks)) return { ok: false, error: "`blocks` is not an array" };
  const blocks: CompressionBlock[] = [];
  for (const [i, b] of v.blocks.entries()) {
    if (!isObject(b) || typeof b.blockId !== "string") return { ok: false, error: `block ${i} has no string \`blockId\`` };
    if (!Array.isArray(b.effectiveMessageIds)) return { ok: false, error: `block ${b.blockId} has no \`effectiveMessageIds\` array` };
    blocks.push({
      blockId: b.blockId,
      tier: typeof b.tier === "number" ? b.tier : undefined,
      topic: typeof b.topic === "string" ? b.topic : undefined,
      summary: typeof b.summary === "string" ? b.summary : "",
      directMessageIds: strings(b.directMessageIds),
      effectiveMessageIds: strings(b.effectiveMessageIds),
      directBlockIds: strings(b.directBlockIds),
      active: b.active !== false,
    });
  }
  const refs = isObject(v.messageRefs) ? v.messageRefs : {};
  return {
    ok: true,
    state: {
      blocks,
      messageRefs: { byRaw: isObject(refs.byRaw) ? (refs.byRaw as any) : {}, byRef: isObject(refs.byRef) ? (refs.byRef as any) : {} },
    },
  };
}
