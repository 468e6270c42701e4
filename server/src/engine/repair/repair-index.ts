/**
 * Look-ups the repairs need, built once per analysis (linear in the file) instead of a scan of
 * every line per repair: findings by line, entries by line, how many entries share an id, and
 * where each entry id appears as a string anywhere in the file (values and keys, parsed lines and
 * the string literals of lines that do not parse). Iterative: no input depth overflows it.
 */
import type { Analysis } from "../pipeline/analyze.js";
import { formatProfile } from "../formats/registry.js";
import { toolCallsOf, type Entry, type Finding, type Msg } from "../model/types.js";

/** Where each tool-call id is called and answered anywhere in the file, every branch included (0-based lines, ascending). */
export interface ToolLines {
  calls: Map<string, number[]>;
  results: Map<string, number[]>;
}

/** Each look-up is built when first read (a rename reads only `beforeIndex` and `refs`' ids). */
export interface RepairIndex {
  readonly findingsByLine: Map<number, Finding[]>;
  readonly entryByLine: Map<number, Entry>;
  readonly idCount: Map<string, number>;
  /** Entry id -> line -> how many strings on the line equal it (a key counts as two: never a lone parent link). */
  refs(id: string): Map<number, number> | undefined;
  /** Calls and results by id over every entry of the file, not only the active branch (built when first asked). */
  toolLines(): ToolLines;
  /** Each message of the context (`before`) by its index (built when first asked). */
  beforeIndex(): Map<Msg, number>;
}

const cache = new WeakMap<Analysis, RepairIndex>();

/** How many indexes were built (tests count work: a light bulb on a line without findings builds none). */
export const repairIndexWork = { builds: 0 };

export function repairIndex(a: Analysis): RepairIndex {
  let ix = cache.get(a);
  if (ix) return ix;
  repairIndexWork.builds++;
  let findingsByLine: Map<number, Finding[]> | undefined;
  const byFindingLine = () => {
    if (findingsByLine) return findingsByLine;
    findingsByLine = new Map<number, Finding[]>();
    for (const f of a.findings) {
      const l = findingsByLine.get(f.line);
      if (l) l.push(f);
      else findingsByLine.set(f.line, [f]);
    }
    return findingsByLine;
  };
  let entries: { entryByLine: Map<number, Entry>; idCount: Map<string, number> } | undefined;
  const entryMaps = () => {
    if (entries) return entries;
    entries = { entryByLine: new Map<number, Entry>(), idCount: new Map<string, number>() };
    const { entryByLine, idCount } = entries;
    for (const e of a.session.entries) {
      if (!entryByLine.has(e.line)) entryByLine.set(e.line, e);
      idCount.set(e.id, (idCount.get(e.id) ?? 0) + 1);
    }
    return entries;
  };
  let refIndex: Map<string, Map<number, number>> | undefined;
  const refs = (id: string) => {
    refIndex ??= buildRefs(a, entryMaps().idCount);
    return refIndex.get(id);
  };
  let tools: ToolLines | undefined;
  const toolLines = () => (tools ??= buildToolLines(a));
  let positions: Map<Msg, number> | undefined;
  const beforeIndex = () => {
    if (!positions) {
      positions = new Map();
      a.before.forEach((m, i) => positions!.set(m, i));
    }
    return positions;
  };
  ix = {
    get findingsByLine() {
      return byFindingLine();
    },
    get entryByLine() {
      return entryMaps().entryByLine;
    },
    get idCount() {
      return entryMaps().idCount;
    },
    refs,
    toolLines,
    beforeIndex,
  };
  cache.set(a, ix);
  return ix;
}

function buildRefs(a: Analysis, ids: Map<string, number>): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  const add = (s: string, line: number, k: number) => {
    if (!ids.has(s)) return;
    let m = out.get(s);
    if (!m) out.set(s, (m = new Map()));
    m.set(line, (m.get(line) ?? 0) + k);
  };
  const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g;
  for (const l of a.session.lines.held) {
    if (l.value === undefined) {
      if (l.text.trim() === "") continue;
      // A line that does not parse may still name the id: count its string literals.
      for (const m of l.text.matchAll(STRING_LITERAL)) {
        try {
          add(JSON.parse(m[0]), l.line, 2);
        } catch {
          /* not a complete literal */
        }
      }
      continue;
    }
    const stack: unknown[] = [l.value];
    while (stack.length > 0) {
      const v = stack.pop();
      if (typeof v === "string") add(v, l.line, 1);
      else if (Array.isArray(v)) for (const x of v) stack.push(x);
      else if (v !== null && typeof v === "object")
        for (const [k, x] of Object.entries(v)) {
          add(k, l.line, 2);
          stack.push(x);
        }
    }
  }
  return out;
}

/**
 * Each entry read on its own by its format's context builder: the calls and results it holds,
 * wherever it sits in the tree (a Claude Code result on a sibling branch, a late result, another
 * branch's turn). Linear in the file.
 */
function buildToolLines(a: Analysis): ToolLines {
  const calls = new Map<string, number[]>();
  const results = new Map<string, number[]>();
  const add = (m: Map<string, number[]>, id: string, line: number) => {
    const list = m.get(id);
    if (!list) m.set(id, [line]);
    else if (list[list.length - 1] !== line) list.push(line);
  };
  const reader = formatProfile(a.session.format);
  if (!reader) return { calls, results };
  for (const e of a.session.entries) {
    for (const m of reader.buildContext([e])) {
      if (m.role === "toolResult" && typeof m.toolCallId === "string") add(results, m.toolCallId, e.line);
      for (const c of toolCallsOf(m)) add(calls, c.id, e.line);
    }
  }
  for (const list of [...calls.values(), ...results.values()]) list.sort((x, y) => x - y);
  return { calls, results };
}

/** The first of `lines` (ascending) after `after` and before `before`, or undefined. */
export function lineBetween(lines: readonly number[] | undefined, after: number, before = Infinity): number | undefined {
  if (!lines) return undefined;
  for (const l of lines) if (l > after && l < before) return l;
  return undefined;
}
