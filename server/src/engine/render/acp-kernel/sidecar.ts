/**
 * billion-context-pi's sidecar `<session>.jsonl.acp.json`: acp-kernel's `CompressionState` (plus
 * `liveRefOrigins`) as one JSON object (docs/research/formats.md section 3.3). A file counts as state only
 * when `blocks` is an array; missing fields take the kernel's initial values, and a field of the
 * wrong type makes the file invalid state (an `acp-sidecar-invalid` finding).
 */
import { describeJsonType, isObject } from "../../model/parse.js";

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

/** Every field is type-checked: a wrong type makes the whole file invalid (a finding), never a crash later. */
function stringList(v: unknown, what: string): string[] | string {
  if (!Array.isArray(v)) return `${what} is not an array`;
  for (const [i, x] of v.entries()) if (typeof x !== "string") return `${what}[${i}] is ${describeJsonType(x)}, not a string`;
  return v as string[];
}

function stringMap(v: unknown, what: string): Record<string, string> | string {
  if (!isObject(v)) return `${what} is ${describeJsonType(v)}, not an object`;
  const out: Record<string, string> = Object.create(null);
  for (const [k, x] of Object.entries(v)) {
    if (typeof x !== "string") return `${what}[${JSON.stringify(k)}] is ${describeJsonType(x)}, not a string`;
    out[k] = x;
  }
  return out;
}

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
    const where = `block ${JSON.stringify(b.blockId)}`;
    if (!Array.isArray(b.effectiveMessageIds)) return { ok: false, error: `${where} has no \`effectiveMessageIds\` array` };
    const lists: Record<string, string[]> = {};
    for (const k of ["directMessageIds", "effectiveMessageIds", "directBlockIds"]) {
      if (b[k] === undefined) {
        lists[k] = [];
        continue;
      }
      const l = stringList(b[k], `${where}: \`${k}\``);
      if (typeof l === "string") return { ok: false, error: l };
      lists[k] = l;
    }
    if (b.tier !== undefined && typeof b.tier !== "number") return { ok: false, error: `${where}: \`tier\` is ${describeJsonType(b.tier)}, not a number` };
    for (const k of ["topic", "summary"])
      if (b[k] !== undefined && typeof b[k] !== "string") return { ok: false, error: `${where}: \`${k}\` is ${describeJsonType(b[k])}, not a string` };
    if (b.active !== undefined && typeof b.active !== "boolean") return { ok: false, error: `${where}: \`active\` is ${describeJsonType(b.active)}, not a boolean` };
    blocks.push({
      blockId: b.blockId,
      tier: b.tier,
      topic: b.topic,
      summary: b.summary ?? "",
      directMessageIds: lists.directMessageIds,
      effectiveMessageIds: lists.effectiveMessageIds,
      directBlockIds: lists.directBlockIds,
      active: b.active !== false,
    });
  }
  const messageRefs = { byRaw: {} as Record<string, string>, byRef: {} as Record<string, string> };
  if (v.messageRefs !== undefined) {
    if (!isObject(v.messageRefs)) return { ok: false, error: `\`messageRefs\` is ${describeJsonType(v.messageRefs)}, not an object` };
    for (const k of ["byRaw", "byRef"] as const) {
      if (v.messageRefs[k] === undefined) continue;
      const m = stringMap(v.messageRefs[k], `\`messageRefs.${k}\``);
      if (typeof m === "string") return { ok: false, error: m };
      messageRefs[k] = m;
    }
  }
  return { ok: true, state: { blocks, messageRefs } };
}
