/**
 * Diagnostics are bounded per document: VS Code keeps 1,000 per file anyway, and one
 * publishDiagnostics message stays under 1 MB. The most severe are kept (errors first, then by
 * line); the status notification says how many exist when fewer are published.
 */
import type { Diagnostic, DiagnosticRelatedInformation } from "vscode-languageserver/node";
import type { Finding, Severity } from "../engine/index.js";
import { prunedHints, toDiagnostic } from "./diagnostics.js";
import type { DocModel } from "./model.js";
import type { Settings } from "./settings.js";

/** At most this many diagnostics per document (what VS Code keeps per file). */
export const MAX_DIAGNOSTICS = 1000;
/** The serialized `publishDiagnostics` params stay under this many bytes. */
export const MAX_DIAGNOSTICS_BYTES = 1_000_000;
/** A diagnostic's message is cut to this many characters (the finding's first sentence comes first). */
export const MAX_MESSAGE_CHARS = 2000;
/** Related places per diagnostic (the engine caps at 20 plus one "and N more"). */
export const MAX_RELATED_INFO = 21;
const MAX_RELATED_MESSAGE_CHARS = 200;

export interface BoundedDiagnostics {
  /** What to publish: at most MAX_DIAGNOSTICS, errors first, then by line. */
  diagnostics: Diagnostic[];
  /** Counts over every diagnostic, published or not. */
  errors: number;
  warnings: number;
  /** Present when fewer were published than exist. */
  capped?: { shown: number; total: number };
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function bounded(d: Diagnostic): Diagnostic {
  const message = typeof d.message === "string" ? clip(d.message, MAX_MESSAGE_CHARS) : d.message;
  const related = d.relatedInformation;
  if (message === d.message && (!related || (related.length <= MAX_RELATED_INFO && related.every((r) => r.message.length <= MAX_RELATED_MESSAGE_CHARS)))) return d;
  const out: Diagnostic = { ...d, message };
  if (related) {
    const kept: DiagnosticRelatedInformation[] = related.slice(0, MAX_RELATED_INFO).map((r) => ({ ...r, message: clip(r.message, MAX_RELATED_MESSAGE_CHARS) }));
    if (related.length > MAX_RELATED_INFO) kept[kept.length - 1] = { location: kept[kept.length - 1].location, message: `and ${(related.length - MAX_RELATED_INFO + 1).toLocaleString("en-US")} more` };
    out.relatedInformation = kept;
  }
  return out;
}

/**
 * A diagnostic made once is kept from version to version while its finding and lines are
 * (lsp/diagnostics.ts `toDiagnostic`): its bounded form and its size are made once too.
 */
const boundedMemo = new WeakMap<Diagnostic, Diagnostic>();
const bytesMemo = new WeakMap<Diagnostic, number>();
function boundedOf(d: Diagnostic): Diagnostic {
  let b = boundedMemo.get(d);
  if (!b) boundedMemo.set(d, (b = bounded(d)));
  return b;
}
/** The UTF-8 bytes of `d` as JSON (diagnostics are never changed once made). */
function jsonBytes(d: Diagnostic): number {
  let n = bytesMemo.get(d);
  if (n === undefined) bytesMemo.set(d, (n = Buffer.byteLength(JSON.stringify(d))));
  return n;
}

const RANK: Record<Severity, number> = { error: 1, warning: 2, information: 3, hint: 4 };

/**
 * Diagnostics a bound reads without making them all: `count` items, each with a rank (1 error,
 * 2 warning, 3 information, 4 hint; 0: not shown) and a line, made only when published.
 */
export interface DiagnosticSource {
  count: number;
  rank(i: number): number;
  line(i: number): number;
  make(i: number): Diagnostic | null;
}

/**
 * The diagnostics to publish for a document: ordered by severity (errors first) then line, at
 * most `max`, the whole message under `maxBytes` (each diagnostic's message and related list cut
 * first). Only the findings that are published are converted (a finding's ranges are located on
 * demand, so 100,000 findings cost no more than the 1,000 shown, apart from one pass over them).
 */
export function documentDiagnostics(m: DocModel, uri: string, settings: Settings, max = MAX_DIAGNOSTICS, maxBytes = MAX_DIAGNOSTICS_BYTES): BoundedDiagnostics {
  return boundSource(findingSource(m, uri, settings, m.a.findings, prunedHints(m, uri, settings)), uri, max, maxBytes);
}

/**
 * A diagnostic per finding of `findings` (made only when published; a user's severity override
 * applies, `off` hides it), then `base` (diagnostics made already); `baseFirst`: `base` first.
 */
export function findingSource(m: DocModel, uri: string, settings: Settings, findings: readonly Finding[], base: readonly Diagnostic[], baseFirst = false): DiagnosticSource {
  const nb = base.length;
  const fi = (i: number) => (baseFirst ? i - nb : i);
  const bi = (i: number) => (baseFirst ? i : i - findings.length);
  const isBase = (i: number) => (baseFirst ? i < nb : i >= findings.length);
  return {
    count: nb + findings.length,
    rank: (i) => {
      if (isBase(i)) return base[bi(i)].severity ?? 4;
      const f = findings[fi(i)];
      const sev = settings.severityOverrides[f.code] ?? f.severity;
      return sev === "off" ? 0 : RANK[sev];
    },
    line: (i) => (isBase(i) ? base[bi(i)].range.start.line : findings[fi(i)].line),
    make: (i) => (isBase(i) ? base[bi(i)] : toDiagnostic(m, uri, findings[fi(i)], settings)),
  };
}

type Candidate = { rank: number; line: number; order: number; make: () => Diagnostic | null };

/**
 * The same bound over diagnostics made already: `list` is every diagnostic of the document
 * (for example the generic ones with the provider findings folded in, lsp/provider-findings.ts).
 */
export function boundDiagnostics(list: Diagnostic[], uri: string, max = MAX_DIAGNOSTICS, maxBytes = MAX_DIAGNOSTICS_BYTES): BoundedDiagnostics {
  return boundSource({ count: list.length, rank: (i) => list[i].severity ?? 4, line: (i) => list[i].range.start.line, make: (i) => list[i] }, uri, max, maxBytes);
}

/**
 * The bound over a source: one pass counts the ranks and picks the `max` first by rank, line and
 * place in the source (a list of at most `max` kept in order; a document's findings come by line,
 * so most are turned away at once); only those are made. Nothing is held per item of the source
 * but one byte (its rank).
 */
export function boundSource(src: DiagnosticSource, uri: string, max = MAX_DIAGNOSTICS, maxBytes = MAX_DIAGNOSTICS_BYTES): BoundedDiagnostics {
  const ranks = new Uint8Array(src.count);
  const perRank = [0, 0, 0, 0, 0];
  for (let i = 0; i < src.count; i++) {
    const r = src.rank(i);
    ranks[i] = r;
    perRank[r]++;
  }
  const shown = src.count - perRank[0];
  // The lowest rank whose items are not all kept, and how many of it are.
  let room = max;
  let cut = 5;
  for (let r = 1; r <= 4; r++) {
    if (perRank[r] > room) {
      cut = r;
      break;
    }
    room -= perRank[r];
  }
  const picked: number[] = [];
  const partial: number[] = []; // indices of rank `cut`, the `room` first by (line, index), in order
  const before = (a: number, b: number) => src.line(a) - src.line(b) || a - b;
  for (let i = 0; i < src.count; i++) {
    const r = ranks[i];
    if (r === 0 || r > cut) continue;
    if (r < cut) {
      picked.push(i);
      continue;
    }
    if (room === 0) continue;
    if (partial.length === room && before(i, partial[partial.length - 1]) > 0) continue;
    let lo = 0;
    let hi = partial.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(partial[mid], i) < 0) lo = mid + 1;
      else hi = mid;
    }
    partial.splice(lo, 0, i);
    if (partial.length > room) partial.pop();
  }
  for (const i of partial) picked.push(i);
  const candidates: Candidate[] = picked.map((i) => ({ rank: ranks[i], line: src.line(i), order: i, make: () => src.make(i) }));
  return boundCandidates(candidates, perRank[1], perRank[2], uri, max, maxBytes, shown);
}

/** `candidates` (the ones that may be published, of `total`), sorted and cut to `max` and `maxBytes`. */
function boundCandidates(candidates: Candidate[], errors: number, warnings: number, uri: string, max: number, maxBytes: number, total = candidates.length): BoundedDiagnostics {
  candidates.sort((a, b) => a.rank - b.rank || a.line - b.line || a.order - b.order);
  // Most documents fit whole: one measure of everything instead of one per diagnostic.
  if (candidates.length <= max) {
    const all: Diagnostic[] = [];
    let listBytes = 2; // the JSON array: its brackets, each diagnostic and a comma between two
    for (const c of candidates) {
      const d = c.make();
      if (!d) continue;
      const b = boundedOf(d);
      listBytes += jsonBytes(b) + (all.length > 0 ? 1 : 0);
      all.push(b);
    }
    if (Buffer.byteLength(JSON.stringify(uri)) + 200 + listBytes <= maxBytes)
      return { diagnostics: all, errors, warnings, capped: all.length < total ? { shown: all.length, total } : undefined };
  }
  // First the diagnostics without their related places, while they fit; then related lists, in
  // order, with the room left (so related places never push out a diagnostic).
  const sizeOf = (d: Diagnostic) => jsonBytes(d) + 1;
  const kept: { full: Diagnostic; bare: Diagnostic; bareSize: number }[] = [];
  let bytes = Buffer.byteLength(JSON.stringify(uri)) + 200;
  for (const c of candidates) {
    if (kept.length >= max) break;
    const d = c.make();
    if (!d) continue;
    const full = boundedOf(d);
    const bare: Diagnostic = full.relatedInformation ? { ...full, relatedInformation: undefined } : full;
    const bareSize = sizeOf(bare);
    if (bytes + bareSize > maxBytes) break;
    bytes += bareSize;
    kept.push({ full, bare, bareSize });
  }
  let room = maxBytes - bytes;
  const diagnostics = kept.map(({ full, bare, bareSize }) => {
    if (full === bare) return full;
    const extra = sizeOf(full) - bareSize;
    if (extra > room) return bare;
    room -= extra;
    return full;
  });
  return { diagnostics, errors, warnings, capped: diagnostics.length < total ? { shown: diagnostics.length, total } : undefined };
}

