/** Go to definition, find references and document highlights of ids and parent links. */
import {
  type DocumentHighlight,
  DocumentHighlightKind,
  type Location,
} from "vscode-languageserver/node";
import { formatProfile } from "../engine/index.js";
import { lineOf } from "../engine/index.js";
import type { DocModel } from "./model.js";
import { fullLineRange, lineRange, siteLocation } from "./lsp-ranges.js";

export function definition(m: DocModel, uri: string, line: number, character: number): Location[] | null {
  const site = m.siteAt(line, character);
  if (site) {
    if (site.kind === "result") {
      if (site.occ && site.occ.callLine !== null && site.occ.callPath) return [{ uri, range: lineRange(m, site.occ.callLine, site.occ.callPath) }];
      // An unpaired result: the calls of that id before it.
      const calls = m.sitesOf(site.id).filter((s) => s.kind === "call" && s.line <= line);
      return calls.length ? calls.map((s) => siteLocation(m, uri, s)) : null;
    }
    return null;
  }
  const node = m.nodeAt(line, character);
  if (!node || node.isKey) return null;
  const { path } = node;
  if (path.length === 1 && formatProfile(m.a.session.format)?.entryRefKeys.has(String(path[0])) && node.type === "string") {
    const target = m.a.session.byId.get(String(node.value));
    return target ? [{ uri, range: fullLineRange(m, target.line) }] : null;
  }
  const chain = m.chains.get(line);
  if (chain && path.length === 2 && path[0] === "data" && (path[1] === "startUserTimestamp" || path[1] === "finalAssistantTimestamp") && node.type === "number") {
    const role = path[1] === "startUserTimestamp" ? "user" : "assistant";
    const hits = m.a.before.filter((x) => x.role === role && x.timestamp === node.value && lineOf(x) !== null);
    return hits.length ? hits.map((x) => ({ uri, range: fullLineRange(m, lineOf(x)!) })) : null;
  }
  return null;
}

export function references(m: DocModel, uri: string, line: number, character: number, includeDeclaration = true): Location[] | null {
  const site = m.siteAt(line, character);
  if (!site) return null;
  return m
    .sitesOf(site.id)
    .filter((s) => includeDeclaration || s.kind !== "call")
    .map((s) => siteLocation(m, uri, s));
}

export function highlights(m: DocModel, line: number, character: number): DocumentHighlight[] | null {
  const site = m.siteAt(line, character);
  if (!site) return null;
  return m.sitesOf(site.id).map((s) => ({ range: lineRange(m, s.line, s.path), kind: s.kind === "call" ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }));
}
