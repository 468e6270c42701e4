/**
 * Issue 11 item 3: an append continues the previous session model (engine/incremental/append.ts)
 * instead of reading every line again. Property (fixed seed, bounded runs, no timing): after any
 * sequence of appends (entries that extend the branch, branch switches, error turns, tool results
 * that pair, collide or orphan, pi-condense chain entries, compactions, context edits, duplicate
 * ids, missing parents, malformed and partial lines) through the language server's store, the
 * session and its analysis equal a fresh `analyze` of the text, and so do the provider verdicts
 * (their request build resumes from the previous version's). A second test counts the lines
 * the session stage reads for a one-line append on a large generated session.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import fc from "fast-check";
import { analyze, type Analysis } from "../../server/src/engine/pipeline/analyze.js";
import { LineDocument } from "../../server/src/lsp/line-document.js";
import { analyzeOptions, DEFAULT_SETTINGS } from "../../server/src/lsp/settings.js";
import { Store } from "../../server/src/lsp/store.js";
import { diagnostics } from "../../server/src/lsp/diagnostics.js";
import { analysisShape as shape, occurrenceShape, verdictShape } from "../helpers/analysis-shape.js";
import { buildRequest } from "../../server/src/engine/providers/request-build.js";
import { PROVIDER_RULES } from "../../server/src/engine/providers/rules.js";

/** Every mode a rule is checked in (a cell's), and none. */
const RULE_MODES = [undefined, ...new Set(PROVIDER_RULES.flatMap((r) => Object.values(r.cells).map((c) => c?.mode)).filter((m): m is NonNullable<typeof m> => m !== undefined))];
import { incrementalHits } from "../../server/src/engine/providers/verdicts.js";
import { generateSession } from "../../scripts/bench/generate.js";
import { corpusFiles } from "../helpers/corpus.js";
import { sessionText } from "../helpers/session-builder.js";
import { readFileSync } from "node:fs";
import { tupleKey } from "../../server/src/engine/model/tuple-key.js";

const SEED = 113;
const RUNS = 120;
const URI = "file:///nonexistent-dir/append.jsonl";

const sources: { name: string; text: string }[] = [
  { name: "constructed", text: sessionText([{ user: 1 }, { assistant: 2, calls: ["bash_1", "bash_2"] }, { result: 3, id: "bash_1" }, { result: 4, id: "bash_2" }, { user: 5 }, { assistant: 6, calls: ["bash_1"] }, { result: 7, id: "bash_1" }]) },
  { name: "constructed crlf", text: sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }], { eol: "\r\n" }) },
  { name: "header only", text: sessionText([]) },
  ...corpusFiles()
    .filter((f) => f.name.startsWith("pi/") || f.name.startsWith("pi\\"))
    .map((f) => ({ name: f.name, text: f.text.split(/(?<=\n)/).slice(0, 60).join("") })),
];

/** One appended line, decided relative to the document's ids when it is placed. */
type LineKind =
  | "user" | "assistant-calls" | "assistant-error" | "result" | "result-orphan" | "chain" | "compaction" | "branch-summary"
  | "context-edit" | "branch-switch" | "duplicate-id" | "missing-parent" | "fills-missing" | "malformed" | "blank" | "partial" | "root"
  | "edit-ahead" | "system" | "no-content";
const kinds: LineKind[] = ["user", "assistant-calls", "assistant-error", "result", "result-orphan", "chain", "compaction", "branch-summary", "context-edit", "branch-switch", "duplicate-id", "missing-parent", "fills-missing", "malformed", "blank", "partial", "root", "edit-ahead", "system", "no-content"];
// Plain turns weigh more: most agent appends extend the branch.
const lineKind = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<LineKind>("user", "assistant-calls", "result") },
  { weight: 4, arbitrary: fc.constantFrom<LineKind>(...kinds) },
);
const step = fc.record({ lines: fc.array(fc.record({ kind: lineKind, pick: fc.nat(1000), call: fc.nat(3) }), { minLength: 1, maxLength: 3 }), noEol: fc.boolean() });

interface Ctx { ids: string[]; leaf: string | null; n: number; ts: number }

function lineFor(k: LineKind, pick: number, call: number, c: Ctx): string {
  const id = `ap${c.n++}`;
  const ts = ++c.ts;
  const iso = new Date(Date.UTC(2027, 0, 1) + ts * 1000).toISOString();
  const any = c.ids.length ? c.ids[pick % c.ids.length] : null;
  const entry = (o: Record<string, unknown>, parentId: string | null = c.leaf, entryId = id) => {
    c.ids.push(entryId);
    c.leaf = entryId;
    return JSON.stringify({ id: entryId, parentId, timestamp: iso, ...o });
  };
  const msg = (m: Record<string, unknown>, parentId: string | null = c.leaf, entryId = id) => entry({ type: "message", message: { ...m, timestamp: ts } }, parentId, entryId);
  const callId = `bash_${call}`;
  switch (k) {
    case "user":
      return msg({ role: "user", content: [{ type: "text", text: `appended ${ts}` }] });
    case "assistant-calls":
      return msg({ role: "assistant", content: [{ type: "toolCall", id: callId, name: "bash", arguments: { command: "ls" } }], api: "anthropic-messages", provider: "anthropic", model: "m", stopReason: "toolUse", usage: { input: pick, output: 7, cacheRead: call, cacheWrite: 0, cost: { total: pick / 1000 + 0.1 } } });
    case "assistant-error":
      return msg({ role: "assistant", content: [{ type: "toolCall", id: callId, name: "bash", arguments: {} }], api: "anthropic-messages", provider: "anthropic", model: "m", stopReason: "error", errorMessage: "overloaded" });
    case "result":
      return msg({ role: "toolResult", toolCallId: callId, toolName: "bash", content: [{ type: "text", text: "ok" }], isError: pick % 5 === 0 });
    case "result-orphan":
      return msg({ role: "toolResult", toolCallId: `ghost_${pick}`, toolName: "bash", content: [{ type: "text", text: "?" }], isError: false });
    case "chain":
      return entry({ type: "custom", customType: "context-prune-chain", data: { blockId: `b${pick}`, startUserTimestamp: Math.max(1, ts - 1 - (pick % 6)), finalAssistantTimestamp: pick % 3 ? ts - 1 : null, droppedToolCallIds: [callId], toolRefs: [], compressedAt: ts } });
    case "compaction":
      return entry({ type: "compaction", summary: "earlier work", firstKeptEntryId: any, tokensBefore: 1000 });
    case "branch-summary":
      return entry({ type: "branch_summary", summary: "another branch", fromId: any });
    case "context-edit":
      return entry({ type: "context_edit", targetId: any, replacement: pick % 2 ? null : { content: "edited" } });
    case "branch-switch":
      return msg({ role: "user", content: "from an earlier entry" }, any);
    case "duplicate-id":
      return any ? msg({ role: "user", content: "same id again" }, c.leaf, any) : "{}";
    case "missing-parent":
      return msg({ role: "user", content: "parent missing" }, `missing${pick % 2}`);
    case "fills-missing":
      return msg({ role: "user", content: "fills a missing parent" }, c.leaf, `missing${pick % 2}`);
    case "edit-ahead":
      // Targets the entry the next appended line makes (ids count up).
      return entry({ type: "context_edit", targetId: `ap${c.n}`, replacement: pick % 2 ? null : { content: "edited ahead" } });
    case "system":
      return msg({ role: "system", content: "system note" });
    case "no-content":
      return msg({ role: pick % 2 ? "user" : "assistant", stopReason: "stop" });
    case "root":
      return msg({ role: "user", content: "a second root" }, null);
    case "malformed":
      return '{"type":"message","id":"broken"';
    case "blank":
      return "";
    case "partial":
      return '{"type":"message","id":"half-writ';
  }
}

type Plan = { lines: { kind: LineKind; pick: number; call: number }[]; noEol: boolean }[];

/** Appends `plan` to source `si` through a Store, checking each version against a fresh analysis; returns [fast-path appends, appends]. */
function runPlan(si: number, plan: Plan): [number, number] {
  let fast = 0;
  const text = sources[si].text;
  const store = new Store();
  const doc = LineDocument.create(URI, "jsonl", 1, text);
  const first = store.get(URI, 1, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
  const a0 = first.analysis;
  const c: Ctx = { ids: a0 ? a0.session.entries.map((e) => e.id) : [], leaf: a0?.session.leafId ?? null, n: 0, ts: 1000 };
  let version = 1;
  const kept: { a: Analysis; shape: string }[] = [];
  for (const s of plan) {
    const body = s.lines.map((l) => lineFor(l.kind, l.pick, l.call, c)).join("\n") + (s.noEol ? "" : "\n");
    const t = doc.getText();
    const end = LineDocument.create(URI, "jsonl", 0, t).positionAt(t.length);
    LineDocument.update(doc, [{ range: { start: end, end }, text: body }], ++version);
    const st = store.get(URI, version, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
    if (st.linesRead !== undefined && st.linesRead < doc.lines().lines.length) fast++;
    const fresh = analyze(doc.getText(), analyzeOptions(DEFAULT_SETTINGS));
    assert.equal(st.analysis === null, false, `${sources[si].name}: still a session`);
    assert.deepEqual(shape(st.analysis!), shape(fresh), `${sources[si].name}: after appending ${JSON.stringify(body)}`);
    assert.deepEqual(diagnostics(st.model, URI, DEFAULT_SETTINGS), diagnostics(new Store().get(URI, 1, doc.getText(), DEFAULT_SETTINGS).model, URI, DEFAULT_SETTINGS));
    assert.deepEqual(verdictShape(st.analysis!), verdictShape(fresh), `${sources[si].name}: provider verdicts after appending ${JSON.stringify(body)}`);
    assert.deepEqual(verdictShape(st.analysis!, "all"), verdictShape(fresh, "all"));
    // Each segment-local rule re-checked from the changed part gives a full check's hits, `at` included.
    const a = st.analysis!;
    const req = buildRequest(a.after, { oneMessagePerLine: false, sameModel: (m) => m.role === "assistant", resumeKey: tupleKey("rule-hits") });
    // The same request built afresh (no build to continue, so no index or hits to continue either).
    const built = buildRequest(a.after, { oneMessagePerLine: false, sameModel: (m) => m.role === "assistant" });
    const ctx = { session: a.session, beforeOf: () => undefined };
    for (const rule of PROVIDER_RULES)
      for (const mode of RULE_MODES) assert.deepEqual(incrementalHits(rule, req, ctx, mode, tupleKey(rule, mode)), rule.check(built, ctx, mode), `${sources[si].name}: ${rule.code} (${mode})`);
    kept.push({ a: st.analysis!, shape: JSON.stringify(occurrenceShape(st.analysis!)) });
  }
  // Continuing a version leaves the earlier versions' analyses as they were.
  for (const k of kept) assert.equal(JSON.stringify(occurrenceShape(k.a)), k.shape, `${sources[si].name}: an earlier analysis changed`);
  return [fast, plan.length];
}

const one = (...ks: LineKind[]): Plan => ks.map((kind) => ({ lines: [{ kind, pick: 0, call: 1 }], noEol: false }));

describe("append fast path (language server)", () => {
  it("after random appends, the store's analysis equals a fresh analysis of the text", () => {
    let fast = 0;
    let steps = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: sources.length - 1 }), fc.array(step, { minLength: 1, maxLength: 6 }), (si, plan) => {
        const [f, n] = runPlan(si, plan);
        fast += f;
        steps += n;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    assert.ok(fast * 3 > steps, `a good part of the appends take the fast path (${fast} of ${steps})`);
  });

  it("appends that change earlier entries' places (a missing parent filled, a duplicate id, a branch switch, a partial line completed) equal a fresh analysis", () => {
    const plans: Plan[] = [
      one("missing-parent", "user", "fills-missing", "user"),
      one("edit-ahead", "user", "user"),
      one("system", "no-content", "user", "no-content"),
      one("user", "duplicate-id", "user"),
      one("user", "assistant-calls", "branch-switch", "result", "user"),
      one("root", "user", "chain", "compaction", "context-edit", "branch-summary", "assistant-error", "result-orphan"),
      [{ lines: [{ kind: "user", pick: 0, call: 0 }, { kind: "partial", pick: 0, call: 0 }], noEol: true }, { lines: [{ kind: "blank", pick: 0, call: 0 }], noEol: false }, ...one("user")],
      [{ lines: [{ kind: "partial", pick: 0, call: 0 }], noEol: true }, { lines: [{ kind: "malformed", pick: 0, call: 0 }, { kind: "user", pick: 0, call: 0 }], noEol: false }],
      [{ lines: [{ kind: "user", pick: 0, call: 0 }], noEol: true }, { lines: [{ kind: "user", pick: 0, call: 0 }, { kind: "user", pick: 0, call: 0 }], noEol: false }],
    ];
    for (const plan of plans) for (let si = 0; si < sources.length; si++) runPlan(si, plan);
  });
  it("a one-line append to a 10,000-message session reads only the appended line", () => {
    const dir = mkdtempSync(join(tmpdir(), "ti-append-"));
    try {
      const meta = generateSession(dir, "reused", 13);
      assert.ok(meta.messages >= 10_000, `generated ${meta.messages} messages`);
      const text = readFileSync(meta.file, "utf8");
      const store = new Store();
      const doc = LineDocument.create(URI, "jsonl", 1, text);
      const open = store.get(URI, 1, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
      assert.equal(open.linesRead, meta.lines);
      const line = JSON.stringify({ type: "message", id: "e-append", parentId: meta.lastId, timestamp: "2027-01-01T00:00:00.000Z", message: { role: "user", content: [{ type: "text", text: "appended" }], timestamp: 1798761600000 } }) + "\n";
      LineDocument.update(doc, [{ range: { start: { line: meta.lines, character: 0 }, end: { line: meta.lines, character: 0 } }, text: line }], 2);
      const st = store.get(URI, 2, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
      assert.equal(st.linesRead, 1);
      assert.equal(st.analysis!.session.leafId, "e-append");
      assert.equal(st.analysis!.session.branch.length, open.analysis!.session.branch.length + 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
