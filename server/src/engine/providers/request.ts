/**
 * The request as a provider receives it, built from the wire messages (`analyze(...).after`:
 * for pi, after convertToLlm and pi-ai's transformMessages; for Claude Code and Codex, the
 * context as built). Provider packs check structure on this view only.
 *
 * - pi and Codex: consecutive tool results form one user message (pi-ai's Anthropic, Bedrock
 *   and Google serialisers group them; for Chat and Responses each result is its own item, and
 *   a group still sits between the same two messages).
 * - Claude Code: one line is one message; the blocks of a line keep their order.
 * - An assistant message is "same model" when it was produced by the model the request goes
 *   to. pi-ai keeps thinking, signatures and ids only on same-model messages: it turns other
 *   models' thinking into text and drops their signatures (transformMessages), and normalises
 *   their ids for the target. Rules about reasoning and id format look at same-model messages.
 */
import type { JsonPath, Msg } from "../model/types.js";
import { lineOf } from "../model/types.js";
import { resultPathOf } from "../model/occurrence-index.js";
import { sharedPrefix } from "../model/fold-resume.js";
import { pushAll } from "../model/arrays.js";

export type Part =
  | { kind: "text"; text: string; msg: Msg; index: number }
  | { kind: "other"; type: string; msg: Msg; index: number }
  | { kind: "thinking"; block: Record<string, any>; msg: Msg; index: number }
  | { kind: "call"; id: string; name?: string; block: Record<string, any>; msg: Msg; index: number }
  | { kind: "result"; id: string; isError: boolean; empty: boolean; msg: Msg };

export interface RequestMessage {
  role: "user" | "assistant";
  parts: Part[];
  /** The wire messages it was built from, in order. */
  sources: Msg[];
  /** Assistant only: produced by the target model (pi-ai keeps its reasoning and ids as they are). */
  sameModel: boolean;
  stopReason?: string;
  /** Filled by the rules on first use (rules.ts); a finished request message never changes. */
  memo?: { calls?: Part[]; results?: Part[]; ids?: readonly string[] | ReadonlySet<string> };
}

/** Where a finding about a part or message points: 0-based line and JSON path. */
export interface Place {
  line: number | null;
  path?: JsonPath;
}

export function placeOf(p: Part): Place {
  if (p.kind === "result") return { line: msgLine(p.msg), path: p.msg.origin.kind === "entry" ? resultPathOf(p.msg) : undefined };
  if (p.kind === "call") {
    if (typeof p.block.line === "number") return { line: p.block.line, path: p.block.path };
    return { line: msgLine(p.msg), path: p.msg.origin.kind === "entry" ? ["message", "content", p.index, "id"] : undefined };
  }
  if (p.kind === "text" || p.kind === "thinking" || p.kind === "other")
    return { line: msgLine(p.msg), path: p.msg.origin.kind === "entry" && Array.isArray(p.msg.content) ? ["message", "content", p.index] : undefined };
  return { line: null };
}

export function msgLine(m: Msg): number | null {
  return lineOf(m) ?? (m.origin.kind === "synthetic" ? m.origin.forLine ?? null : null);
}

export function messagePlace(m: RequestMessage): Place {
  for (const s of m.sources) {
    const line = msgLine(s);
    if (line !== null) return { line };
  }
  return { line: null };
}

function isEmptyContent(c: unknown): boolean {
  if (c === undefined || c === null) return true;
  if (typeof c === "string") return c.trim() === "";
  if (Array.isArray(c)) return c.every((b) => b && typeof b === "object" && b.type === "text" && String(b.text ?? "").trim() === "");
  return false;
}

function contentParts(m: Msg): Part[] {
  if (typeof m.content === "string") return [{ kind: "text", text: m.content, msg: m, index: 0 }];
  if (!Array.isArray(m.content)) return [];
  const out: Part[] = [];
  m.content.forEach((b: any, index: number) => {
    if (!b || typeof b !== "object") {
      // Not a content block (a bare string in Claude Code's edge cases): content, but no rule's concern.
      if (b !== null && b !== undefined) out.push({ kind: "other", type: typeof b, msg: m, index });
      return;
    }
    if (b.type === "text") out.push({ kind: "text", text: typeof b.text === "string" ? b.text : "", msg: m, index });
    else if (b.type === "thinking" || b.type === "redacted_thinking") out.push({ kind: "thinking", block: b, msg: m, index });
    else if (b.type === "toolCall" && typeof b.id === "string") out.push({ kind: "call", id: b.id, name: typeof b.name === "string" ? b.name : undefined, block: b, msg: m, index });
    else out.push({ kind: "other", type: String(b.type), msg: m, index });
  });
  return out;
}

/** A thinking block that pi-ai turns into text for another model (empty ones are dropped). */
function crossModelParts(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    if (p.kind !== "thinking") out.push(p);
    else if (p.block.type === "thinking" && !p.block.redacted && String(p.block.thinking ?? "").trim() !== "")
      out.push({ kind: "text", text: String(p.block.thinking), msg: p.msg, index: p.index });
  }
  return out;
}

export interface RequestOptions {
  /** Each file line is one request message (the format profile's `oneMessagePerLine`: Claude Code). */
  oneMessagePerLine: boolean;
  /** Whether an assistant wire message was produced by the target model. */
  sameModel: (m: Msg) => boolean;
  /** The parsed value of a file line (Claude Code: to order a line's blocks as written). */
  lineValue?: (line: number) => unknown;
  /** What the agent's own serialiser does on the way out (pi-ai's provider modules). */
  serializer?: Serializer;
  /**
   * Names everything the build depends on besides the wire messages (format, serializer, what
   * `sameModel` answers). Given, a build whose wire starts with the previous build's messages
   * (the same objects: an append) keeps that build's messages up to the last assistant message
   * in the shared part and builds only the rest.
   */
  resumeKey?: string;
}

/**
 * A build kept to resume from: its wire and, per request message, the wire index it starts at.
 * A resumed build takes the kept one's arrays over and changes them in place (copying an array of
 * every request message was most of an append's cost on a large session): `generation` counts the
 * builds that array has been through and `keep` how many of its leading messages the latest build
 * kept from the one before (see `requestLineage`).
 */
interface Built {
  wire: Msg[];
  out: RequestMessage[];
  starts: number[];
  generation: number;
  keep: number;
  /** Where the messages taken over from the kept build's end start (-1: none), and how far they moved. */
  tailFrom: number;
  tailShift: number;
}
/** The last build per resume key, keyed by the wire's first message (released with it). */
const lastBuilt = new WeakMap<Msg, Map<string, Built>>();
/**
 * Forgets the builds kept for a wire's first message under keys starting with `prefix` (the
 * caller's own) other than `keys` (the ones it just used): a pi session that switched model does
 * not keep the old model's build.
 */
export function keepBuilds(first: Msg | undefined, prefix: string, keys: ReadonlySet<string>): void {
  const byKey = first ? lastBuilt.get(first) : undefined;
  if (byKey) for (const k of [...byKey.keys()]) if (k.startsWith(prefix) && !keys.has(k)) byKey.delete(k);
}

/** The build or combination each returned request comes from (the array is its `out`). */
const lineageOf = new WeakMap<RequestMessage[], RequestLineage & { out: RequestMessage[] }>();

/**
 * How a request `buildRequest` returned relates to the previous contents of the same array: its
 * generation (how many builds the array has been through) and how many leading messages the
 * latest build kept from the generation before. A caller that remembers the array's generation
 * knows which part is unchanged without comparing the messages; undefined for other arrays.
 */
export function requestLineage(req: readonly RequestMessage[]): RequestLineage | undefined {
  const b = lineageOf.get(req as RequestMessage[]);
  return b && b.out === req ? b : undefined;
}

export interface RequestLineage {
  readonly generation: number;
  /** Leading messages kept from the generation before. */
  readonly keep: number;
  /**
   * The messages from `tailFrom` on are the generation before's from `tailFrom - tailShift` on
   * (an edit further back: the build took the end over); -1 when it did not.
   */
  readonly tailFrom: number;
  readonly tailShift: number;
}

/**
 * The part of `prev`'s request a build of `wire` can take over at its end: when both wires end
 * with the same messages (an edit before them), `prev`'s request messages from the first assistant
 * message inside that shared end (past the part rebuilt from `from`) are the same, since the
 * builder's state is fresh at an assistant message. `at`: the first of them in `prev.out` (-1:
 * none); `until`: the wire index the build stops at.
 */
function reusableTail(prev: Built, wire: Msg[], keep: number, from: number): { at: number; until: number } {
  const a = prev.wire;
  const limit = Math.min(a.length, wire.length) - from;
  let s = 0;
  while (s < limit && a[a.length - 1 - s] === wire[wire.length - 1 - s]) s++;
  const firstShared = a.length - s; // in prev.wire
  for (let j = keep; j < prev.out.length; j++) {
    if (prev.out[j].role !== "assistant" || prev.starts[j] < firstShared) continue;
    const until = prev.starts[j] + (wire.length - a.length);
    return { at: j, until };
  }
  return { at: -1, until: wire.length };
}

/**
 * Where a build of `wire` can resume from `prev`: the count of its request messages to keep and
 * the wire index to go on from. A kept prefix ends right before an assistant message whose wire
 * index lies in the part both wires share, so the builder's state there is fresh (no open result
 * group; a Claude Code line group cannot continue across an assistant message).
 */
function resumePoint(prev: Built, wire: Msg[]): { keep: number; from: number } {
  const k = sharedPrefix(prev.wire, wire);
  for (let j = prev.out.length - 1; j > 0; j--) if (prev.out[j].role === "assistant" && prev.starts[j] < k) return { keep: j, from: prev.starts[j] };
  return { keep: 0, from: 0 };
}

/**
 * pi-ai's provider serialisers (anthropic.ts, amazon-bedrock.ts, google-shared.ts,
 * openai-completions.ts, openai-responses-shared.ts, mistral.ts) leave out empty text and
 * thinking blocks and skip messages left with nothing (Bedrock's: assistant ones only); the Anthropic and
 * Bedrock ones send a thinking block without signature as plain text.
 */
export interface Serializer {
  dropEmpty: boolean;
  /** Also for user messages (pi-ai's Bedrock serialiser keeps empty user text). */
  dropEmptyUser: boolean;
  unsignedThinkingAsText: boolean;
}

function serialise(parts: Part[], s: Serializer): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    if (p.kind === "text" && s.dropEmpty && p.text.trim() === "") continue;
    if (p.kind === "thinking" && p.block.type === "thinking" && !p.block.redacted) {
      const text = String(p.block.thinking ?? "");
      if (s.dropEmpty && text.trim() === "") continue;
      const sig = p.block.thinkingSignature;
      if (s.unsignedThinkingAsText && !(typeof sig === "string" && sig.trim() !== "")) {
        out.push({ kind: "text", text, msg: p.msg, index: p.index });
        continue;
      }
    }
    out.push(p);
  }
  return out;
}


export function buildRequest(wire: Msg[], opts: RequestOptions): RequestMessage[] {
  const first = wire[0];
  const byKey = first && opts.resumeKey !== undefined ? lastBuilt.get(first) : undefined;
  const prev = byKey?.get(opts.resumeKey!);
  // Taken out while its arrays change: a build that throws leaves nothing half-changed behind.
  if (prev) byKey!.delete(opts.resumeKey!);
  const { keep, from } = prev ? resumePoint(prev, wire) : { keep: 0, from: 0 };
  const tail = prev ? reusableTail(prev, wire, keep, from) : { at: -1, until: wire.length };
  let out: RequestMessage[] = [];
  let starts: number[] = [];
  if (prev && keep > 0) {
    out = prev.out;
    starts = prev.starts;
  }
  // With a kept start and end (an edit), the new middle is built apart and put in their place.
  const between = prev && keep > 0 && tail.at >= 0;
  if (prev && keep > 0 && !between) {
    out.length = keep;
    starts.length = keep;
  }
  const dest: RequestMessage[] = between ? [] : out;
  const destStarts: number[] = between ? [] : starts;
  let resultGroup: RequestMessage | undefined;
  let groupLine: number | null = null;
  for (let w = from; w < tail.until; w++) {
    const m = wire[w];
    if (m.role === "system") continue;
    if (m.role === "assistant") {
      resultGroup = undefined;
      const same = opts.sameModel(m);
      let parts = contentParts(m);
      if (!same) parts = crossModelParts(parts);
      if (opts.serializer) parts = serialise(parts, opts.serializer);
      if (parts.length === 0 && opts.serializer?.dropEmpty) continue;
      dest.push({ role: "assistant", parts, sources: [m], sameModel: same, stopReason: m.stopReason });
      destStarts.push(w);
      continue;
    }
    const line = lineOf(m);
    if (opts.oneMessagePerLine) {
      // One line, one message: a line's results and other blocks in the order of the line.
      const last = dest[dest.length - 1];
      if (last && last.role === "user" && line !== null && groupLine === line) {
        last.sources.push(m);
        pushAll(last.parts, userParts(m));
        continue;
      }
      groupLine = line;
      dest.push({ role: "user", parts: userParts(m), sources: [m], sameModel: false });
      destStarts.push(w);
      continue;
    }
    if (m.role === "toolResult") {
      if (resultGroup) {
        pushAll(resultGroup.parts, userParts(m));
        resultGroup.sources.push(m);
      } else {
        resultGroup = { role: "user", parts: userParts(m), sources: [m], sameModel: false };
        dest.push(resultGroup);
        destStarts.push(w);
      }
      continue;
    }
    resultGroup = undefined;
    const parts = opts.serializer?.dropEmptyUser ? serialise(userParts(m), opts.serializer) : userParts(m);
    if (parts.length === 0 && opts.serializer?.dropEmptyUser) continue;
    dest.push({ role: "user", parts, sources: [m], sameModel: false });
    destStarts.push(w);
  }
  const shift = prev ? wire.length - prev.wire.length : 0;
  let built = out.length;
  if (between) {
    // out[keep, tail.at) gives way to the new middle; the end stays, its wire starts moved.
    const removed = tail.at - keep;
    if (dest.length === removed)
      for (let i = 0; i < removed; i++) {
        out[keep + i] = dest[i];
        starts[keep + i] = destStarts[i];
      }
    else if (dest.length <= 4096) {
      // eslint-disable-next-line no-restricted-syntax -- bounded: at most 4,096 (a longer middle takes the branch below)
      out.splice(keep, removed, ...dest);
      // eslint-disable-next-line no-restricted-syntax -- bounded: as above
      starts.splice(keep, removed, ...destStarts);
    } else {
      out = out.slice(0, keep).concat(dest, out.slice(tail.at));
      starts = starts.slice(0, keep).concat(destStarts, starts.slice(tail.at));
    }
    built = keep + dest.length;
    if (shift !== 0) for (let j = built; j < starts.length; j++) starts[j] += shift;
  } else if (prev && tail.at >= 0) {
    // Nothing kept at the start: new arrays, with the kept build's end after the new part.
    for (let j = tail.at; j < prev.out.length; j++) {
      out.push(prev.out[j]);
      starts.push(prev.starts[j] + shift);
    }
  }
  const reused = tail.at >= 0;
  if (opts.oneMessagePerLine)
    for (let i = keep; i < built; i++) {
      const m = out[i];
      if (m.role === "user" && m.sources.length > 1) m.parts.sort((a, b) => partIndex(a, opts.lineValue) - partIndex(b, opts.lineValue));
    }
  if (first && opts.resumeKey !== undefined) {
    const b: Built = { wire, out, starts, generation: prev && keep > 0 ? prev.generation + 1 : 0, keep, tailFrom: reused ? built : -1, tailShift: reused ? built - tail.at : 0 };
    let map = lastBuilt.get(first);
    if (!map) lastBuilt.set(first, (map = new Map()));
    map.set(opts.resumeKey, b);
    lineageOf.set(out, b);
  }
  return out;
}

function userParts(m: Msg): Part[] {
  if (m.role === "toolResult") return [{ kind: "result", id: String(m.toolCallId ?? ""), isError: m.isError === true, empty: isEmptyContent(m.content), msg: m }];
  // convertToLlm renders bash executions and summaries as text of its own (never empty).
  if (typeof m.agentRole === "string" && m.agentRole !== "custom") return [{ kind: "text", text: `[${m.agentRole}]`, msg: m, index: 0 }];
  return contentParts(m);
}

/** Claude Code: a block's index in its line (results carry it in their path). */
function partIndex(p: Part, lineValue: RequestOptions["lineValue"]): number {
  if (p.kind === "result") {
    const path = p.msg.resultPath as JsonPath | undefined;
    return typeof path?.[2] === "number" ? path[2] : 0;
  }
  if (p.kind === "text" || p.kind === "other" || p.kind === "thinking" || p.kind === "call") return userBlockIndex(p.msg, p.index, lineValue);
  return 0;
}

/**
 * The Claude Code builder keeps a line's non-result blocks as one user message: block `i` of
 * it is the `i`-th non-result block of the line's `message.content`.
 */
function userBlockIndex(m: Msg, i: number, lineValue: RequestOptions["lineValue"]): number {
  const line = lineOf(m);
  const value: any = line !== null && lineValue ? lineValue(line) : undefined;
  const raw = value?.message?.content as unknown[] | undefined;
  if (!Array.isArray(raw)) return 1_000_000 + i;
  let seen = -1;
  for (let k = 0; k < raw.length; k++) {
    const b: any = raw[k];
    if (b && typeof b === "object" && b.type === "tool_result") continue;
    if (++seen === i) return k;
  }
  return 1_000_000 + i;
}

/**
 * The last combination per request array (request arrays are built in place, generation by
 * generation): its own array, changed in place too, and per message the request index it starts at.
 */
interface Combined extends RequestLineage {
  readonly sourceGeneration: number;
  out: RequestMessage[];
  starts: number[];
}
const lastCombined = new WeakMap<RequestMessage[], Combined>();

/**
 * Anthropic's first-party API combines consecutive turns of one role into one message. A request
 * whose array was built again (`requestLineage`) keeps the combined messages that lie wholly in
 * its kept part, followed by a message of the other role that is kept too, and combines the rest.
 */
export function combineConsecutive(req: RequestMessage[]): RequestMessage[] {
  const lin = requestLineage(req);
  const prev = lastCombined.get(req);
  if (prev && lin && lin.generation === prev.sourceGeneration) return prev.out;
  let out: RequestMessage[] = [];
  let starts: number[] = [];
  let from = 0;
  let kept = 0;
  if (prev && lin && lin.generation === prev.sourceGeneration + 1) {
    lastCombined.delete(req);
    // Combined message j stays when the message after it starts inside the kept part.
    let q = prev.starts.length;
    while (q > 0 && prev.starts[q - 1] >= lin.keep) q--;
    kept = Math.max(0, q - 1);
    if (kept > 0) {
      from = prev.starts[kept];
      out = prev.out;
      starts = prev.starts;
      out.length = kept;
      starts.length = kept;
    }
  }
  for (let i = from; i < req.length; i++) {
    const m = req[i];
    const last = out.length > kept ? out[out.length - 1] : undefined;
    if (last && last.role === m.role) out[out.length - 1] = { role: last.role, parts: [...last.parts, ...m.parts], sources: [...last.sources, ...m.sources], sameModel: last.sameModel && m.sameModel, stopReason: m.stopReason };
    else {
      out.push(m);
      starts.push(i);
    }
  }
  if (lin) {
    const c: Combined = { sourceGeneration: lin.generation, out, starts, generation: kept > 0 && prev ? prev.generation + 1 : 0, keep: kept, tailFrom: -1, tailShift: 0 };
    lastCombined.set(req, c);
    lineageOf.set(out, c);
  }
  return out;
}
