/**
 * `render --format text`: both columns for people (issue 23 item 9). A header (format, pruner,
 * leaf, the totals before and after and what makes the difference), then one line per message
 * pair, aligned as the inspector aligns them (presentation/view-rows.ts `alignRows`, a call's
 * results right under it): the file line, a mark, the before message and the after message.
 *
 *   (space) sent as it is (the after column says "= same")
 *   -       dropped (the after column says by what)
 *   ~       changed on the way (stubbed, purged, thinking stripped): the after message shown
 *   +       made up by the agent or a pruner (synthetic): after column only
 *   *       a compaction (issue 26): who compacted, what left the context, the tokens before and after
 *
 * Every transcript text goes through terminalText before it is cut or painted.
 */
import type { Analysis } from "../engine/index.js";
import type { ViewMessage, ViewRow } from "../protocol/index.js";
import type { RenderJson } from "../presentation/report.js";
import { buildRenderView } from "../presentation/view-model.js";
import { alignRows } from "../presentation/view-rows.js";
import { paint, type Paint, shorten, type TextStyle, wrapWords } from "./terminal-style.js";
import { terminalText as T } from "./terminal-text.js";

/** Columns of the table when the output is not a terminal. */
const DEFAULT_WIDTH = 160;

const n = (x: number) => x.toLocaleString("en-US");

/** A message in one cell: role, tools and ids, then its text on one line. */
export function messageCell(m: ViewMessage): string {
  const who = m.role === "toolResult" ? `result ${m.toolCallId ?? ""}`.trim() : m.role;
  const tools = m.role === "assistant" && m.toolNames?.length ? ` ${m.toolNames.map((t, i) => `${t}(${m.toolCallIds?.[i] ?? ""})`).join(" ")}` : "";
  const text = m.preview.replace(/\s+/g, " ").trim();
  return T(`${m.synthetic ? `[${m.synthetic}] ` : ""}${who}${tools}${text ? `: ${text}` : ""}`);
}

interface Line {
  line: string;
  mark: " " | "-" | "~" | "+" | "*";
  before: string;
  after: string;
  how?: Paint;
}

/** The table's line for a pair of messages (either may be missing). */
function pairLine(b: ViewMessage | undefined, a: ViewMessage | undefined): Line {
  const line = String(b?.line ?? a?.line ?? "-");
  if (b && !a) return { line, mark: "-", before: messageCell(b), after: `dropped by ${T(b.droppedBy?.label ?? "the pruner")}`, how: "red" };
  if (!b && a) return { line, mark: "+", before: "", after: messageCell(a), how: "green" };
  if (b && a && (a.synthetic || b.droppedBy)) return { line, mark: "+", before: `${messageCell(b)}${b.droppedBy ? ` (dropped by ${T(b.droppedBy.label)})` : ""}`, after: messageCell(a), how: "green" };
  if (b && a && (a.changed || a.tokens !== b.tokens || a.preview !== b.preview)) {
    const why = a.changed ?? "changed";
    return { line, mark: "~", before: messageCell(b), after: `${why}, ${n(b.tokens)} -> ${n(a.tokens)} tokens: ${messageCell(a)}`, how: "yellow" };
  }
  return { line, mark: " ", before: messageCell(b!), after: "= same" };
}

/** The text form of `render`, as output pieces. */
export function* renderText(path: string, a: Analysis, r: RenderJson, style: TextStyle): Generator<string> {
  const width = style.width ?? DEFAULT_WIDTH;
  const t = r.totals;
  /** A header line: wrapped on a terminal, the later lines indented. */
  const head = (text: string) => (style.width === undefined ? text : wrapWords(text, style.width, 0, "  ").join("\n"));
  yield `${paint(style, "bold", head(`${T(r.path)}: ${T(r.format)}, pruner ${T(r.pruner)}, leaf ${T(r.leaf)}`))}\n`;
  const rows = alignRows(buildRenderView(a, path, null));
  const pairs: Line[] = [];
  for (const row of rows as ViewRow[]) {
    if (row.compaction) pairs.push({ line: String(row.compaction.line), mark: "*", before: T(row.compaction.summary), after: "", how: "bold" });
    for (const p of [row, ...(row.results ?? [])]) if (p.before || p.after) pairs.push(pairLine(p.before, p.after));
  }
  const count = (mark: Line["mark"]) => pairs.filter((p) => p.mark === mark).length;
  const saved = t.saved.tokens;
  yield head(`before: ${n(t.before.messages)} messages (${n(t.before.tokens)} tokens), after: ${n(t.after.messages)} messages (${n(t.after.tokens)} tokens, ${saved >= 0 ? `saves ${n(saved)}` : `adds ${n(-saved)}`}); dropped: ${r.dropped.length}, made up: ${count("+")}, changed: ${count("~")}`) + "\n";
  if (r.recorded) yield paint(style, r.recorded.agrees ? "dim" : "bold", head(T(r.recorded.summary))) + "\n";
  const lineW = pairs.reduce((w, p) => Math.max(w, p.line.length), 4);
  const col = Math.max(20, Math.floor((width - lineW - 5) / 2));
  yield paint(style, "dim", `${"line".padStart(lineW)}   ${"before".padEnd(col)} after`) + "\n";
  for (const p of pairs) {
    if (p.mark === "*") {
      yield paint(style, p.how!, `${p.line.padStart(lineW)} * ${shorten(p.before, Math.max(20, width - lineW - 3))}`) + "\n";
      continue;
    }
    const before = shorten(p.before, col).padEnd(col);
    const after = shorten(p.after, Math.max(10, width - lineW - col - 4));
    const text = `${p.line.padStart(lineW)} ${p.mark} ${before} ${after}`;
    yield (p.how ? paint(style, p.how, text) : p.mark === " " ? `${p.line.padStart(lineW)}   ${before} ${paint(style, "dim", after)}` : text) + "\n";
  }
}
