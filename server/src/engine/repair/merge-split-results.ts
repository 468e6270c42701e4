/**
 * Merge one turn's tool results split over several user lines (provider code `results-split`).
 * Claude Code writes one user line per tool_result; Bedrock and Gemini want every result of a
 * turn in one message. The repair moves the tool_result blocks of the later lines of the run
 * into the first one (that line is rewritten as JSON, every other byte stays), removes the later
 * lines, and re-links the child of the last removed line to the first line. Offered only when
 * the run is unambiguous: a straight parent chain of result-only user lines, with no branch and
 * no other line naming a removed line's uuid. pi and Codex files are not offered it (pi-ai
 * groups pi's per-result entries itself). Pure; look-ups built once per analysis.
 */
import type { Analysis } from "../pipeline/analyze.js";
import { isObject } from "../model/parse.js";
import type { Entry } from "../model/types.js";
import { emptyPlan } from "./line-plan.js";
import { repairIndex } from "./repair-index.js";
import { formatProfile } from "../formats/registry.js";
import { cutsOffLastLine, type Planned, withValue } from "./structural.js";

/** The provider codes this repair handles. */
export const MERGE_SPLIT_CODES: readonly string[] = ["results-split"];

const no = (reason: string) => ({ reason });


interface Ctx {
  children: Map<string, Entry[]>;
  /** Result-only user entries -> their content blocks. */
  blocks: Map<Entry, unknown[]>;
  /** The plan of a run, by each of its lines: every finding of the run shares it (fix-all applies it once; linear in the run). */
  byRun: Map<Entry, Planned>;
}

const ctxs = new WeakMap<Analysis, Ctx>();

function ctx(a: Analysis): Ctx {
  let c = ctxs.get(a);
  if (c) return c;
  const children = new Map<string, Entry[]>();
  const blocks = new Map<Entry, unknown[]>();
  for (const e of a.session.entries) {
    if (e.parentId !== null) {
      const l = children.get(e.parentId);
      if (l) l.push(e);
      else children.set(e.parentId, [e]);
    }
    const m = e.raw.message;
    if (e.type === "user" && isObject(m) && m.role === "user" && Array.isArray(m.content) && m.content.length > 0 && m.content.every((b) => isObject(b) && b.type === "tool_result"))
      blocks.set(e, m.content as unknown[]);
  }
  c = { children, blocks, byRun: new Map() };
  ctxs.set(a, c);
  return c;
}

export function mergeSplitResults(a: Analysis, line: number, toolCallId?: string): Planned {
  const s = a.session;
  const profile = formatProfile(s.format);
  if (!profile) return no("there is no repair for this format");
  if (profile.repair.noMergeReason) return no(profile.repair.noMergeReason);
  const c = ctx(a);
  const ix = repairIndex(a);
  const here = ix.entryByLine.get(line);
  if (!here || !c.blocks.has(here)) return no("there is no user line of tool results here");
  if (toolCallId !== undefined && !c.blocks.get(here)!.some((b) => (b as { tool_use_id?: unknown }).tool_use_id === toolCallId)) return no("there is no result of this call on the line");
  const known = c.byRun.get(here);
  if (known) return known;
  // The run: result-only user lines up the parent chain (the first of them takes the results),
  // and down it while a line has one child of results only.
  const chain: Entry[] = [here];
  const seen = new Set(chain);
  for (let cur = here; ; ) {
    if (cur.parentId === null) break;
    const p = s.byId.get(cur.parentId);
    if (!p || !c.blocks.has(p) || seen.has(p)) break;
    if ((ix.idCount.get(cur.parentId) ?? 0) !== 1) return no("an id on the chain of results is not unique: which line is the parent is a guess");
    chain.push(p);
    seen.add(p);
    cur = p;
    if (chain.length > 10_000) return no("the run of result lines is too long to merge safely");
  }
  chain.reverse();
  for (let cur = here; ; ) {
    const kids = c.children.get(cur.id) ?? [];
    if (kids.length !== 1 || !c.blocks.has(kids[0]) || seen.has(kids[0]) || (ix.idCount.get(kids[0].id) ?? 0) !== 1) break;
    chain.push(kids[0]);
    seen.add(kids[0]);
    cur = kids[0];
    if (chain.length > 10_000) return no("the run of result lines is too long to merge safely");
  }
  if (chain.length < 2) return no("the line before it in the conversation is not a line of results only (a message or a non-result block lies between): where the results belong is a guess");
  const planned = planRun(a, c, chain);
  for (const e of chain) c.byRun.set(e, planned);
  return planned;
}

function planRun(a: Analysis, c: Ctx, chain: Entry[]): Planned {
  const s = a.session;
  const ix = repairIndex(a);
  const first = chain[0];
  const last = chain[chain.length - 1];
  const removed = chain.slice(1);
  for (const e of removed) if (e.line <= first.line) return no("a later result line comes before the first one in the file");
  // No branch: each line of the run has only the next one as its child (the last may have one).
  for (let k = 0; k < chain.length - 1; k++) {
    const kids = c.children.get(chain[k].id) ?? [];
    if (kids.length !== 1 || kids[0] !== chain[k + 1]) return no("the conversation branches inside the run of result lines: which branch gets the results is a guess");
  }
  const kids = c.children.get(last.id) ?? [];
  if (kids.length > 1) return no("the conversation branches after the last result line: which branch to re-link is a guess");
  // A removed line's uuid may be named only on its own line and as its child's parent.
  for (const e of removed) {
    const refs = ix.refs(e.id);
    const allowed = new Set([e.line, ...(c.children.get(e.id) ?? []).map((k) => k.line)]);
    for (const [l] of refs ?? []) if (!allowed.has(l)) return no(`line ${l + 1} names the id of a line the merge would remove`);
  }
  const plan = emptyPlan();
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(s.lines.at(first.line)!.text.replace(/^\uFEFF/, "")) as Record<string, unknown>;
  } catch {
    return no("the first result line does not parse");
  }
  const message = value.message as { content: unknown[] };
  message.content = [...message.content, ...removed.flatMap((e) => c.blocks.get(e)!)];
  plan.replace.set(first.line, JSON.stringify(value));
  const cut = cutsOffLastLine(a, removed.map((e) => e.line));
  if (cut) return no(cut);
  for (const e of removed) plan.remove.add(e.line);
  if (kids.length === 1) {
    const t = withValue(s.lines.at(kids[0].line)!, ["parentUuid"], last.id, first.id);
    if (t === null) return no("the parent link of the next line cannot be located");
    plan.replace.set(kids[0].line, t);
  }
  const n = removed.reduce((k, e) => k + c.blocks.get(e)!.length, 0);
  return { title: `Merge the turn's ${n === 1 ? "later result" : `${n} later results`} into line ${first.line + 1}, with its first results`, plan, reads: [] };
}
