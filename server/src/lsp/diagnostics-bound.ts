/**
 * Diagnostics are bounded per document: VS Code keeps 1,000 per file anyway, and one
 * publishDiagnostics message stays under 1 MB. The most severe are kept (errors first, then by
 * line); the status notification says how many exist when fewer are published.
 */
import type { Diagnostic, DiagnosticRelatedInformation } from "vscode-languageserver/node";

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

/** Orders by severity (errors first; a missing severity counts as an error) then position. */
export function bySeverityThenLine(a: Diagnostic, b: Diagnostic): number {
  return (a.severity ?? 1) - (b.severity ?? 1) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}

/**
 * The diagnostics to publish for `uri`: ordered by severity then line, at most `max`, the whole
 * message under `maxBytes` (each diagnostic's message and related list cut first).
 */
export function boundDiagnostics(all: Diagnostic[], uri: string, max = MAX_DIAGNOSTICS, maxBytes = MAX_DIAGNOSTICS_BYTES): BoundedDiagnostics {
  let errors = 0;
  let warnings = 0;
  for (const d of all) {
    if (d.severity === 1) errors++;
    else if (d.severity === 2) warnings++;
  }
  const ordered = all.slice().sort(bySeverityThenLine);
  const diagnostics: Diagnostic[] = [];
  // The envelope: {"uri":...,"version":...,"diagnostics":[...]} plus the JSON-RPC frame.
  let bytes = JSON.stringify(uri).length + 200;
  for (const d of ordered) {
    if (diagnostics.length >= max) break;
    const b = bounded(d);
    const size = Buffer.byteLength(JSON.stringify(b)) + 1;
    if (bytes + size > maxBytes) break;
    bytes += size;
    diagnostics.push(b);
  }
  return { diagnostics, errors, warnings, capped: diagnostics.length < all.length ? { shown: diagnostics.length, total: all.length } : undefined };
}
