/**
 * Issue 11 item 3: an edit of message content continues the previous session model and context
 * (engine/incremental/edit.ts) instead of reading every line again. Property (fixed seed, bounded
 * runs, no timing): after any sequence of in-place line edits (message text, tool output and
 * arguments, error flags, timestamps, result ids, and edits the fast path must refuse: roles, ids,
 * parents, malformed lines, the header, pi-condense entries) through the language server's store,
 * the analysis and the provider verdicts equal those of a fresh `analyze` of the text.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import fc from "fast-check";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { LineDocument } from "../../server/src/lsp/line-document.js";
import { analyzeOptions, DEFAULT_SETTINGS } from "../../server/src/lsp/settings.js";
import { SESSION_FORMATS, Store } from "../../server/src/lsp/store.js";
import { diagnostics } from "../../server/src/lsp/diagnostics.js";
import { corpusFiles } from "../helpers/corpus.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";
import { analysisShape, verdictShape } from "../helpers/analysis-shape.js";
import { buildRequest } from "../../server/src/engine/providers/request-build.js";
import { PROVIDER_RULES } from "../../server/src/engine/providers/rules.js";

/** Every mode a rule is checked in (a cell's), and none. */
const RULE_MODES = [undefined, ...new Set(PROVIDER_RULES.flatMap((r) => Object.values(r.cells).map((c) => c?.mode)).filter((m): m is NonNullable<typeof m> => m !== undefined))];
import { incrementalHits } from "../../server/src/engine/providers/verdicts.js";
import { tupleKey } from "../../server/src/engine/model/tuple-key.js";

const SEED = 311;
const RUNS = 100;
const URI = "file:///nonexistent-dir/edit.jsonl";
const ROOT = join(__dirname, "..", "..");

const sources: { name: string; text: string }[] = [
  { name: "sample", text: readFileSync(join(ROOT, "samples", "sample-session.jsonl"), "utf8") },
  { name: "constructed", text: sessionText([{ user: 1 }, { assistant: 2, calls: ["bash_1", "bash_2"] }, { result: 3, id: "bash_1" }, { result: 4, id: "bash_2" }, { user: 5 }, { assistant: 6, calls: ["bash_1"] }, { result: 7, id: "bash_1" }]) },
  { name: "constructed crlf", text: sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { user: 4 }], { eol: "\r\n" }) },
  ...corpusFiles()
    .filter((f) => f.name.startsWith("pi/") || f.name.startsWith("pi\\"))
    .slice(0, 2)
    .map((f) => ({ name: f.name, text: f.text.split(/(?<=\n)/).slice(0, 40).join("") })),
];

type EditKind = "text" | "args" | "is-error" | "timestamp" | "result-id" | "role" | "id" | "parent" | "malformed" | "whole-line-same" | "append-field";
const editKinds: EditKind[] = ["text", "args", "is-error", "timestamp", "result-id", "role", "id", "parent", "malformed", "whole-line-same", "append-field"];
// Content edits weigh more: they are what users do, and what the fast path takes.
const editKind = fc.oneof({ weight: 6, arbitrary: fc.constantFrom<EditKind>("text", "args", "is-error", "timestamp", "result-id") }, { weight: 4, arbitrary: fc.constantFrom<EditKind>(...editKinds) });
const step = fc.array(fc.record({ kind: editKind, line: fc.nat(1000) }), { minLength: 1, maxLength: 2 });

/** `text` edited as `kind` says (unchanged when the pattern is not on the line). */
function edited(text: string, kind: EditKind, n: number): string {
  switch (kind) {
    case "text":
      return text.replace(/"text":"/, `"text":"edited ${n} `);
    case "args":
      return text.replace(/"(command|path)":"/, `"$1":"x${n}`);
    case "is-error":
      return text.includes('"isError":false') ? text.replace('"isError":false', '"isError":true') : text.replace('"isError":true', '"isError":false');
    case "timestamp":
      return text.replace(/("message":\{.*?"timestamp":)(\d+)/, (_w, a: string, t: string) => `${a}${Number(t) + 1 + (n % 3)}`);
    case "result-id":
      return text.replace(/"toolCallId":"([^"]*)"/, `"toolCallId":"$1${n % 2 ? "" : "z"}"`);
    case "role":
      return text.replace(/"role":"user"/, '"role":"assistant"');
    case "id":
      return text.replace(/"id":"([^"]*)"/, '"id":"$1-renamed"');
    case "parent":
      return text.replace(/"parentId":"([^"]*)"/, '"parentId":"elsewhere"');
    case "malformed":
      return text.slice(0, Math.max(1, text.length >> 1));
    case "whole-line-same":
      return text;
    case "append-field":
      return text.endsWith("}") ? `${text.slice(0, -1)},"note":${n}}` : text;
  }
}

/** Applies `plan` to source `si` through a Store, checking each version against a fresh analysis; returns [fast-path edits, edits]. */
function runPlan(si: number, plan: { kind: EditKind; line: number }[][]): [number, number] {
  const store = new Store();
  const doc = LineDocument.create(URI, "jsonl", 1, sources[si].text);
  store.get(URI, 1, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
  let version = 1;
  let fast = 0;
  for (const edits of plan) {
    const lines = doc.lines().lines;
    const seen = new Set<number>();
    const changes = [];
    for (const e of edits) {
      const at = e.line % lines.length;
      if (seen.has(at)) continue;
      seen.add(at);
      const old = lines.at(at)!.text;
      changes.push({ range: { start: { line: at, character: 0 }, end: { line: at, character: old.length } }, text: edited(old, e.kind, version) });
    }
    // Later lines first: each change's range stays valid.
    changes.sort((a, b) => b.range.start.line - a.range.start.line);
    LineDocument.update(doc, changes, ++version);
    const st = store.get(URI, version, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
    if (st.linesRead !== undefined && st.linesRead < doc.lines().lines.length) fast++;
    const fresh = analyze(doc.getText(), analyzeOptions(DEFAULT_SETTINGS));
    const what = `${sources[si].name}: after ${JSON.stringify(edits)}`;
    if (!SESSION_FORMATS.has(fresh.session.format)) {
      assert.equal(st.analysis, null, `${what}: no longer a session`);
      continue;
    }
    assert.deepEqual(analysisShape(st.analysis!), analysisShape(fresh), what);
    assert.deepEqual(verdictShape(st.analysis!), verdictShape(fresh), `${what}: provider verdicts`);
    assert.deepEqual(diagnostics(st.model, URI, DEFAULT_SETTINGS), diagnostics(new Store().get(URI, 1, doc.getText(), DEFAULT_SETTINGS).model, URI, DEFAULT_SETTINGS), `${what}: diagnostics`);
    // The continued occurrence index points at this context's messages (the edited copies), not the previous ones.
    const inContext = new Set(st.analysis!.before);
    for (const o of st.analysis!.occurrences.occurrences) assert.ok(inContext.has(o.assistant) && (!o.result || inContext.has(o.result)), `${what}: occurrence ${o.id} points into the context`);
    for (const u of st.analysis!.occurrences.unpaired) assert.ok(inContext.has(u.msg), `${what}: unpaired ${u.id} points into the context`);
    // Each rule's hits, where each points included (the next edit goes on from them),
    // equal a full check of the rebuilt request: kept at the start, moved at the end, checked between.
    const a = st.analysis!;
    const req = buildRequest(a.after, { oneMessagePerLine: false, sameModel: (m) => m.role === "assistant", resumeKey: tupleKey("rule-hits") });
    // The same request built afresh (no build to continue, so no index or hits to continue either).
    const built = buildRequest(a.after, { oneMessagePerLine: false, sameModel: (m) => m.role === "assistant" });
    const ctx = { session: a.session, beforeOf: () => undefined };
    for (const rule of PROVIDER_RULES)
      for (const mode of RULE_MODES) assert.deepEqual(incrementalHits(rule, req, ctx, mode, tupleKey(rule, mode)), rule.check(built, ctx, mode), `${what}: ${rule.code} (${mode})`);
  }
  return [fast, plan.length];
}

describe("edit fast path (language server)", () => {
  it("after random in-place edits, the store's analysis and provider verdicts equal a fresh analysis", () => {
    let fast = 0;
    let steps = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: sources.length - 1 }), fc.array(step, { minLength: 1, maxLength: 5 }), (si, plan) => {
        const [f, n] = runPlan(si, plan);
        fast += f;
        steps += n;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    assert.ok(fast * 4 > steps, `a good part of the edits take the fast path (${fast} of ${steps})`);
  });

  it("an edit that removes a request message moves the hits after it, and they equal a full check", () => {
    // Every call's id breaks Anthropic's pattern (a hit per turn); emptying the fourth turn's
    // prompt drops it from the request, so the request's end moves back by one message, and back again.
    const specs: Spec[] = [];
    for (let k = 1; k <= 8; k++) specs.push({ user: 3 * k }, { assistant: 3 * k + 1, calls: [`c.${k}`] }, { result: 3 * k + 2, id: `c.${k}` });
    const store = new Store();
    const doc = LineDocument.create(URI, "jsonl", 1, sessionText(specs));
    const check = (version: number, what: string) => {
      const a = store.get(URI, version, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS).analysis!;
      const req = buildRequest(a.after, { oneMessagePerLine: false, sameModel: (m) => m.role === "assistant", resumeKey: tupleKey("moved-hits"), serializer: { dropEmpty: true, dropEmptyUser: true, unsignedThinkingAsText: false } });
      const ctx = { session: a.session, beforeOf: () => undefined };
      const rule = PROVIDER_RULES.find((r) => r.code === "invalid-call-id")!;
      const hits = incrementalHits(rule, req, ctx, undefined, tupleKey("moved-hits"));
      assert.deepEqual(hits, rule.check(req, ctx, undefined), what);
      assert.equal(hits.length, 8, `${what}: a hit per call`);
      return req.length;
    };
    const full = check(1, "opened");
    const at = doc.lines().lines.held.find((l) => l.text.includes('"role":"user"') && l.text.includes('"timestamp":12'))!.line;
    const old = doc.lines().lines.at(at)!.text;
    const emptied = old.replace(/"text":"[^"]*"/, '"text":""');
    assert.notEqual(emptied, old);
    LineDocument.update(doc, [{ range: { start: { line: at, character: 0 }, end: { line: at, character: old.length } }, text: emptied }], 2);
    assert.equal(check(2, "fourth prompt emptied"), full - 1, "the empty prompt leaves the request");
    LineDocument.update(doc, [{ range: { start: { line: at, character: 0 }, end: { line: at, character: emptied.length } }, text: old }], 3);
    assert.equal(check(3, "fourth prompt back"), full);
  });

  it("a text edit in the middle of the sample reads only the edited line", () => {
    const store = new Store();
    const doc = LineDocument.create(URI, "jsonl", 1, sources[0].text);
    store.get(URI, 1, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
    const lines = doc.lines().lines;
    const at = [...lines.all()].findIndex((l, i) => i > lines.length / 3 && /"role":"toolResult"/.test(l.text) && /"text":"/.test(l.text));
    assert.ok(at > 0, "the sample has a tool result in its middle");
    const old = lines.at(at)!.text;
    LineDocument.update(doc, [{ range: { start: { line: at, character: 0 }, end: { line: at, character: old.length } }, text: edited(old, "text", 2) }], 2);
    const st = store.get(URI, 2, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
    assert.equal(st.linesRead, 1);
    assert.deepEqual(analysisShape(st.analysis!), analysisShape(analyze(doc.getText(), analyzeOptions(DEFAULT_SETTINGS))));
  });
});
