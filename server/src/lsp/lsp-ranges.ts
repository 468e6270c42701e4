/** Engine places to LSP types, in one place: a finding's severity, a line's or a value's range, an id's location. */
import {
  DiagnosticSeverity,
  type Location,
  type Range,
} from "vscode-languageserver/node";
import { documentOf, pathPlace } from "../engine/index.js";
import type { JsonPath, Severity } from "../engine/index.js";
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
