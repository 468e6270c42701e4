/**
 * Diagnostics are bounded per document: VS Code keeps 1,000 per file anyway, and one
 * publishDiagnostics message stays under 1 MB. The most severe are kept (errors first, then by
 * line); the status notification says how many exist when fewer are published.
 */
import type { Diagnostic, DiagnosticRelatedInformation } from "vscode-languageserver/node";
import type { Severity } from "../engine/index.js";
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

const RANK: Record<Severity, number> = { error: 1, warning: 2, information: 3, hint: 4 };

/**
 * The diagnostics to publish for a document: ordered by severity (errors first) then line, at
 * most `max`, the whole message under `maxBytes` (each diagnostic's message and related list cut
 * first). Only the findings that are published are converted (a finding's ranges are located on demand, so 100,000 findings
 * cost no more than the 1,000 shown, apart from sorting).
 */
export function documentDiagnostics(m: DocModel, uri: string, settings: Settings, max = MAX_DIAGNOSTICS, maxBytes = MAX_DIAGNOSTICS_BYTES): BoundedDiagnostics {
  const candidates: Candidate[] = [];
  let errors = 0;
  let warnings = 0;
  for (const f of m.a.findings) {
    const sev = settings.severityOverrides[f.code] ?? f.severity;
    if (sev === "off") continue;
    if (sev === "error") errors++;
    else if (sev === "warning") warnings++;
    candidates.push({ rank: RANK[sev], line: f.line, order: candidates.length, make: () => toDiagnostic(m, uri, f, settings) });
  }
  for (const h of prunedHints(m, uri, settings)) candidates.push({ rank: h.severity ?? 4, line: h.range.start.line, order: candidates.length, make: () => h });
  return boundCandidates(candidates, errors, warnings, uri, max, maxBytes);
}

type Candidate = { rank: number; line: number; order: number; make: () => Diagnostic | null };

/**
 * The same bound over diagnostics made already: `list` is every diagnostic of the document
 * (for example the generic ones with the provider findings folded in, lsp/provider-findings.ts).
 */
export function boundDiagnostics(list: Diagnostic[], uri: string, max = MAX_DIAGNOSTICS, maxBytes = MAX_DIAGNOSTICS_BYTES): BoundedDiagnostics {
  let errors = 0;
  let warnings = 0;
  const candidates: Candidate[] = list.map((d, order) => {
    const rank = d.severity ?? 4;
    if (rank === 1) errors++;
    else if (rank === 2) warnings++;
    return { rank, line: d.range.start.line, order, make: () => d };
  });
  return boundCandidates(candidates, errors, warnings, uri, max, maxBytes);
}

function boundCandidates(candidates: Candidate[], errors: number, warnings: number, uri: string, max: number, maxBytes: number): BoundedDiagnostics {
  candidates.sort((a, b) => a.rank - b.rank || a.line - b.line || a.order - b.order);
  // Most documents fit whole: one measure of everything instead of one per diagnostic.
  if (candidates.length <= max) {
    const all: Diagnostic[] = [];
    for (const c of candidates) {
      const d = c.make();
      if (d) all.push(bounded(d));
    }
    if (Buffer.byteLength(JSON.stringify(uri)) + 200 + Buffer.byteLength(JSON.stringify(all)) <= maxBytes)
      return { diagnostics: all, errors, warnings, capped: all.length < candidates.length ? { shown: all.length, total: candidates.length } : undefined };
  }
  // First the diagnostics without their related places, while they fit; then related lists, in
  // order, with the room left (so related places never push out a diagnostic).
  const sizeOf = (d: Diagnostic) => Buffer.byteLength(JSON.stringify(d)) + 1;
  const kept: { full: Diagnostic; bare: Diagnostic; bareSize: number }[] = [];
  let bytes = Buffer.byteLength(JSON.stringify(uri)) + 200;
  for (const c of candidates) {
    if (kept.length >= max) break;
    const d = c.make();
    if (!d) continue;
    const full = bounded(d);
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
  return { diagnostics, errors, warnings, capped: diagnostics.length < candidates.length ? { shown: diagnostics.length, total: candidates.length } : undefined };
}

