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
 * Cost: one request per distinct request variant and one pass per rule and variant (providers
 * that share a request share its hits), continued from the previous version where a rule is
 * segment-local; the merge is once per distinct list of hits and keeps the findings of hits the
 * previous version merged the same way; related lists and per-verdict finding lists are bounded.
 */
import type { Analysis } from "../pipeline/analyze.js";
import type { Finding, Msg, Severity } from "../model/types.js";
import { scopedTupleKey, tupleKey, type TupleKey } from "../model/tuple-key.js";
import { latestModel, modelTurns, type ModelRef } from "./detect.js";
import { PROVIDER_BASE, PROVIDER_LABELS, PROVIDER_NAMES, type ProviderName } from "../model/provider-names.js";
import { type Place, type RequestMessage } from "./request-model.js";
import { buildRequest } from "./request-build.js";
import { keepBuilds, requestLineage } from "./request-lineage.js";
import { combineConsecutive } from "./request-combine.js";
import { sharedPrefix, sharedSuffix } from "../model/fold-resume.js";
import { partitionPoint, pushAll, sameItems } from "../model/arrays.js";
import type { Cell, CheckContext, Hit, ProviderRule, RuleMode } from "./rule-types.js";
import { PROVIDER_RULES } from "./rules.js";
import { formatProfile } from "../formats/registry.js";
import { samePath } from "../model/json-path.js";

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
  /** Nothing was checked: the agent's request is not known (the profile's `requestNotKnown`), so no verdict means "accepts". */
  notChecked?: true;
}

export const MAX_VERDICT_FINDINGS = 20;
/** The first part of the verdicts' own cache keys: what they prune is theirs (a test's builds on the same wire stay). */
const VERDICTS = "verdicts";
/** The scope of the keys of an empty wire. */
const NO_WIRE = {};
const NO_MESSAGES: Msg[] = [];
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
  // Messages both wires share at the start and at the end keep their counts: take back the rest, add the new rest.
  const from = prev ? sharedPrefix(prev.wire, wire) : 0;
  const end = prev ? sharedSuffix(prev.wire, wire, from) : 0;
  if (prev) for (let i = from; i < prev.wire.length - end; i++) add(prev.wire[i], -1);
  for (let i = from; i < wire.length - end; i++) add(wire[i], 1);
  if (first) lastPacks.set(first, { wire, format, counts });
  const present = new Set<string>();
  for (const [p, n] of counts) if (n > 0) present.add(p);
  return present;
}

/** Places on one line of one rule compared one by one; more are looked up by `placeKey`. */
const CROWDED_LINE = 8;

/** A hit's place on its line as a key (tool-call id and path, each part typed): only for crowded lines. */
function placeKey(hit: Hit): string {
  let k = hit.toolCallId === undefined ? "-" : `+${hit.toolCallId}`;
  for (const p of hit.place.path ?? []) k += typeof p === "number" ? `\u0000#${p}` : `\u0000$${p}`;
  return hit.place.path ? k : `${k}\u0001`;
}

/**
 * The finding last made of a hit, with what it was made from besides the hit (the rule is the
 * hit's): findings are never changed once made, so versions share them.
 */
const findingOfHit = new WeakMap<Hit, { rejects: number; quiet: number; target: ProviderName | null; all: boolean; headerLine: number; finding: ProviderFinding }>();

/**
 * One merged finding per rule and place: which providers reject it and which find it normal (a
 * bit per provider, in PROVIDER_NAMES order), the hit whose words it takes, and where it was first
 * seen (`u`: the use, `s`: the hit in its list), which orders findings of one line and code.
 */
interface Acc {
  rule: ProviderRule;
  hit: Hit;
  rejects: number;
  quiet: number;
  u: number;
  s: number;
}

/** A rule's lists of hits as last merged (by the first list: released with it), and what they were used with. */
const mergedOfHits = new WeakMap<Hit[], { rule: ProviderRule; sig: unknown[]; accs: Acc[] }>();
/** The last findings and verdicts per wire (by its first message), and all they were made from. */
const lastVerdicts = new WeakMap<object, { signature: unknown[]; verdicts: Record<ProviderName, ProviderVerdict>; findings: ProviderFinding[] }>();

/** One rule's hits on one request, and the providers that use them (a bit each, PROVIDER_NAMES order). */
interface HitsUse {
  rule: ProviderRule;
  hits: Hit[];
  rejects: number;
  quiet: number;
  /** The target provider is among them: its hits word the findings. */
  target: boolean;
}

export function providerVerdicts(analysis: Analysis, options: ProviderOptions = {}): ProviderVerdicts {
  const { session } = analysis;
  const turns = modelTurns(session);
  const latest = latestModel(turns);
  const detected = latest?.provider ?? null;
  const target: ProviderName | null = options.target === "all" ? null : options.target ?? detected;
  const targetSource = options.target ? "option" : detected ? "session" : "none";
  // One rule asks, about the latest turn only: near the end of Before first (pi's, Codex's and the
  // others' After share Before's origins); a miss scans all of Before once; from the second miss
  // on, an index. A format whose sent messages are its own (Claude Code) is never looked up.
  let beforeByOrigin: Map<unknown, Msg> | undefined;
  let misses = 0;
  const sendsContext = formatProfile(session.format)?.providers.sendsContextMessages ?? true;
  const beforeOf = (origin: Msg["origin"]): Msg | undefined => {
    // Sent messages built apart from the context share no origin with it: a lookup would scan it all for nothing.
    if (!sendsContext) return undefined;
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
  // An agent whose request is not known (its profile says so) sends nothing the rules can check.
  const wire = shape?.requestNotKnown === true ? NO_MESSAGES : analysis.after;

  // A provider none of whose turns are in the session gets the same request as any other such
  // provider with the same serializer options: build each distinct request once.
  const packsPresent = packsIn(wire, session.format);
  const requests = new Map<TupleKey, RequestMessage[]>();
  // Checks read the request, the mode and the target model, never the provider: providers that
  // share a request (most do) share each rule's hits, and those hits are merged once.
  const hitsOf = new Map<RequestMessage[], Map<TupleKey, HitsUse>>();
  const uses: HitsUse[] = [];
  // What this run kept to continue from: the rest is released (a model no longer used, a rule's variant).
  const usedBuilds = new Set<TupleKey>();
  const usedHits = new Set<TupleKey>();
  // Keys holding what the file says (a model name) live as long as the wire's first message.
  const scope: object = wire[0] ?? NO_WIRE;

  PROVIDER_NAMES.forEach((provider, bitIndex) => {
    const bit = 1 << bitIndex;
    // The model of this provider's request: the detected one when it is this provider's.
    const ref = detected === provider ? latest : undefined;
    const sameModel = (m: Msg): boolean => {
      if (packOfMessage(m, session.format) !== provider) return false;
      if (!shape?.recordsModelPerMessage || !ref) return true;
      return (ref.model === undefined || m.model === ref.model) && (ref.api === undefined || m.api === ref.api);
    };
    const serializer = shape?.serialisedBySender ? { dropEmpty: true, dropEmptyUser: provider !== "bedrock", unsignedThinkingAsText: provider === "anthropic" || provider === "bedrock" } : undefined;
    const requestKey = packsPresent.has(provider) ? tupleKey(provider) : tupleKey("none", serializer?.dropEmpty, serializer?.dropEmptyUser, serializer?.unsignedThinkingAsText);
    // What the build depends on besides the wire: an append resumes the previous build (request-build.ts).
    const resumeKey = scopedTupleKey(scope, VERDICTS, session.format, requestKey, ref !== undefined, ref?.model, ref?.api);
    usedBuilds.add(resumeKey);
    let req = requests.get(requestKey);
    if (!req) {
      req = buildRequest(wire, { oneMessagePerLine: shape?.oneMessagePerLine ?? false, sameModel, lineValue, serializer, resumeKey });
      requests.set(requestKey, req);
    }
    const combined = provider === "anthropic";
    if (combined) req = combineConsecutive(req);
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
      const hitsKey = scopedTupleKey(scope, rule, cell.mode, ctx.targetModel);
      let use = shared.get(hitsKey);
      const lastKey = scopedTupleKey(scope, VERDICTS, resumeKey, combined, hitsKey);
      usedHits.add(lastKey);
      if (!use) {
        shared.set(hitsKey, (use = { rule, hits: incrementalHits(rule, req, ctx, cell.mode, lastKey), rejects: 0, quiet: 0, target: false }));
        uses.push(use);
      }
      if (cell.verdict === "quiet") use.quiet |= bit;
      else use.rejects |= bit;
      if (provider === target) use.target = true;
    }
  });

  keepBuilds(wire[0], VERDICTS, usedBuilds);
  for (const req of hitsOf.keys()) keepHits(req, usedHits);

  const all = options.target === "all";
  const headerLine = session.header?.line ?? 0;
  // Each rule's lists of hits merged, kept from the last version when the lists are the same.
  const byRule = new Map<ProviderRule, number[]>();
  uses.forEach((use, u) => {
    if (use.hits.length === 0) return; // adds no place
    const list = byRule.get(use.rule);
    if (list) list.push(u);
    else byRule.set(use.rule, [u]);
  });
  const signature: unknown[] = [target, all, headerLine];
  const accs: Acc[] = [];
  for (const [rule, us] of byRule) {
    const sig = us.flatMap((u) => [uses[u].hits, uses[u].rejects, uses[u].quiet, uses[u].target, u]);
    pushAll(signature, sig);
    const last = mergedOfHits.get(uses[us[0]].hits);
    if (last && last.rule === rule && sameItems(last.sig, sig)) {
      pushAll(accs, last.accs);
      continue;
    }
    const made = mergeRule(rule, us.map((u) => ({ use: uses[u], u })));
    mergedOfHits.set(uses[us[0]].hits, { rule, sig, accs: made });
    pushAll(accs, made);
  }
  const quietCodes = target ? PROVIDER_RULES.filter((r) => cellFor(r, target)?.verdict === "quiet").map((r) => r.code) : [];
  const result = (verdicts: Record<ProviderName, ProviderVerdict>, findings: ProviderFinding[]): ProviderVerdicts => ({ target, targetSource, targetModel: detected === target ? latest?.model : undefined, turns, verdicts, findings, quietCodes, ...(wire === NO_MESSAGES && shape?.requestNotKnown === true ? { notChecked: true } : {}) });
  // Every list the same as last time (an append that adds no hit): the findings and verdicts are the last ones.
  const lastAll = lastVerdicts.get(scope);
  if (lastAll && sameItems(lastAll.signature, signature)) return result(lastAll.verdicts, lastAll.findings);

  const targetBit = target ? 1 << PROVIDER_NAMES.indexOf(target) : 0;
  // The provider part of a message depends on the rule and the providers only: made once each.
  const notes = new Map<ProviderRule, Map<number, { rejectedBy: ProviderName[]; severity: Severity; note: string }>>();
  const noteOf = (acc: Acc) => {
    let byMask = notes.get(acc.rule);
    if (!byMask) notes.set(acc.rule, (byMask = new Map()));
    const mask = acc.rejects | (acc.quiet << PROVIDER_NAMES.length);
    let n = byMask.get(mask);
    if (!n) {
      const rejectedBy = PROVIDER_NAMES.filter((_, i) => acc.rejects & (1 << i));
      if (acc.rejects & targetBit) {
        rejectedBy.splice(rejectedBy.indexOf(target!), 1);
        rejectedBy.unshift(target!);
      }
      const severity = severityOf(acc.rejects, acc.quiet, targetBit, all);
      byMask.set(mask, (n = { rejectedBy, severity, note: clause(rejectedBy, acc.rule, acc.quiet & targetBit ? target : null, target) }));
    }
    return n;
  };

  const findingOf = (acc: Acc): ProviderFinding => {
    const hit = acc.hit;
    // A hit the last version merged the same way (an append keeps the hits before its change) keeps its finding.
    const last = findingOfHit.get(hit);
    if (last && last.rejects === acc.rejects && last.quiet === acc.quiet && last.target === target && last.all === all && last.headerLine === headerLine) return last.finding;
    const { rejectedBy, severity, note } = noteOf(acc);
    const f: ProviderFinding = { code: acc.rule.code, severity, line: hit.place.line ?? headerLine, path: hit.place.path, message: `${hit.detail} ${note}`, toolCallId: hit.toolCallId, rejectedBy: [...rejectedBy], providerNote: note };
    const related = (hit.related ?? []).filter((r) => r.place.line !== null).slice(0, MAX_RELATED);
    if (related.length) f.related = related.map((r) => ({ line: r.place.line!, message: r.message, path: r.place.path }));
    findingOfHit.set(hit, { rejects: acc.rejects, quiet: acc.quiet, target, all, headerLine, finding: f });
    return f;
  };
  // By line, then code, then the order of a merge provider by provider (the use, then the hit).
  const rank = codeRanks(accs);
  const sorted = accs.map((acc) => ({ acc, f: findingOf(acc) }));
  sorted.sort((a, b) => a.f.line - b.f.line || rank.get(a.acc.rule.code)! - rank.get(b.acc.rule.code)! || a.acc.u - b.acc.u || a.acc.s - b.acc.s);
  const findings = sorted.map((x) => x.f);

  const verdicts = {} as Record<ProviderName, ProviderVerdict>;
  for (const p of PROVIDER_NAMES) verdicts[p] = { provider: p, rejects: false, findings: [], count: 0 };
  for (const f of findings)
    for (const p of f.rejectedBy) {
      const v = verdicts[p];
      if (v.count++ < MAX_VERDICT_FINDINGS) v.findings.push(f);
      v.rejects = true;
    }
  lastVerdicts.set(scope, { signature, verdicts, findings });
  return result(verdicts, findings);
}

/** Merges one rule's lists of hits: one entry per place, with every provider that rejects it or finds it normal. */
function mergeRule(rule: ProviderRule, lists: { use: HitsUse; u: number }[]): Acc[] {
  // By line: the one merged entry there, or the few when a line has several places.
  const byLine = new Map<number, Acc | Acc[] | Map<string, Acc>>();
  const out: Acc[] = [];
  for (const { use, u } of lists)
    use.hits.forEach((hit, s) => {
      const line = hit.place.line ?? -1;
      const here = byLine.get(line);
      let acc: Acc | undefined;
      if (here === undefined) acc = undefined;
      else if (here instanceof Map) acc = here.get(placeKey(hit));
      else if (Array.isArray(here)) acc = here.find((a) => samePlace(a, hit));
      else acc = samePlace(here, hit) ? here : undefined;
      if (!acc) {
        acc = { rule, hit, rejects: 0, quiet: 0, u, s };
        if (here === undefined) byLine.set(line, acc);
        else if (here instanceof Map) here.set(placeKey(hit), acc);
        else if (!Array.isArray(here)) byLine.set(line, [here, acc]);
        else if (here.length < CROWDED_LINE) here.push(acc);
        // A line with many places (a JSON-document chat is one line): looked up by key, not by a walk.
        else byLine.set(line, new Map([...here, acc].map((a) => [placeKey(a.hit), a])));
        out.push(acc);
      }
      acc.rejects |= use.rejects;
      acc.quiet |= use.quiet;
      if (use.target) acc.hit = hit; // the target's wording of the occurrence
    });
  return out;
}

const samePlace = (a: Acc, hit: Hit) => a.hit.toolCallId === hit.toolCallId && samePath(a.hit.place.path, hit.place.path);

/** The codes of `accs` ranked as `localeCompare` orders them. */
function codeRanks(accs: readonly Acc[]): Map<string, number> {
  const codes = [...new Set(accs.map((a) => a.rule.code as string))].sort((a, b) => a.localeCompare(b));
  return new Map(codes.map((c, i) => [c, i]));
}

/** The hits of the last check per rule and request variant, kept by the request's first message. */
const lastHits = new WeakMap<RequestMessage, Map<TupleKey, { req: RequestMessage[]; generation: number | undefined; hits: Hit[]; allAt: boolean }>>();

/** Forgets the hits kept for `req`'s first message under the verdicts' keys other than `keys` (others' stay). */
function keepHits(req: RequestMessage[], keys: ReadonlySet<TupleKey>): void {
  const byKey = req.length ? lastHits.get(req[0]) : undefined;
  if (byKey) for (const k of [...byKey.keys()]) if (k.parts[0] === VERDICTS && !keys.has(k)) byKey.delete(k);
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
export function incrementalHits(rule: ProviderRule, req: RequestMessage[], ctx: CheckContext, mode: RuleMode | undefined, key: TupleKey): Hit[] {
  if (req.length === 0) return rule.check(req, ctx, mode);
  let byKey = lastHits.get(req[0]);
  if (!byKey) lastHits.set(req[0], (byKey = new Map()));
  const prev = byKey.get(key);
  if (!rule.segmentLocal?.(mode)) {
    // Checked in full; the hits that equal the last check's are the last objects, so their merge and findings are kept.
    const fresh = rule.check(req, ctx, mode);
    const kept = prev && !prev.allAt ? keptWhereSame(prev.hits, fresh) : fresh;
    byKey.set(key, { req, generation: undefined, hits: kept, allAt: false });
    return kept;
  }
  let hits: Hit[] | undefined;
  if (prev?.allAt) {
    const shared = sharedWithLast(prev, req);
    const p = shared.prefix;
    let a0 = p - 1;
    while (a0 >= 0 && req[a0].role !== "assistant") a0--;
    let w = a0 - 1;
    while (w >= 0 && req[w].role !== "assistant") w--;
    if (p === req.length && p > 0 && prev.req === req) hits = prev.hits;
    else if (a0 > 0 && w >= 0) {
      // Hits come in the order of `at`: those before `a0` are a prefix.
      hits = prev.hits.slice(0, partitionPoint(prev.hits, (h) => h.at! < a0));
      // From `t` on the hits are the previous ones, moved; `end`: the checked part's context.
      const t = shared.tailFrom >= 0 ? nextAssistant(req, shared.tailFrom) : req.length;
      const end = t < req.length ? Math.min(req.length, nextAssistant(req, t) + 1) : req.length;
      for (const h of rule.check(req.slice(w, end), ctx, mode)) if (h.at! + w >= a0 && h.at! + w < t) hits.push({ ...h, at: h.at! + w });
      // Unmoved (an edit that kept the message count), the hits are the same objects: their findings are kept too.
      if (t < req.length) for (const h of prev.hits) if (h.at! + shared.shift >= t) hits.push(shared.shift === 0 ? h : { ...h, at: h.at! + shared.shift });
      // Hits equal to the last ones are the last objects (their findings are kept), and the same
      // hits as before (a change that adds none) the same list (its merge is kept too).
      hits = keptWhereSame(prev.hits, hits);
    }
  }
  // Continued hits all carry `at` (a segment-local rule's do); a full check's are looked at once.
  const allAt = hits !== undefined || (hits = rule.check(req, ctx, mode)).every((h) => h.at !== undefined);
  byKey.set(key, { req, generation: requestLineage(req)?.generation, hits, allAt });
  return hits;
}

/** `fresh` with each hit that equals the one at its index in `last` replaced by that one; `last` itself when all are. */
function keptWhereSame(last: Hit[], fresh: Hit[]): Hit[] {
  let same = last.length === fresh.length;
  const out = fresh.map((h, i) => {
    if (i < last.length && sameHit(last[i], h)) return last[i];
    same = false;
    return h;
  });
  return same ? last : out;
}

function sameHit(a: Hit, b: Hit): boolean {
  if (a === b) return true;
  if (a.at !== b.at || a.toolCallId !== b.toolCallId || a.detail !== b.detail || !samePlaceOf(a.place, b.place)) return false;
  const ra = a.related ?? [];
  const rb = b.related ?? [];
  return a.related === undefined === (b.related === undefined) && ra.length === rb.length && ra.every((r, i) => r.message === rb[i].message && samePlaceOf(r.place, rb[i].place));
}

const samePlaceOf = (a: Place, b: Place) => a.line === b.line && samePath(a.path, b.path);

function severityOf(rejects: number, quiet: number, targetBit: number, all: boolean): Severity {
  if (all) return rejects ? "error" : "hint";
  if (rejects & targetBit) return "error";
  if (quiet & targetBit) return "hint";
  return "information";
}

/** Who rejects it (target first), quoting each distinct error text once; `quietFor`: the target, when the pattern is normal there. */
function clause(rejecting: ProviderName[], rule: ProviderRule, quietFor: ProviderName | null, target: ProviderName | null): string {
  const parts: string[] = [];
  const q = quietFor ? cellFor(rule, quietFor) : undefined;
  if (quietFor && q) parts.push(`This is normal for ${PROVIDER_LABELS[quietFor]}${q.note ? `: ${q.note}` : ""}.`);
  // Quote each distinct error once: variants share their base pack's text.
  const quoted = new Map<string, ProviderName[]>();
  for (const p of rejecting) {
    const cell = cellFor(rule, p);
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

