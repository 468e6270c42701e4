/** Engine places to LSP types, in one place: a finding's severity, a line's or a value's range, an id's location. */
import {
  DiagnosticSeverity,
  type Location,
  type Range,
} from "vscode-languageserver/node";
import { documentOf, formatProfile, pathPlace } from "../engine/index.js";
import type { ColumnRange, JsonPath, Severity } from "../engine/index.js";
import type { DocModel, IdSite } from "./model.js";

export const SEV: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function lineRange(m: DocModel, line: number, path?: JsonPath): Range {
  if (documentOf(m.a.session.lines)) {
    // A JSON document: the value may start below the line of its record.
    const p = pathPlace(m.a.session.lines, line, path);
    return { start: { line: p.line, character: p.start }, end: { line: p.line, character: p.end } };
  }
  const r = path ? m.range(line, path) : m.range(line, []);
  return { start: { line, character: r.start }, end: { line, character: r.end } };
}

export function fullLineRange(m: DocModel, line: number): Range {
  const l = m.a.session.lines.at(line)!;
  return { start: { line, character: 0 }, end: { line, character: l ? l.text.length : 0 } };
}

export function siteLocation(m: DocModel, uri: string, s: IdSite): Location {
  return { uri, range: lineRange(m, s.line, s.path) };
}

/**
 * Where a diagnostic on a tool-call id is drawn: on the key of its property (`"toolCallId"`), not
 * on the id. VS Code draws a hover's diagnostics part before any language server's Markdown
 * (its marker participant comes first), so a diagnostic on the id put its text above the id's
 * occurrence table (issue 23 item 7); on the key, a hover on the id shows the table first (with the
 * problems of that id under it, hover.ts) and a hover on the key shows the problem. `r` is the
 * value's range on `line`; it is kept for any value that is no id site, in a JSON document, or
 * without a key before it.
 */
export function markerRange(m: DocModel, line: number, r: ColumnRange, path?: JsonPath): ColumnRange {
  if (!path || typeof path[path.length - 1] !== "string" || documentOf(m.a.session.lines)) return r;
  // A tool-call id's place as the format declares it (one look at the line's value: the id index
  // of the whole document is not built for a publish).
  if (!formatProfile(m.a.session.format)?.isIdPath(m.a.session.lines.heldAt(line)?.value, path)) return r;
  const text = m.a.session.lines.at(line)?.text ?? "";
  const key = keyBefore(text, r.start);
  return key ?? r;
}

const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\r" || c === "\n";

/** The range of the quoted key before the value starting at `valueStart` (`"key" : value`), if the text holds one there. */
export function keyBefore(text: string, valueStart: number): ColumnRange | undefined {
  let i = valueStart - 1;
  while (i >= 0 && isSpace(text[i])) i--;
  if (text[i] !== ":") return undefined;
  i--;
  while (i >= 0 && isSpace(text[i])) i--;
  if (text[i] !== '"') return undefined;
  const end = i + 1;
  // the opening quote: the first one going back that no odd run of backslashes escapes (a key is short: at most 256 characters looked at)
  for (let j = i - 1; j >= Math.max(0, i - 256); j--) {
    if (text[j] !== '"') continue;
    let slashes = 0;
    for (let k = j - 1; k >= 0 && text[k] === "\\"; k--) slashes++;
    if (slashes % 2 === 0) return { start: j, end };
  }
  return undefined;
}
