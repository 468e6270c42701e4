/** The outline: turns with their calls, and chain ranges; the latest turns of a long session. */
import {
  type DocumentSymbol,
  SymbolKind,
} from "vscode-languageserver/node";
import type { Msg } from "../engine/index.js";
import { lineOf } from "../engine/index.js";
import { maxOf, minOf } from "../engine/index.js";
import { messageText } from "../engine/index.js";
import type { DocModel } from "./model.js";
import { fullLineRange } from "./lsp-ranges.js";
import { chainSummary } from "./chain-summary.js";
import { plainToolNames } from "./tool-names.js";

function preview(msg: Msg): string {
  const t = messageText(msg).replace(/\s+/g, " ").trim();
  return t.length > 60 ? t.slice(0, 59) + "…" : t;
}

/**
 * At most about this many document symbols (turns and their messages, as VS Code's JSON server
 * stops at 5,000 items): VS Code asks for them again after every change while the outline or
 * breadcrumbs show, and a long session has tens of thousands of messages.
 */
export const MAX_SYMBOLS = 5000;

export function symbols(m: DocModel, max = MAX_SYMBOLS): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  let turn: { sym: DocumentSymbol; lines: number[] } | undefined;
  let n = 0;
  const before = m.a.before;
  // A long session lists its latest turns: from the start of the turn `max` messages from the
  // end (when it is near), the earlier ones counted, not listed.
  // One symbol per listed message (a user message is its turn's), one more for a turn continued
  // from before the listed part, one for the note: the rest of the budget, less the way back to a turn's start.
  let from = 0;
  if (before.length > max) {
    const back = max >> 3;
    from = before.length - (max - 2 - back);
    for (let s = from; s > 0 && s >= from - back; s--)
      if (before[s].role === "user") {
        from = s;
        break;
      }
  }
  // A message projected twice (same line, role and call) is listed once: its line the first time, else null.
  const seen = new Set<string>();
  const newLine = (msg: Msg): number | null => {
    const line = lineOf(msg);
    if (line === null) return null;
    const k = `${line}|${msg.role}|${msg.toolCallId ?? ""}`;
    if (seen.has(k)) return null;
    seen.add(k);
    return line;
  };
  let firstListed: number | undefined;
  for (let i = 0; i < from; i++) if (newLine(before[i]) !== null && (before[i].role === "user" || n === 0)) n++;
  const close = () => {
    if (!turn) return;
    const lo = minOf(turn.lines);
    const hi = maxOf(turn.lines);
    turn.sym.range = { start: { line: lo, character: 0 }, end: fullLineRange(m, hi).end };
    out.push(turn.sym);
    turn = undefined;
  };
  const notListed = from > 0 && before[from].role !== "user" ? n - 1 : n;
  for (let i = from; i < before.length; i++) {
    const msg = before[i];
    const line = newLine(msg);
    if (line === null) continue;
    firstListed ??= line;
    const r = fullLineRange(m, line);
    if (msg.role === "user" || !turn) {
      close();
      const isUser = msg.role === "user";
      // The first listed message of a long session may continue a turn that began earlier.
      const continued = !isUser && n > 0 && out.length === 0;
      if (!continued) n++;
      turn = {
        sym: { name: isUser ? `Turn ${n}: ${preview(msg) || "user"}` : continued ? `Turn ${n} (continued)` : `Turn ${n}`, detail: `line ${line + 1}`, kind: SymbolKind.Event, range: r, selectionRange: r, children: [] },
        lines: [line],
      };
      if (isUser) continue;
    }
    turn.lines.push(line);
    const name =
      msg.role === "assistant"
        ? `assistant${plainToolNames(msg)}`
        : msg.role === "toolResult"
          ? `result ${msg.toolCallId} (${msg.toolName ?? "tool"})`
          : `${msg.role}${msg.customType ? ` ${msg.customType}` : ""}`;
    turn.sym.children!.push({
      name: name || msg.role,
      detail: `line ${line + 1}${m.fateOfMsg(msg) ? `, ${m.fateOfMsg(msg)}` : ""}`,
      kind: msg.role === "assistant" ? SymbolKind.Method : msg.role === "toolResult" ? SymbolKind.Function : SymbolKind.Object,
      range: r,
      selectionRange: r,
    });
  }
  close();
  if (from > 0 && firstListed !== undefined && firstListed > 0) {
    const earlier = { start: { line: 0, character: 0 }, end: fullLineRange(m, firstListed - 1).end };
    out.unshift({ name: `Earlier turns (${notListed.toLocaleString("en-US")} not listed)`, detail: "the outline lists the latest turns of a long session; the inspector shows them all", kind: SymbolKind.Namespace, range: earlier, selectionRange: { start: earlier.start, end: earlier.start } });
  }
  let chains = 0;
  for (const c of m.chains.values()) {
    if (++chains > max) break;
    const sum = chainSummary(m, c.line)!;
    const entry = fullLineRange(m, c.line);
    if (sum.start !== undefined && sum.end !== undefined) {
      const range = { start: { line: Math.min(sum.start, c.line), character: 0 }, end: fullLineRange(m, Math.max(sum.end, c.line)).end };
      out.push({ name: `Chain ${c.blockId}`, detail: sum.title, kind: SymbolKind.Namespace, range, selectionRange: entry });
    } else out.push({ name: `Chain ${c.blockId} (unresolved)`, detail: sum.title, kind: SymbolKind.Namespace, range: entry, selectionRange: entry });
  }
  return out;
}
