/**
 * The front door of provider rules: which provider the next request goes to, and per provider
 * whether it would reject the request and why.
 *
 * The target is the provider of the latest turn (detect.ts), or the one the caller names.
 * Findings carry the severity the target gives them: an error where the target rejects,
 * information where only other providers would ("Gemini would reject this: ..."), a hint where
 * the pattern is normal for the target (Kimi's repeating ids). Every finding names the
 * providers that reject it and quotes their error text.
 *
 * Cost: one request view and one pass per rule for each of the nine providers, each linear in
 * the wire; related lists and per-verdict finding lists are bounded.
 */
import type { Analysis } from "../pipeline/analyze.js";
import type { Finding, Msg, Severity } from "../model/types.js";
import { latestModel, modelTurns, type ModelRef } from "./detect.js";
import { PROVIDER_BASE, PROVIDER_LABELS, PROVIDER_NAMES, type ProviderName } from "../model/provider-names.js";
import { type RequestMessage } from "./request-model.js";
import { buildRequest } from "./request-build.js";
import { keepBuilds, requestLineage } from "./request-lineage.js";
import { combineConsecutive } from "./request-combine.js";
import { sharedPrefix } from "../model/fold-resume.js";
import type { Cell, CheckContext, Hit, ProviderRule, RuleMode } from "./rule-types.js";
import { PROVIDER_RULES } from "./rules.js";
import { formatProfile } from "../formats/registry.js";

export interface ProviderOptions {
  /** Check against this provider instead of the detected one; `all`: every rejection is an error. */
  target?: ProviderName | "all";
}

export interface ProviderFinding extends Finding {
  /** The providers that reject this, target first. */
  rejectedBy: ProviderName[];
  /** The provider part of `message`: who rejects it, quoting their error text (or why it is normal here). */
  providerNote: string;
}

export interface ProviderVerdict {
  provider: ProviderName;
  rejects: boolean;
  /** The findings that make it reject (the first MAX_VERDICT_FINDINGS). */
  findings: ProviderFinding[];
  /** How many findings make it reject, in all. */
  count: number;
}

export interface ProviderVerdicts {
  /** The provider the next request goes to; null when `all` or not recognised. */
  target: ProviderName | null;
  targetSource: "option" | "session" | "none";
  /** The model of the latest turn, as recorded. */
  targetModel?: string;
  /** The provider and model of each turn on the branch (assistant turns, model changes). */
  turns: ModelRef[];
  verdicts: Record<ProviderName, ProviderVerdict>;
  /** Every finding once, severity following the target. */
  findings: ProviderFinding[];
  /** Codes that are normal for the target: the generic finding of that code should be quiet. */
  quietCodes: string[];
}

export const MAX_VERDICT_FINDINGS = 20;
/** The verdicts' own resume keys (request-build.ts keeps builds per key): what they prune is theirs. */
const RESUME_PREFIX = "verdicts|";
const MAX_RELATED = 8;
const MAX_QUOTES = 3;

/** A provider's cell of a rule: its own, else the cell of the pack it inherits from. */
export function cellFor(rule: ProviderRule, provider: ProviderName): Cell | undefined {
  return rule.cells[provider] ?? rule.cells[PROVIDER_BASE[provider]];
}

function packOfMessage(m: Msg, format: string): ProviderName | undefined {
  return formatProfile(format)?.providers.packOf(m);
}

/** The packs of a wire's assistant messages, with how many each: the last count per wire, to continue. */
const lastPacks = new WeakMap<Msg, { wire: Msg[]; format: string; counts: Map<string, number> }>();

/** The packs whose models wrote an assistant message of `wire` ("" for unrecognised ones). */
export function packsIn(wire: Msg[], format: string): Set<string> {
  const first = wire[0];
  const last = first ? lastPacks.get(first) : undefined;
  const prev = last?.format === format ? last : undefined;
  const counts = new Map(prev?.counts);
  const add = (m: Msg, by: number) => {
    if (m.role !== "assistant") return;
    const p = packOfMessage(m, format) ?? "";
    counts.set(p, (counts.get(p) ?? 0) + by);
  };
  // Messages both wires share at the start keep their counts: take back the rest, add the new rest.
  const from = prev ? sharedPrefix(prev.wire, wire) : 0;
  if (prev) for (let i = from; i < prev.wire.length; i++) add(prev.wire[i], -1);
  for (let i = from; i < wire.length; i++) add(wire[i], 1);
  if (first) lastPacks.set(first, { wire, format, counts });
  const present = new Set<string>();
  for (const [p, n] of counts) if (n > 0) present.add(p);
  return present;
}

export function providerVerdicts(analysis: Analysis, options: ProviderOptions = {}): ProviderVerdicts {
  const { session } = analysis;
  const turns = modelTurns(session);
  const latest = latestModel(turns);
  const detected = latest?.provider ?? null;
  const target: ProviderName | null = options.target === "all" ? null : options.target ?? detected;
  const targetSource = options.target ? "option" : detected ? "session" : "none";
  // One rule asks, about the latest turn only: near the end of Before first (pi's After shares
  // Before's origins); a miss scans all of Before once (After's messages of a Claude Code or Codex
  // session are their own, so a lookup usually finds nothing: an index of all of Before was built
  // on every version); from the second miss on, an index.
  let beforeByOrigin: Map<unknown, Msg> | undefined;
  let misses = 0;
  const beforeOf = (origin: Msg["origin"]): Msg | undefined => {
    const b = analysis.before;
    if (beforeByOrigin) return beforeByOrigin.get(origin);
    for (let i = b.length - 1; i >= 0 && i >= b.length - 64; i--) if (b[i].origin === origin) return b[i];
    if (misses++ > 0) return (beforeByOrigin = new Map<unknown, Msg>(b.map((m) => [m.origin, m]))).get(origin);
    for (let i = b.length - 65; i >= 0; i--) if (b[i].origin === origin) return b[i];
    return undefined;
  };
  const lineValue = (line: number) => session.lines.heldAt(line)?.value;
  const shape = formatProfile(session.format)?.providers;
  // What is sent: the After column (pi: what pi-condense and pi-ai send; other agents: what they rebuild on resume).
  const wire = analysis.after;

  type Acc = { finding: ProviderFinding; hit: Hit; byProvider: Map<ProviderName, Cell>; quiet: Map<ProviderName, Cell> };
  const merged = new Map<string, Acc>();
  const order: Acc[] = [];

  // A provider none of whose turns are in the session gets the same request as any other such
  // provider with the same serializer options: build each distinct request once.
  const packsPresent = packsIn(wire, session.format);
  const requests = new Map<string, RequestMessage[]>();
  // Checks read the request, the mode and the target model, never the provider: providers that
  // share a request (most do) share each rule's hits.
  const hitsOf = new Map<RequestMessage[], Map<string, Hit[]>>();
  // What this run kept to continue from: the rest is released (a model no longer used, a rule's variant).
  const usedBuilds = new Set<string>();
  const usedHits = new Set<string>();

  for (const provider of PROVIDER_NAMES) {
    // The model of this provider's request: the detected one when it is this provider's.
    const ref = detected === provider ? latest : undefined;
    const sameModel = (m: Msg): boolean => {
      if (packOfMessage(m, session.format) !== provider) return false;
      if (!shape?.recordsModelPerMessage || !ref) return true;
      return (ref.model === undefined || m.model === ref.model) && (ref.api === undefined || m.api === ref.api);
    };
    const serializer = shape?.serialisedBySender ? { dropEmpty: true, dropEmptyUser: provider !== "bedrock", unsignedThinkingAsText: provider === "anthropic" || provider === "bedrock" } : undefined;
    const requestKey = packsPresent.has(provider) ? provider : `none|${JSON.stringify(serializer ?? null)}`;
    // What the build depends on besides the wire: an append resumes the previous build (request-build.ts).
    const resumeKey = `${RESUME_PREFIX}${session.format}|${requestKey}|${ref ? JSON.stringify([ref.model ?? null, ref.api ?? null]) : "-"}`;
    usedBuilds.add(resumeKey);
    let req = requests.get(requestKey);
    if (!req) {
      req = buildRequest(wire, { oneMessagePerLine: shape?.oneMessagePerLine ?? false, sameModel, lineValue, serializer, resumeKey });
      requests.set(requestKey, req);
    }
    if (provider === "anthropic") req = combineConsecutive(req);
    const ctx: CheckContext = {
      targetModel: ref?.model,
      session,
      beforeOf,
    };
    let shared = hitsOf.get(req);
    if (!shared) hitsOf.set(req, (shared = new Map()));
    for (const rule of PROVIDER_RULES) {
      const cell = cellFor(rule, provider);
      if (!cell || (cell.verdict !== "rejects" && cell.verdict !== "quiet")) continue;
      const hitsKey = `${rule.code}|${cell.mode ?? ""}|${ctx.targetModel ?? ""}`;
      let hits = shared.get(hitsKey);
      const lastKey = `${resumeKey}|${provider === "anthropic"}|${hitsKey}`;
      usedHits.add(lastKey);
      if (!hits) shared.set(hitsKey, (hits = incrementalHits(rule, req, ctx, cell.mode, lastKey)));
      for (const hit of hits) {
        const key = `${rule.code}|${hit.place.line}|${JSON.stringify(hit.place.path ?? null)}|${hit.toolCallId ?? ""}`;
        let acc: Acc | undefined = merged.get(key);
        if (!acc) {
          acc = {
            finding: { code: rule.code, severity: "information", line: hit.place.line ?? session.header?.line ?? 0, path: hit.place.path, message: "", toolCallId: hit.toolCallId, rejectedBy: [], providerNote: "" },
            hit,
            byProvider: new Map(),
            quiet: new Map(),
          };
          merged.set(key, acc);
          order.push(acc);
        }
        if (cell.verdict === "quiet") acc.quiet.set(provider, cell);
        else acc.byProvider.set(provider, cell);
        if (provider === target) acc.hit = hit; // the target's wording of the occurrence
      }
    }
  }

  keepBuilds(wire[0], RESUME_PREFIX, usedBuilds);
  for (const req of hitsOf.keys()) keepHits(req, usedHits);

  const findings: ProviderFinding[] = [];
  for (const acc of order) {
    const rejecting = [...acc.byProvider.keys()];
    if (target && rejecting.includes(target)) {
      rejecting.splice(rejecting.indexOf(target), 1);
      rejecting.unshift(target);
    }
    const f = acc.finding;
    f.rejectedBy = rejecting;
    f.severity = severityOf(rejecting, acc.quiet, target, options.target === "all");
    f.providerNote = clause(rejecting, acc.byProvider, acc.quiet, target);
    f.message = `${acc.hit.detail} ${f.providerNote}`;
    const related = (acc.hit.related ?? []).filter((r) => r.place.line !== null).slice(0, MAX_RELATED);
    if (related.length) f.related = related.map((r) => ({ line: r.place.line!, message: r.message, path: r.place.path }));
    findings.push(f);
  }
  findings.sort((a, b) => a.line - b.line || a.code.localeCompare(b.code));

  const verdicts = {} as Record<ProviderName, ProviderVerdict>;
  for (const p of PROVIDER_NAMES) {
    const mine = findings.filter((f) => f.rejectedBy.includes(p));
    verdicts[p] = { provider: p, rejects: mine.length > 0, findings: mine.slice(0, MAX_VERDICT_FINDINGS), count: mine.length };
  }
  const quietCodes = target ? PROVIDER_RULES.filter((r) => cellFor(r, target)?.verdict === "quiet").map((r) => r.code) : [];
  return { target, targetSource, targetModel: detected === target ? latest?.model : undefined, turns, verdicts, findings, quietCodes };
}

/** The hits of the last check per rule and request variant, kept by the request's first message. */
const lastHits = new WeakMap<RequestMessage, Map<string, { req: RequestMessage[]; generation: number | undefined; hits: Hit[] }>>();

/** Forgets the hits kept for `req`'s first message under the verdicts' keys other than `keys`. */
function keepHits(req: RequestMessage[], keys: ReadonlySet<string>): void {
  const byKey = req.length ? lastHits.get(req[0]) : undefined;
  if (byKey) for (const k of [...byKey.keys()]) if (k.startsWith(RESUME_PREFIX) && !keys.has(k)) byKey.delete(k);
}

/**
 * What `req` shares with the request the last check saw: how many leading messages (the builder
 * says so for the array it changes in place, request-lineage.ts `requestLineage`; other arrays are
 * compared), and from where on its messages are the last request's moved by `shift` (-1: none).
 * `prefix` -1 when unknown.
 */
function sharedWithLast(last: { req: RequestMessage[]; generation: number | undefined }, req: RequestMessage[]): { prefix: number; tailFrom: number; shift: number } {
  const none = { tailFrom: -1, shift: 0 };
  if (last.req !== req) return { prefix: sharedPrefix(last.req, req), ...none };
  const now = requestLineage(req);
  if (!now || last.generation === undefined) return { prefix: -1, ...none };
  if (now.generation === last.generation) return { prefix: req.length, ...none };
  if (now.generation !== last.generation + 1) return { prefix: -1, ...none };
  return { prefix: now.keep, tailFrom: now.tailFrom, shift: now.tailShift };
}

/** The next assistant message after index `i` (req.length when none). */
function nextAssistant(req: RequestMessage[], i: number): number {
  let j = i + 1;
  while (j < req.length && req[j].role !== "assistant") j++;
  return j;
}

/**
 * `rule.check(req, ctx, mode)`, re-checking only what changed when the rule is segment-local and
 * the previous check of the same variant (`key`) had a request starting with the same messages
 * (an append, an edit: request-build.ts keeps the unchanged request messages). A segment-local rule's
 * hit about a message depends only on the messages from the assistant message before that
 * message's own to the next assistant message after it. Let `p` be how many messages both
 * requests share at the start, `a0` the last assistant message before `p` and `w` the assistant
 * message before `a0`: hits about messages before `a0` are the previous ones, and the rest come
 * from checking the request from `w` on. When the request's end is the previous one's moved (an
 * edit further back), hits about messages from the second assistant message of that end on are
 * the previous ones moved too, and only the part between is checked.
 */
export function incrementalHits(rule: ProviderRule, req: RequestMessage[], ctx: CheckContext, mode: RuleMode | undefined, key: string): Hit[] {
  if (!rule.segmentLocal?.(mode) || req.length === 0) return rule.check(req, ctx, mode);
  let byKey = lastHits.get(req[0]);
  if (!byKey) lastHits.set(req[0], (byKey = new Map()));
  const prev = byKey.get(key);
  let hits: Hit[] | undefined;
  if (prev && prev.hits.every((h) => h.at !== undefined)) {
    const shared = sharedWithLast(prev, req);
    const p = shared.prefix;
    let a0 = p - 1;
    while (a0 >= 0 && req[a0].role !== "assistant") a0--;
    let w = a0 - 1;
    while (w >= 0 && req[w].role !== "assistant") w--;
    if (p === req.length && p > 0 && prev.req === req) hits = prev.hits;
    else if (a0 > 0 && w >= 0) {
      hits = prev.hits.filter((h) => h.at! < a0);
      // From `t` on the hits are the previous ones, moved; `end`: the checked part's context.
      const t = shared.tailFrom >= 0 ? nextAssistant(req, shared.tailFrom) : req.length;
      const end = t < req.length ? Math.min(req.length, nextAssistant(req, t) + 1) : req.length;
      for (const h of rule.check(req.slice(w, end), ctx, mode)) if (h.at! + w >= a0 && h.at! + w < t) hits.push({ ...h, at: h.at! + w });
      if (t < req.length) for (const h of prev.hits) if (h.at! + shared.shift >= t) hits.push({ ...h, at: h.at! + shared.shift });
    }
  }
  hits ??= rule.check(req, ctx, mode);
  byKey.set(key, { req, generation: requestLineage(req)?.generation, hits });
  return hits;
}

function severityOf(rejecting: ProviderName[], quiet: Map<ProviderName, Cell>, target: ProviderName | null, all: boolean): Severity {
  if (all) return rejecting.length ? "error" : "hint";
  if (target && rejecting.includes(target)) return "error";
  if (target && quiet.has(target)) return "hint";
  return "information";
}

function clause(rejecting: ProviderName[], cells: Map<ProviderName, Cell>, quiet: Map<ProviderName, Cell>, target: ProviderName | null): string {
  const parts: string[] = [];
  const q = target ? quiet.get(target) : undefined;
  if (target && q) parts.push(`This is normal for ${PROVIDER_LABELS[target]}${q.note ? `: ${q.note}` : ""}.`);
  // Quote each distinct error once: variants share their base pack's text.
  const quoted = new Map<string, ProviderName[]>();
  for (const p of rejecting) {
    const cell = cells.get(p);
    const err = !cell?.error ? "" : cell.paraphrase ? `(${cell.error})` : `"${cell.error}"`;
    quoted.set(err, [...(quoted.get(err) ?? []), p]);
  }
  let n = 0;
  for (const [err, ps] of quoted) {
    const names = ps.map((p) => PROVIDER_LABELS[p]).join(", ");
    if (n++ >= MAX_QUOTES) {
      parts.push(`${names} would reject it too.`);
      continue;
    }
    const verb = target && ps.includes(target) ? (ps.length > 1 ? "reject" : "rejects") : "would reject";
    parts.push(`${names} ${verb} this: ${err}`);
  }
  return parts.join(" ");
}
