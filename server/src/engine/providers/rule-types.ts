/**
 * The shape of a provider rule: one structural check over the request, and per provider what
 * it does with a request that fails it, quoted from its own error text with the public source.
 * Provider error strings live in the table only: checks never look at them.
 */
import type { FindingCode } from "../rules/registry.js";
import type { Msg, Session } from "../model/types.js";
import type { ProviderName } from "../model/provider-names.js";
import type { Place, RequestMessage } from "./request-model.js";

/**
 * What a provider does with a request that breaks the rule:
 * `rejects` (with its error text), `accepts`, `unknown` (no evidence found), `n/a` (the
 * pattern cannot occur in its wire format, or another rule covers it), `quiet` (normal there:
 * the finding is only a hint).
 */
export type CellVerdict = "rejects" | "accepts" | "unknown" | "n/a" | "quiet";

export interface Cell {
  verdict: CellVerdict;
  /** The provider's error text, quoted (`N`/`M` stand for indexes). */
  error?: string;
  /** `error` is a description from the source, not the provider's verbatim text: never quoted. */
  paraphrase?: boolean;
  /** Where the evidence comes from (issue, PR, docs or source file). */
  source: string;
  /** Which variant of the check this provider applies (for example by id or by count). */
  mode?: RuleMode;
  /** A caveat shown in the docs table. */
  note?: string;
}

/**
 * The variants of the checks a provider's cell may choose: how results pair with calls (`calls`:
 * by id in the next message, `anywhere`, `run`: in the run of results, `next`, `next-message`,
 * `previous`), what an empty message is (`messages`, `any`), and model generations the rejection
 * depends on (`claude-4.6`, `gemini-3`, `error-results`).
 */
export type RuleMode = "any" | "anywhere" | "calls" | "claude-4.6" | "error-results" | "gemini-3" | "messages" | "next" | "next-message" | "previous" | "run";

/**
 * What a check may read besides the request. Not the provider: the verdicts run each check once
 * per distinct request, mode and target model, and share its hits among the providers.
 */
export interface CheckContext {
  /** The model the request goes to, as recorded (for model-dependent rules). */
  targetModel?: string;
  session: Session;
  /** The message of `before` (the context as the agent built it) with this origin: to see what the pruner changed. */
  beforeOf(origin: Msg["origin"]): Msg | undefined;
}

export interface Hit {
  /** Index in the request of the message the hit is about (rules that are `segmentLocal`). */
  at?: number;
  place: Place;
  toolCallId?: string;
  /** Plain words about this occurrence; the provider clause is added by the verdicts. */
  detail: string;
  related?: { place: Place; message: string }[];
}

export interface ProviderRule {
  /** A rule-table code: an existing one where the concept matches, else one of PROVIDER_CODES. */
  code: FindingCode;
  /** One line: what the rule checks. */
  description: string;
  /** The specification or source the check follows. */
  follows: string;
  /** Per provider; DeepSeek, Kimi and Qwen inherit `openai-chat`'s cell unless listed. */
  cells: Partial<Record<ProviderName, Cell>>;
  check(req: RequestMessage[], ctx: CheckContext, mode: RuleMode | undefined): Hit[];
  /**
   * True when, in this mode, the hits about a message depend only on the messages from the
   * assistant message before it to the assistant message after it (both included), and on
   * whether it is the last message;
   * every hit then carries `at` and hits come in the order of `at`. After an append or an edit
   * the verdicts re-check only from the first assistant message of the changed part
   * (verdicts.ts `incrementalHits`).
   */
  segmentLocal?: (mode: RuleMode | undefined) => boolean;
}
