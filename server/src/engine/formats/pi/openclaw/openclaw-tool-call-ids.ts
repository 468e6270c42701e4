/**
 * The tool-call ids OpenClaw sends in place of the file's. Before a run OpenClaw rewrites the ids of
 * the history it replays, by the replay policy of the model it calls: each call id made of letters
 * and digits only (`strict`), or nine of them (`strict9`, Mistral), and each repeated id given an
 * id of its own by occurrence (the second `call_1` becomes `call12`: the id and the occurrence,
 * `call_1:2`, stripped); a result takes the id given to the oldest call of its raw id still
 * waiting for one. The file keeps the raw ids. So a session whose model reused ids (`call_1` in
 * every response) reaches the provider with unique ones.
 *
 * Follows OpenClaw 2026.7.35 as published on npm (openclaw@2026.7.35, MIT), the regions of its dist
 * built from openclaw/openclaw src/agents/tool-call-id.ts (`sanitizeToolCallIdsForCloudCodeAssist`,
 * `createOccurrenceAwareResolver`, `makeUniqueToolId`), openclaw/openclaw src/agents/transcript-policy.ts
 * (`buildUnownedProviderTransportReplayFallback`), its OpenAI plugin (`buildOpenAIReplayPolicy`),
 * the Mistral plugin and openclaw/openclaw src/plugins/provider-replay-helpers.ts,
 * checked against a session OpenClaw 2026.7.35 wrote and the requests it sent
 * (test/corpus/openclaw-run). Rewritten here after pi-ai's pass, as one pass over what is sent.
 *
 * Which policy: by the provider and api of the turn the next request goes to (pi records both on
 * each assistant message). Modelled: OpenAI's plugin (Chat Completions: `strict`; Responses: ids
 * kept), Anthropic's (`strict`, a native `toolu_…` id kept on its first occurrence), Mistral's
 * (`strict9`), and every other provider as OpenClaw's fallback for a provider with no replay
 * policy of its own (OpenAI-style, Anthropic and Google apis: `strict`; other apis: ids kept).
 * Not modelled: the replay policies of other built-in provider plugins (OpenRouter's Mistral
 * models, GitHub Copilot, Ollama's native api, …), read as the fallback; thinking-signed turns whose
 * ids OpenClaw keeps for some providers (`preserveReplaySafeThinkingToolCallIds`).
 */
import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils";
import type { Msg } from "../../../model/types.js";

/** How OpenClaw rewrites ids for one model: `strict` (letters and digits) or `strict9` (nine of them). */
export interface IdPolicy {
  readonly mode: "strict" | "strict9";
  /** A native Anthropic id (`toolu_…`) is kept on its first occurrence. */
  readonly keepNativeAnthropic: boolean;
}

const OPENAI_RESPONSES_APIS = new Set(["openai-responses", "openai-chatgpt-responses", "azure-openai-responses"]);
const FALLBACK_STRICT_APIS = new Set(["openai-completions", ...OPENAI_RESPONSES_APIS, "anthropic-messages", "bedrock-converse-stream", "google-generative-ai", "google-gemini-cli", "google-vertex"]);

/** The policy for a turn sent to `provider` over `api`, or null when OpenClaw sends the ids as they are. */
export function openClawIdPolicy(provider: string | undefined, api: string | undefined): IdPolicy | null {
  const p = (provider ?? "").trim().toLowerCase();
  if (p === "mistral") return { mode: "strict9", keepNativeAnthropic: false };
  if (p === "openai") return api === "openai-completions" ? { mode: "strict", keepNativeAnthropic: false } : null;
  if (p === "anthropic") return { mode: "strict", keepNativeAnthropic: true };
  return api !== undefined && FALLBACK_STRICT_APIS.has(api) ? { mode: "strict", keepNativeAnthropic: false } : null;
}

/** The policy of the turn the next request goes to: the last assistant message's provider and api. */
export function policyOfMessages(messages: readonly Msg[]): IdPolicy | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === "assistant" && (m.provider !== undefined || m.api !== undefined) && m.provider !== "openclaw") return openClawIdPolicy(m.provider, m.api);
  }
  return null;
}

const NATIVE_ANTHROPIC = /^toolu_[A-Za-z0-9_]+$/;
const NATIVE_KIMI = /^functions\.[A-Za-z0-9_-]+:\d+$/;
const NINE = 9;
const MAX_LEN = 40;

/** The first `length` hex digits of the text's SHA-256 (OpenClaw's `sha256HexPrefix`). */
const hashPrefix = (text: string, length: number): string => bytesToHex(sha256(utf8ToBytes(text))).slice(0, length);

/** One id made safe for the policy's mode (OpenClaw's `sanitizeToolCallId`). */
export function sanitizedId(id: string, mode: IdPolicy["mode"]): string {
  if (!id) return mode === "strict9" ? "defaultid" : "defaulttoolid";
  if (mode === "strict9") {
    const plain = id.replace(/[^a-zA-Z0-9]/g, "");
    if (plain.length >= NINE) return plain.slice(0, NINE);
    return hashPrefix(plain.length > 0 ? plain : "sanitized", NINE);
  }
  if (NATIVE_KIMI.test(id)) return id;
  const plain = id.replace(/[^a-zA-Z0-9]/g, "");
  return plain.length > 0 ? plain : "sanitizedtoolid";
}

/** An id not in `used` for `seed` (OpenClaw's `makeUniqueToolId`). */
function uniqueId(seed: string, used: ReadonlySet<string>, mode: IdPolicy["mode"]): string {
  if (mode === "strict9") {
    const base = sanitizedId(seed, mode);
    const candidate = base.length >= NINE ? base.slice(0, NINE) : "";
    if (candidate && !used.has(candidate)) return candidate;
    for (let i = 0; i < 1000; i++) {
      const hashed = hashPrefix(`${seed}:${i}`, NINE);
      if (!used.has(hashed)) return hashed;
    }
    return hashPrefix(`${seed}:overflow`, NINE);
  }
  const base = sanitizedId(seed, mode).slice(0, MAX_LEN);
  if (!used.has(base)) return base;
  const hash = hashPrefix(seed, 8);
  const candidate = `${base.slice(0, MAX_LEN - hash.length)}${hash}`;
  if (!used.has(candidate)) return candidate;
  for (let i = 2; i < 1000; i++) {
    const suffix = `x${i}`;
    const next = `${candidate.slice(0, MAX_LEN - suffix.length)}${suffix}`;
    if (!used.has(next)) return next;
  }
  // OpenClaw ends with a time stamp here (a thousand taken ids of one seed); the stand-in is fixed.
  return `${candidate.slice(0, MAX_LEN - 2)}t0`;
}

const CALL_TYPES = new Set(["toolCall", "toolUse", "functionCall"]);

/**
 * `messages` with the ids OpenClaw sends: changed messages are copies (keeping their `origin`),
 * the others the same objects; null when no id changes. One pass; a repeated id costs a hash.
 */
export function openClawSentIds(messages: readonly Msg[], policy: IdPolicy): Msg[] | null {
  const used = new Set<string>();
  const callOccurrences = new Map<string, number>();
  const orphanOccurrences = new Map<string, number>();
  const waiting = new Map<string, string[]>();
  const allocate = (seed: string): string => {
    const next = uniqueId(seed, used, policy.mode);
    used.add(next);
    return next;
  };
  const callId = (id: string): string => {
    const n = (callOccurrences.get(id) ?? 0) + 1;
    callOccurrences.set(id, n);
    let next: string;
    if (policy.keepNativeAnthropic && n === 1 && NATIVE_ANTHROPIC.test(id) && !used.has(id)) {
      used.add(id);
      next = id;
    } else next = allocate(n === 1 ? id : `${id}:${n}`);
    const list = waiting.get(id);
    if (list) list.push(next);
    else waiting.set(id, [next]);
    return next;
  };
  const resultId = (id: string): string => {
    const list = waiting.get(id);
    if (list && list.length > 0) {
      const next = list.shift()!;
      if (list.length === 0) waiting.delete(id);
      return next;
    }
    const n = (orphanOccurrences.get(id) ?? 0) + 1;
    orphanOccurrences.set(id, n);
    if (policy.keepNativeAnthropic && n === 1 && NATIVE_ANTHROPIC.test(id) && !used.has(id)) {
      used.add(id);
      return id;
    }
    return allocate(`${id}:tool_result:${n}`);
  };
  let changed = false;
  const out = messages.map((m) => {
    if (m.role === "assistant" && Array.isArray(m.content)) {
      let copy: any[] | undefined;
      m.content.forEach((b: any, i: number) => {
        if (!b || typeof b !== "object" || !CALL_TYPES.has(b.type) || typeof b.id !== "string" || !b.id) return;
        const next = callId(b.id);
        if (next === b.id) return;
        copy ??= m.content.slice();
        copy![i] = { ...b, id: next };
      });
      if (!copy) return m;
      changed = true;
      return { ...m, content: copy };
    }
    if (m.role === "toolResult" && typeof m.toolCallId === "string" && m.toolCallId) {
      const next = resultId(m.toolCallId);
      if (next === m.toolCallId) return m;
      changed = true;
      return { ...m, toolCallId: next };
    }
    return m;
  });
  return changed ? out : null;
}

/** A stand-in result pi-ai sent for a call left without one, and the call. */
export interface StandInResult {
  readonly msg: Msg;
  readonly call: { readonly id: string };
  readonly assistant: Msg;
}

/**
 * What OpenClaw sends with its ids: OpenClaw rewrites the history before pi-ai's pass (whose
 * skipped turns still count their calls), so the ids are given over `replayed` (what pi-ai was
 * given) and carried to `sent` (pi-ai's output: copies keep their origin) by origin, a stand-in
 * result taking its call's. Null when the policy keeps every id.
 */
export function openClawSentMessages(replayed: readonly Msg[], sent: readonly Msg[], standIns: readonly StandInResult[]): Msg[] | null {
  const policy = policyOfMessages(replayed);
  if (!policy) return null;
  const renamed = openClawSentIds(replayed, policy);
  if (!renamed) return null;
  // The new ids of each message's calls (queued per raw id, in call order) and of each result.
  const callIds = new Map<Msg["origin"], Map<string, string[]>>();
  const resultIds = new Map<Msg["origin"], string>();
  for (let i = 0; i < replayed.length; i++) {
    const was = replayed[i];
    const now = renamed[i];
    if (was === now) continue;
    if (was.role === "toolResult") {
      resultIds.set(was.origin, String(now.toolCallId));
      continue;
    }
    const queues = new Map<string, string[]>();
    (was.content as any[]).forEach((b, j) => {
      if (!b || typeof b !== "object" || !CALL_TYPES.has(b.type) || typeof b.id !== "string" || !b.id) return;
      const q = queues.get(b.id);
      if (q) q.push(now.content[j].id);
      else queues.set(b.id, [now.content[j].id]);
    });
    callIds.set(was.origin, queues);
  }
  const standInCall = new Map(standIns.map((s) => [s.msg, s]));
  let changed = false;
  const out = sent.map((m) => {
    if (m.role === "assistant" && Array.isArray(m.content)) {
      const queues = callIds.get(m.origin);
      if (!queues) return m;
      const taken = new Map<string, number>();
      const content = m.content.map((b: any) => {
        if (!b || typeof b !== "object" || !CALL_TYPES.has(b.type) || typeof b.id !== "string") return b;
        const k = taken.get(b.id) ?? 0;
        const next = queues.get(b.id)?.[k];
        taken.set(b.id, k + 1);
        return next === undefined || next === b.id ? b : { ...b, id: next };
      });
      changed = true;
      return { ...m, content };
    }
    if (m.role !== "toolResult") return m;
    let next = resultIds.get(m.origin);
    const standIn = next === undefined ? standInCall.get(m) : undefined;
    if (standIn) {
      // The call's id as given in its message (the first call of that raw id there).
      next = callIds.get(standIn.assistant.origin)?.get(standIn.call.id)?.[0];
    }
    if (next === undefined || next === m.toolCallId) return m;
    changed = true;
    return { ...m, toolCallId: next };
  });
  return changed ? out : null;
}
