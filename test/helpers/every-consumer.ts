/**
 * Runs a session text through every consumer of an analysis, in process: analyze, every
 * provider's verdicts, the render view and the inspector's window (summary, rows with and without
 * filters, locate, full text), the report JSON of `check` and `render` (streamed), every LSP
 * feature (diagnostics with the provider findings, hover, definition, references, highlights,
 * symbols, code lenses, code actions with their disabled reasons, fix-all resolved), and the
 * repairs (fix-all on text and on bytes). Throws what any of them throws, with the step named.
 * Used by the property tests of issue 22 (wrong field types, long lists) and `npm run fuzz`.
 */
import { type Analysis, analyze, type AnalyzeOptions, fixAll, PROVIDER_NAMES, providerVerdicts } from "../../server/src/engine/index.js";
import { fixBytes } from "../../server/src/cli/fix-bytes.js";
import { jsonChunks } from "../../server/src/cli/json-stream.js";
import { codeActions, fileEdits } from "../../server/src/lsp/actions.js";
import { boundDiagnostics } from "../../server/src/lsp/diagnostics-bound.js";
import { codeLenses } from "../../server/src/lsp/code-lenses.js";
import { diagnostics } from "../../server/src/lsp/diagnostics.js";
import { hover } from "../../server/src/lsp/hover.js";
import { definition, highlights, references } from "../../server/src/lsp/navigation.js";
import { symbols } from "../../server/src/lsp/symbols.js";
import { DocModel } from "../../server/src/lsp/model.js";
import { providerHoverMarkdown, verdictsOf, withProviderDiagnostics } from "../../server/src/lsp/provider-findings.js";
import { DEFAULT_SETTINGS } from "../../server/src/lsp/settings.js";
import { checkJson, findingJson, renderJson } from "../../server/src/presentation/report.js";
import { providerCheckJson } from "../../server/src/presentation/provider-report.js";
import { providerView } from "../../server/src/presentation/provider-view.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { ViewWindow } from "../../server/src/presentation/view-window.js";
import { messageFullText } from "../../server/src/presentation/message-full-text.js";

export interface ConsumerOptions {
  /** Positions asked for hover, definition, references and highlights: at most this many lines (default: every line). */
  maxLines?: number;
  /** Code actions asked line by line on at most this many lines (default: every line). */
  maxActionLines?: number;
  /** Ask the position features and code actions on these lines only (instead of the first maxLines). */
  lines?: number[];
  /** Fewer repeats of the same code: one provider target (all), fix-all on bytes only, the inspector's first rows. */
  quick?: boolean;
  /** Skip the repairs (fix-all on text and bytes). */
  noFix?: boolean;
  analyzeOptions?: AnalyzeOptions;
}

const URI = "file:///every-consumer/s.jsonl";

/** Runs `f`, naming `step` in what it throws. */
function step<T>(name: string, f: () => T): T {
  const t0 = performance.now();
  try {
    return f();
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    err.message = `${name}: ${err.message}`;
    throw err;
  } finally {
    if (process.env.EVERY_CONSUMER_TIMES) process.stderr.write(`${name}: ${(performance.now() - t0).toFixed(0)} ms\n`);
  }
}

function drain(gen: Iterable<string>): number {
  let n = 0;
  for (const s of gen) n += s.length;
  return n;
}

/** Everything, in process; resolves with the analysis. */
export async function everyConsumer(text: string, o: ConsumerOptions = {}): Promise<Analysis> {
  const a = step("analyze", () => analyze(text, o.analyzeOptions));
  const lines = a.session.lines;
  step("findingJson", () => {
    for (const f of a.findings) findingJson(lines, f);
  });
  step("check JSON", () => drain(jsonChunks(checkJson("s.jsonl", a), 2)));
  step("render JSON", () => drain(jsonChunks(renderJson("s.jsonl", a), 2)));
  const all = step("providerVerdicts all", () => providerVerdicts(a, { target: "all" }));
  step("provider check JSON", () => drain(jsonChunks(providerCheckJson(a, all), 2)));
  step("provider view", () => providerView(all));
  if (!o.quick) for (const p of PROVIDER_NAMES) step(`providerVerdicts ${p}`, () => providerVerdicts(a, { target: p }));
  const view = step("buildRenderView", () => buildRenderView(a, URI, 1));
  step("view window", () => {
    const w = new ViewWindow(view, 1, (side, i) => {
      const m = (side === "before" ? a.before : a.after)[i];
      return m ? messageFullText(m) : undefined;
    });
    w.rowsAnswer({ revision: 1, start: 0, count: 200, filters: { hiddenRoles: [], tool: "", onlyFindings: false, search: "" } });
    w.rowsAnswer({ revision: 1, start: 0, count: 200, filters: { hiddenRoles: ["user"], tool: "x", onlyFindings: true, search: "a", changesOnly: true } });
    const some = o.quick ? 5 : 50;
    for (let line = 0; line < Math.min(lines.length, some); line++) w.locate({ revision: 1, target: { line }, filters: { hiddenRoles: [], tool: "", onlyFindings: false, search: "" } });
    for (const r of w.rows.slice(0, some))
      for (const side of ["before", "after"] as const) {
        const key = r[side]?.key;
        if (key === undefined) continue;
        w.fullTextAnswer({ revision: 1, side, key });
        w.fullTextAnswer({ revision: 1, side, key, content: true });
        w.fullTextAnswer({ revision: 1, side, key, image: 0 });
      }
  });
  if (!a.session.format || a.session.format === "unknown") return a;
  const m = new DocModel(a);
  const pv = step("verdictsOf", () => verdictsOf(a, undefined));
  const diags = step("diagnostics", () => boundDiagnostics(withProviderDiagnostics(m, URI, DEFAULT_SETTINGS, pv, diagnostics(m, URI, DEFAULT_SETTINGS)), URI).diagnostics);
  const maxLines = Math.min(lines.length, o.maxLines ?? lines.length);
  const asked = o.lines ? o.lines.filter((l) => l >= 0 && l < lines.length) : Array.from({ length: maxLines }, (_, i) => i);
  step("position features", () => {
    for (const line of asked) {
      const t = lines.at(line)!.text;
      const at = new Set([0, 1, Math.floor(t.length / 2), Math.max(0, t.length - 1)]);
      // just inside each string (ids, parents, timestamps), the first 40 of the line
      for (let q = t.indexOf('"'), k = 0; q >= 0 && k < 40; q = t.indexOf('"', q + 1), k++) at.add(q + 1);
      for (const ch of at) {
        hover(m, URI, line, ch);
        providerHoverMarkdown(m, pv, line, ch);
        definition(m, URI, line, ch);
        references(m, URI, line, ch, true);
        highlights(m, line, ch);
      }
    }
  });
  step("symbols", () => symbols(m));
  step("code lenses", () => codeLenses(m, URI));
  const doc = { uri: URI, version: 1, text, model: m, options: o.analyzeOptions ?? {} };
  step("code actions", () => {
    const maxAct = Math.min(lines.length, o.maxActionLines ?? lines.length);
    for (const line of o.lines ? asked : Array.from({ length: maxAct }, (_, i) => i)) {
      const range = { start: { line, character: 0 }, end: { line, character: 0 } };
      codeActions(doc, range, undefined, diags.filter((d) => d.range.start.line === line), true, true);
    }
    codeActions(doc, { start: { line: 0, character: 0 }, end: { line: Math.max(0, lines.length - 1), character: 0 } }, ["source.fixAll"], [], true, true);
  });
  if (!o.noFix) {
    const edits = await fileEdits(doc, "fix-all");
    if (!o.quick) step("fix-all", () => fixAll(text, o.analyzeOptions));
    step("fix bytes", () => fixBytes(Buffer.from(text, "utf8"), {}));
    void edits;
  }
  return a;
}
