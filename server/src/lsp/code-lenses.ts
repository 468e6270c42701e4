/** Code lenses on chain entries. */
import {
  type CodeLens,
} from "vscode-languageserver/node";
import { REVEAL_LINE_COMMAND } from "../protocol/index.js";
import type { DocModel } from "./model.js";
import { fullLineRange } from "./lsp-ranges.js";
import { chainSummary } from "./chain-summary.js";

export function codeLenses(m: DocModel, uri: string): CodeLens[] {
  const out: CodeLens[] = [];
  for (const c of m.chains.values()) {
    const sum = chainSummary(m, c.line)!;
    const target = sum.start ?? c.line;
    out.push({ range: fullLineRange(m, c.line), command: { title: sum.title, command: REVEAL_LINE_COMMAND, arguments: [target + 1, uri] } });
  }
  return out.sort((a, b) => a.range.start.line - b.range.start.line);
}
