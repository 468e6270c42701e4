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
import type { Msg, Session } from "../../../model/types.js";

/** How OpenClaw rewrites ids for one model: `strict` (letters and digits) or `strict9` (nine of them). */
export interface IdPolicy {
  readonly mode: "strict" | "strict9";
  /** A native Anthropic id (`toolu_…`) is kept on its first occurrence. */
  readonly keepNativeAnthropic: boolean;
}

const OPENAI_RESPONSES_APIS = new Set(["openai-responses", "openai-chatgpt-responses", "azure-openai-responses"]);
/** The apis OpenClaw's fallback (a provider with no replay policy of its own) rewrites ids for. */
const FALLBACK_STRICT_APIS = new Set(["openai-completions", ...OPENAI_RESPONSES_APIS, "anthropic-messages", "google-generative-ai", "google-gemini-cli"]);
/** Bundled provider plugins whose own replay policy keeps the ids (passthrough, GitHub Copilot's). */
const KEEPS_IDS = new Set(["github-copilot", "opencode", "opencode-go"]);

const STRICT: IdPolicy = { mode: "strict", keepNativeAnthropic: false };
const STRICT9: IdPolicy = { mode: "strict9", keepNativeAnthropic: false };

/**
 * The policy for a turn sent to `provider`'s `model` over `api`, or null when OpenClaw sends the
 * ids as they are: the provider's plugin's policy where it has one, else OpenClaw's fallback.
 */
export function openClawIdPolicy(provider: string | undefined, api: string | undefined, model?: string): IdPolicy | null {
  const p = (provider ?? "").trim().toLowerCase();
  if (p === "mistral") return STRICT9;
  if (p === "openai") return api === "openai-completions" ? STRICT : null;
  if (p === "anthropic" || p === "claude-cli") return { mode: "strict", keepNativeAnthropic: true };
  if (p === "openrouter") return /mistral|mixtral|codestral|devstral|magistral|ministral|pixtral/i.test(model ?? "") ? STRICT9 : null;
  if (KEEPS_IDS.has(p)) return null;
  if (p === "ollama") return api === "ollama" ? null : api === "openai-completions" || (api !== undefined && OPENAI_RESPONSES_APIS.has(api)) ? STRICT : null;
  return api !== undefined && FALLBACK_STRICT_APIS.has(api) ? STRICT : null;
}

/**
 * The policy of the model the next run calls: OpenClaw's latest `model-snapshot` on the branch
 * (written at each run's start with the provider, api and model), else the last assistant message's.
 */
export function policyOfSession(session: Session, messages: readonly Msg[]): IdPolicy | null {
  const lastAssistant = (provider?: string): Msg | undefined => {
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i];
      if (m.role === "assistant" && (m.provider !== undefined || m.api !== undefined) && m.provider !== "openclaw" && (provider === undefined || m.provider === provider)) return m;
    }
    return undefined;
  };
  const branch = session.branch;
  for (let i = branch.length - 1; i >= 0; i--) {
    const v = branch[i].raw;
    if (v.type === "custom" && v.customType === "model-snapshot" && v.data && typeof v.data === "object" && typeof v.data.provider === "string") {
      const d = v.data;
      return openClawIdPolicy(d.provider, typeof d.modelApi === "string" ? d.modelApi : undefined, typeof d.modelId === "string" ? d.modelId : undefined);
    }
    // A model chosen since the last run (`/model`): its api is the one its turns recorded, if any.
    if (v.type === "model_change" && typeof v.provider === "string") return openClawIdPolicy(v.provider, lastAssistant(v.provider)?.api, typeof v.modelId === "string" ? v.modelId : undefined);
  }
  const m = lastAssistant();
  return m ? openClawIdPolicy(m.provider, m.api, m.model) : null;
}

const NATIVE_ANTHROPIC = /^toolu_[A-Za-z0-9_]+$/;
const NATIVE_KIMI = /^functions\.[A-Za-z0-9_-]+:\d+$/;
const NINE = 9;
const MAX_LEN = 40;

/** Hashes already taken (a session's ids are rewritten again on every change): bounded. */
const hashes = new Map<string, string>();
const MAX_HASHES = 65536;

/** The first `length` hex digits of the text's SHA-256 (OpenClaw's `sha256HexPrefix`). */
function hashPrefix(text: string, length: number): string {
  let hex = hashes.get(text);
  if (hex === undefined) {
    if (hashes.size >= MAX_HASHES) hashes.clear();
    hex = bytesToHex(sha256(utf8ToBytes(text)));
    hashes.set(text, hex);
  }
  return hex.slice(0, length);
}

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

/** What the resolver has seen: the ids taken, each raw id's occurrences, the calls waiting for a result. */
interface ResolverState {
  readonly used: Set<string>;
  readonly callOccurrences: Map<string, number>;
  readonly orphanOccurrences: Map<string, number>;
  readonly waiting: Map<string, string[]>;
}

const newState = (): ResolverState => ({ used: new Set(), callOccurrences: new Map(), orphanOccurrences: new Map(), waiting: new Map() });

/**
 * Gives each call and result of `messages[from..]` the id OpenClaw sends, in order, going on from
 * `state` (the messages before `from` seen): `call(m, i, id)` for the i-th block of an assistant
 * message, `result(m, id)` for a result. One pass; a repeated id costs a hash (remembered).
 */
function assignIds(messages: readonly Msg[], policy: IdPolicy, call: (m: Msg, block: number, id: string) => void, result: (m: Msg, id: string) => void, state: ResolverState = newState(), from = 0): void {
  const { used, callOccurrences, orphanOccurrences, waiting } = state;
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
  for (let k = from; k < messages.length; k++) {
    const m = messages[k];
    if (m.role === "assistant" && Array.isArray(m.content)) {
      const content = m.content;
      for (let i = 0; i < content.length; i++) {
        const b = content[i];
        if (b && typeof b === "object" && CALL_TYPES.has(b.type) && typeof b.id === "string" && b.id) call(m, i, callId(b.id));
      }
    } else if (m.role === "toolResult" && typeof m.toolCallId === "string" && m.toolCallId) result(m, resultId(m.toolCallId));
  }
}

/**
 * `messages` with the ids OpenClaw sends: changed messages are copies (keeping their `origin`),
 * the others the same objects; null when no id changes.
 */
export function openClawSentIds(messages: readonly Msg[], policy: IdPolicy): Msg[] | null {
  const calls = new Map<Msg, Map<number, string>>();
  const results = new Map<Msg, string>();
  assignIds(
    messages,
    policy,
    (m, i, id) => {
      if (id === m.content[i].id) return;
      const at = calls.get(m);
      if (at) at.set(i, id);
      else calls.set(m, new Map([[i, id]]));
    },
    (m, id) => {
      if (id !== m.toolCallId) results.set(m, id);
    },
  );
  if (calls.size === 0 && results.size === 0) return null;
  return messages.map((m) => {
    const at = calls.get(m);
    if (at) return { ...m, content: (m.content as any[]).map((b, i) => (at.has(i) ? { ...b, id: at.get(i) } : b)) };
    const id = results.get(m);
    return id === undefined ? m : { ...m, toolCallId: id };
  });
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
 * result taking its call's. Null when the policy keeps every id. Not modelled: pi-ai pairs results
 * by the ids it is given, so where one message repeats an id and one result answers it, OpenClaw's
 * renamed second call gets a stand-in result that pi-ai on the file's ids does not make.
 */
export function openClawSentMessages(session: Session, replayed: readonly Msg[], sent: readonly Msg[], standIns: readonly StandInResult[]): Msg[] | null {
  const policy = policyOfSession(session, replayed);
  if (!policy) return null;
  const run = resolve(replayed, policy);
  if (!run.renamed) return null;
  const standInCall = new Map(standIns.map((s) => [s.msg, s]));
  let changed = false;
  const out = sent.map((m) => {
    if (m.role === "assistant" && Array.isArray(m.content)) {
      const given = run.calls.get(m.origin);
      if (!given) return m;
      changed = true;
      return copyWithCallIds(m, given);
    }
    if (m.role !== "toolResult") return m;
    let next = run.results.get(m.origin);
    const standIn = next === undefined ? standInCall.get(m) : undefined;
    if (standIn) {
      // The call's id as given in its message: the k-th call of that raw id there.
      const content = Array.isArray(standIn.assistant.content) ? (standIn.assistant.content as any[]) : [];
      let k = 0;
      for (const b of content) {
        if (b === standIn.call) break;
        if (b && typeof b === "object" && CALL_TYPES.has(b.type) && b.id === standIn.call.id) k++;
      }
      next = run.calls.get(standIn.assistant.origin)?.byRaw.get(standIn.call.id)?.[k];
    }
    if (next === undefined || next === m.toolCallId) return m;
    changed = true;
    return copyWithResultId(m, next);
  });
  return changed ? out : null;
}

/** The ids given to one message's calls: in block order, and per raw id in call order. */
interface GivenIds {
  readonly inOrder: readonly string[];
  readonly byRaw: ReadonlyMap<string, readonly string[]>;
}

/** One pass of the resolver over a session's replayed messages, kept to go on from. */
interface ResolvedRun {
  readonly replayed: readonly Msg[];
  readonly policy: IdPolicy;
  readonly state: ResolverState;
  readonly calls: Map<Msg["origin"], GivenIds>;
  readonly results: Map<Msg["origin"], string>;
  renamed: boolean;
  /** Taken over by a later run (its state goes on there): not to be gone on from again. */
  spent: boolean;
}

/** The last run per session, by its first replayed message (a change keeps the messages before it). */
const runs = new WeakMap<Msg, ResolvedRun>();

/**
 * The ids of `replayed`: when the last run's messages are the start of these (an append), the
 * resolver goes on from its state over the new messages only; otherwise one pass over all.
 */
function resolve(replayed: readonly Msg[], policy: IdPolicy): ResolvedRun {
  const first = replayed[0];
  const prev = first ? runs.get(first) : undefined;
  let from = 0;
  let run: ResolvedRun;
  if (prev && !prev.spent && prev.policy.mode === policy.mode && prev.policy.keepNativeAnthropic === policy.keepNativeAnthropic && prev.replayed.length <= replayed.length && sameStart(prev.replayed, replayed)) {
    prev.spent = true;
    from = prev.replayed.length;
    run = { replayed, policy, state: prev.state, calls: prev.calls, results: prev.results, renamed: prev.renamed, spent: false };
  } else run = { replayed, policy, state: newState(), calls: new Map(), results: new Map(), renamed: false, spent: false };
  let current: { origin: Msg["origin"]; inOrder: string[]; byRaw: Map<string, string[]> } | undefined;
  const flush = () => {
    if (current) run.calls.set(current.origin, { inOrder: current.inOrder, byRaw: current.byRaw });
    current = undefined;
  };
  assignIds(
    replayed,
    policy,
    (m, i, id) => {
      const raw: string = m.content[i].id;
      if (id !== raw) run.renamed = true;
      if (!current || current.origin !== m.origin) {
        flush();
        current = { origin: m.origin, inOrder: [], byRaw: new Map() };
      }
      current.inOrder.push(id);
      const q = current.byRaw.get(raw);
      if (q) q.push(id);
      else current.byRaw.set(raw, [id]);
    },
    (m, id) => {
      flush();
      if (id !== m.toolCallId) run.renamed = true;
      run.results.set(m.origin, id);
    },
    run.state,
    from,
  );
  flush();
  if (first) runs.set(first, run);
  return run;
}

/** Whether `b` starts with the messages of `a` (the same objects). */
function sameStart(a: readonly Msg[], b: readonly Msg[]): boolean {
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The copy of a sent message made the last time with the same ids, else a new one: a change of the
 * file gives the messages before it the copies they had, so what continues from the previous After
 * (the provider request build, the sent occurrence index) continues here too.
 */
const copies = new WeakMap<Msg, { ids: unknown; copy: Msg }>();

const sameIds = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function copyWithCallIds(m: Msg, given: GivenIds): Msg {
  const memo = copies.get(m);
  // The same ids given again (a run from the start after an edit gives equal ids in new arrays).
  if (memo && (memo.ids === given || (typeof memo.ids === "object" && sameIds((memo.ids as GivenIds).inOrder, given.inOrder)))) {
    memo.ids = given;
    return memo.copy;
  }
  const ids = given.inOrder;
  let i = 0;
  let same = true;
  const content = (m.content as any[]).map((b) => {
    if (!b || typeof b !== "object" || !CALL_TYPES.has(b.type) || typeof b.id !== "string" || !b.id) return b;
    const next = ids[i++] ?? b.id;
    if (next === b.id) return b;
    same = false;
    return { ...b, id: next };
  });
  const copy = same ? m : { ...m, content };
  copies.set(m, { ids: given, copy });
  return copy;
}

function copyWithResultId(m: Msg, id: string): Msg {
  const memo = copies.get(m);
  if (memo && memo.ids === id) return memo.copy;
  const copy = { ...m, toolCallId: id };
  copies.set(m, { ids: id, copy });
  return copy;
}
