/**
 * Issue 22 item 7: a server open of 15 MB of `{}` lines took 1.6 GB and published nothing. The
 * publish made a diagnostic (ranges, link, escaped message) of every finding, twice (the first
 * structural publish of a long session, then with the provider findings), and then kept 1,000. The
 * bound now reads a source (lsp/diagnostics-bound.ts `boundSource`): one pass over the findings'
 * ranks and lines, and only the published ones are made. These tests count the diagnostics made
 * (no timing) and check that what is published is what making them all and bounding gives.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Diagnostic } from "vscode-languageserver/node";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { boundDiagnostics, boundSource, type DiagnosticSource, documentDiagnostics } from "../../server/src/lsp/diagnostics-bound.js";
import { diagnostics, prunedHints } from "../../server/src/lsp/diagnostics.js";
import { DocModel } from "../../server/src/lsp/model.js";
import { providerDiagnosticSource, verdictsOf, withProviderDiagnostics } from "../../server/src/lsp/provider-findings.js";
import { DEFAULT_SETTINGS, type Settings } from "../../server/src/lsp/settings.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

const URI = "file:///virtual/made.jsonl";
const HEADER = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/"}';

/** `src` with a count of the diagnostics made. */
function counted(src: DiagnosticSource): { src: DiagnosticSource; made: () => number } {
  let n = 0;
  return { src: { ...src, make: (i) => (n++, src.make(i)) }, made: () => n };
}

/** Warnings on most lines, errors (orphan results) and information here and there, hints from a chain. */
function mixed(): string {
  const specs: Spec[] = [];
  let t = 1;
  for (let i = 0; i < 700; i++) {
    specs.push({ user: t++ }, { assistant: t++, calls: [`d_${i}`] });
    if (i % 7 === 0) specs.push({ result: t++, id: `zz_${i}` });
  }
  specs.push({ user: t++ });
  return sessionText(specs) + "{}\n".repeat(600) + "[1]\n".repeat(50);
}

const settingsWith = (o: Settings["severityOverrides"]): Settings => ({ ...DEFAULT_SETTINGS, severityOverrides: o });

describe("diagnostics are made only when published", () => {
  it("20,000 lines of `{}`: 1,000 diagnostics made of 20,000, counted all the same", () => {
    const m = new DocModel(analyze(HEADER + "\n" + "{}\n".repeat(20_000)));
    const pv = verdictsOf(m.a, undefined);
    const c = counted(providerDiagnosticSource(m, URI, DEFAULT_SETTINGS, pv, prunedHints(m, URI, DEFAULT_SETTINGS)));
    const b = boundSource(c.src, URI);
    assert.equal(c.src.count, 20_000);
    assert.equal(b.diagnostics.length, 1000);
    assert.equal(c.made(), 1000, "only the published ones are made");
    assert.equal(b.warnings, 20_000);
    assert.deepEqual(b.capped, { shown: 1000, total: 20_000 });
    assert.deepEqual(b.diagnostics.map((d) => d.range.start.line), Array.from({ length: 1000 }, (_, i) => i + 1), "the first lines");
  });

  for (const [what, overrides] of [
    ["default severities", {}],
    ["warnings off, information as errors", { "dangling-call": "off", "unknown-entry": "information", "partial-message": "error" }],
    ["everything an error", { "dangling-call": "error", "unknown-entry": "error", "malformed-line": "error", "orphan-result": "error" }],
  ] as const) {
    it(`the same publish as making every diagnostic and bounding them (${what})`, () => {
      const m = new DocModel(analyze(mixed()));
      const settings = settingsWith(overrides);
      const pv = verdictsOf(m.a, undefined);
      const hints = prunedHints(m, URI, settings);
      for (const max of [1000, 300, 5000]) {
        const made: Diagnostic[] = withProviderDiagnostics(m, URI, settings, pv, hints);
        assert.deepEqual(boundSource(providerDiagnosticSource(m, URI, settings, pv, hints), URI, max), boundDiagnostics(made, URI, max), `with providers, at most ${max}`);
        assert.deepEqual(documentDiagnostics(m, URI, settings, max), boundDiagnostics(diagnostics(m, URI, settings), URI, max), `structural, at most ${max}`);
      }
      // and under a byte bound that cuts the list
      assert.deepEqual(documentDiagnostics(m, URI, settings, 1000, 60_000), boundDiagnostics(diagnostics(m, URI, settings), URI, 1000, 60_000));
    });
  }

  it("a source of 100,000 in reverse line order: the first 1,000 by severity and line, 1,000 made", () => {
    const n = 100_000;
    const diag = (i: number): Diagnostic => ({ range: { start: { line: n - i, character: 0 }, end: { line: n - i, character: 1 } }, severity: i % 3 === 0 ? 1 : 2, message: `d${i}` });
    const c = counted({ count: n, rank: (i) => (i % 3 === 0 ? 1 : 2), line: (i) => n - i, make: diag });
    const b = boundSource(c.src, URI);
    assert.equal(c.made(), 1000);
    const all = Array.from({ length: n }, (_, i) => diag(i));
    assert.deepEqual(b, boundDiagnostics(all, URI));
  });
});
