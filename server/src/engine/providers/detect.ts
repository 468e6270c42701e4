/**
 * Which provider each turn went to, and so where the next request goes: the provider of the
 * latest turn. pi records `provider`, `api` and `model` on every assistant message and a
 * `model_change` entry (`provider`, `modelId`) when the user switches; a v1 header carries the
 * starting `provider`/`modelId`. Claude Code talks to Anthropic (Bedrock when the model id is a
 * Bedrock one, `anthropic.claude-...`); Codex to OpenAI Responses.
 */
import type { Entry, Session } from "../model/types.js";
import type { ProviderName } from "./names.js";
import { sharedPrefix } from "../model/fold-resume.js";

export interface ModelRef {
  /** The provider pack this model's requests go through; undefined when not recognised. */
  provider?: ProviderName;
  /** As recorded: pi's `provider`, `api` and `model`. */
  recordedProvider?: string;
  api?: string;
  model?: string;
  /** 0-based line of the entry it was read from. */
  line: number;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** Maps pi-ai's recorded provider, api and model id to a provider pack. */
export function providerOf(provider: string | undefined, api: string | undefined, model: string | undefined): ProviderName | undefined {
  const p = (provider ?? "").toLowerCase();
  const a = (api ?? "").toLowerCase();
  const m = (model ?? "").toLowerCase();
  if (p.includes("bedrock") || a.includes("bedrock")) return "bedrock";
  if (a === "anthropic-messages") return "anthropic";
  if (a.includes("responses")) return "openai-responses";
  if (a.startsWith("google") || p.startsWith("google") || p === "gemini") return "gemini";
  if (a.startsWith("mistral") || p === "mistral") return "mistral";
  if (p.includes("deepseek") || m.includes("deepseek")) return "deepseek";
  if (p.includes("moonshot") || p.includes("kimi") || m.includes("kimi")) return "kimi";
  if (p.includes("qwen") || p.includes("dashscope") || p.includes("alibaba") || m.includes("qwen")) return "qwen";
  if (a === "openai-completions") return "openai-chat";
  if (p === "anthropic") return "anthropic";
  if (p === "openai" || p === "openai-codex" || p === "azure-openai-responses") return "openai-responses";
  if (m.startsWith("claude")) return "anthropic";
  if (m.startsWith("gemini")) return "gemini";
  if (/^(mistral|codestral|devstral|magistral)/.test(m)) return "mistral";
  return undefined;
}

/** Bedrock's Anthropic model ids (`anthropic.claude-...`, `us.anthropic.claude-...`, ARNs). */
const BEDROCK_MODEL = /(^|[.:/])anthropic\.claude/;

/**
 * Every model reference on the active branch, in order: one per assistant turn and
 * `model_change` (and the v1 header's starting model). Linear in the branch.
 */
/**
 * The last pi result per header, to continue: an append extends the branch with the same entry
 * objects, so the turns of the part both branches share are the previous ones. Branch arrays are
 * never changed once made, and neither is a returned list of turns (an unchanged list is returned
 * again); `countAfter` (turns up to each branch entry) is the run's own, taken over in place.
 */
const lastPiTurns = new WeakMap<object, { branch: readonly Entry[]; out: ModelRef[]; countAfter: number[] }>();

/** An assistant entry's model reference, once per entry (an edit gives the edited entry a new object). */
const turnOf = new WeakMap<Entry, ModelRef>();
function piTurn(e: Entry): ModelRef | undefined {
  const v = e.raw;
  if (v.type !== "model_change" && !(v.type === "message" && v.message && typeof v.message === "object" && v.message.role === "assistant")) return undefined;
  let t = turnOf.get(e);
  if (!t) {
    t = readPiTurn(e);
    if (t) turnOf.set(e, t);
  }
  return t;
}

function readPiTurn(e: Entry): ModelRef | undefined {
  const v = e.raw;
  const m = v.type === "message" ? v.message : undefined;
  if (v.type === "model_change") return { provider: providerOf(str(v.provider), undefined, str(v.modelId)), recordedProvider: str(v.provider), model: str(v.modelId), line: e.line };
  if (m && typeof m === "object" && m.role === "assistant") return { provider: providerOf(str(m.provider), str(m.api), str(m.model)), recordedProvider: str(m.provider), api: str(m.api), model: str(m.model), line: e.line };
  return undefined;
}

export function modelTurns(session: Session): ModelRef[] {
  let out: ModelRef[] = [];
  if (session.format === "pi") {
    const h = session.header?.raw;
    const branch = session.branch;
    const prev = h ? lastPiTurns.get(h) : undefined;
    if (h) lastPiTurns.delete(h);
    const from = prev ? sharedPrefix(prev.branch, branch) : 0;
    let countAfter: number[] = [];
    if (prev && from > 0) {
      const kept = prev.countAfter[from - 1];
      countAfter = prev.countAfter;
      countAfter.length = from;
      const added: ModelRef[] = [];
      for (let i = from; i < branch.length; i++) {
        const t = piTurn(branch[i]);
        if (t) added.push(t);
        countAfter.push(kept + added.length);
      }
      out = kept === prev.out.length && added.length === 0 ? prev.out : prev.out.slice(0, kept).concat(added);
    } else {
      if (h && (str(h.provider) || str(h.modelId)))
        out.push({ provider: providerOf(str(h.provider), undefined, str(h.modelId)), recordedProvider: str(h.provider), model: str(h.modelId), line: session.header!.line });
      for (const e of branch) {
        const t = piTurn(e);
        if (t) out.push(t);
        countAfter.push(out.length);
      }
    }
    if (h) lastPiTurns.set(h, { branch, out, countAfter });
  } else if (session.format === "claude-code") {
    for (const e of session.branch) {
      const m = e.raw.message;
      if (e.raw.type !== "assistant" || !m || typeof m !== "object") continue;
      const model = str(m.model);
      out.push({ provider: model && BEDROCK_MODEL.test(model) ? "bedrock" : "anthropic", model, line: e.line });
    }
    if (out.length === 0 && session.branch.length > 0) out.push({ provider: "anthropic", line: session.branch[0].line });
  } else if (session.format === "codex") {
    for (const e of session.branch) {
      const p = e.raw.payload;
      if (e.raw.type === "turn_context" && p && typeof p === "object")
        out.push({ provider: "openai-responses", model: str(p.model), api: "openai-responses", line: e.line });
    }
    if (out.length === 0 && session.branch.length > 0) out.push({ provider: "openai-responses", api: "openai-responses", line: session.branch[0].line });
  }
  return out;
}

/** The model the next request goes to: the latest reference (its provider may be unrecognised). */
export function latestModel(turns: ModelRef[]): ModelRef | undefined {
  return turns[turns.length - 1];
}
