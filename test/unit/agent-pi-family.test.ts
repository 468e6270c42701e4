/**
 * The agents that write pi's session files: OpenClaw (its embedded pi runtime, its `leaf` rows,
 * its transcript-only turns) and oh-my-pi (its title slot before the header), on the real files of
 * test/corpus/openclaw and test/corpus/oh-my-pi; and what pi and both do with a file whose first
 * readable line is not the header (`header-not-first`). The readings: formats/pi/openclaw/,
 * formats/pi/oh-my-pi/, formats/pi/pi-read.ts.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { detectFormat } from "../../server/src/engine/formats/registry.js";
import { type Finding, type Msg, toolCallsOf } from "../../server/src/engine/model/types.js";
import { renderJson } from "../../server/src/presentation/report.js";
import { dropReasonLabel } from "../../server/src/engine/model/drop-reason.js";
import { appendLine } from "../helpers/patch-doc.js";
import { CORPUS } from "../helpers/corpus.js";

const openclaw = (name: string) => readFileSync(join(CORPUS, "openclaw", name), "utf8");
const FX = "inspect-scout-fx-cfabe24d-8b34-4031-a393-689524b2028f.jsonl";
const MIRROR = "kayba-f967d602-325a-4a45-8d54-ee17484cfd96.jsonl";
const TORN = "kayba-b3db607f-7ae8-4089-b806-44800e961672.jsonl";
const OMP = readFileSync(join(CORPUS, "oh-my-pi", "oh-my-pi-large-session.jsonl"), "utf8");
const lines = (t: string) => t.split("\n").filter((l) => l !== "");
const codes = (fs: readonly Finding[]) => fs.map((f) => `${f.code}/${f.severity}`).sort();
/** The 1-based file lines of a column's messages that come from entries. */
const fileLines = (ms: readonly Msg[]) => ms.flatMap((m) => (m.origin.kind === "entry" ? [m.origin.line + 1] : []));
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe("OpenClaw: its real sessions", () => {
  const files = [
    "inspect-scout-fx-63f16c5a-1a2e-4284-90fc-96a3d22843f7.jsonl",
    "inspect-scout-fx-8c6aeab3-993e-43d5-934a-04aa4a5f3804.jsonl",
    "inspect-scout-fx-a35ff69f-56ae-453f-b290-d369e251e64d.jsonl",
    FX,
    "inspect-scout-lru-67338ccc-d67b-4b4b-8ae9-2ddd38f820ef.jsonl",
    "inspect-scout-lru-b2e732c1-5f16-4ebe-ba84-0a11adc45c66.jsonl",
    "inspect-scout-lru-fa3418b0-4e73-4618-ad41-4e061bec3d94.jsonl",
    MIRROR,
  ];
  for (const f of files)
    it(`${f}: read as OpenClaw (not pi), every call answered, no finding, no pruner`, () => {
      const a = analyze(openclaw(f));
      assert.equal(a.session.format, "openclaw");
      assert.deepEqual(a.findings, []);
      assert.equal(a.pruner, "none", "pi-condense is pi's extension: OpenClaw does not run it");
      assert.match(a.afterModel.label, /OpenClaw/);
      const calls = a.before.flatMap((m) => toolCallsOf(m)).length;
      const results = a.before.filter((m) => m.role === "toolResult").length;
      assert.ok(calls > 0);
      assert.equal(results, calls);
    });

  it("the leaf rows choose the active branch: lines 19-24 and 26-30 (the side turns the rows close) are not sent", () => {
    const a = analyze(openclaw(FX));
    const sent = fileLines(a.before);
    for (const l of [...range(19, 24), ...range(26, 30)]) assert.ok(!sent.includes(l), `line ${l} is off the branch`);
    assert.deepEqual(sent, [5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, ...range(32, 39)]);
    assert.equal(a.session.branch[a.session.branch.length - 1]?.line, 39, "the last entry, on the branch the rows selected");
    // The same file without its leaf rows is read as pi reads it: the last entry's written path.
    const noLeaf = lines(openclaw(FX)).filter((l) => !l.includes('"type":"leaf"'));
    const b = analyze(noLeaf.join("\n") + "\n");
    assert.equal(b.session.format, "openclaw");
    assert.ok(fileLines(b.before).includes(19), "without the rows the side turns are on the path");
  });

  it("a leaf row naming no entry moves nothing (OpenClaw: an invalid control is transparent)", () => {
    const ls = lines(openclaw(FX)).map((l) => (l.includes('"type":"leaf"') ? l.replace(/"targetId":"[^"]*"/, '"targetId":"nope0000"') : l));
    const a = analyze(ls.join("\n") + "\n");
    assert.ok(fileLines(a.before).includes(20), "the rows select nothing: the file's own links hold");
  });

  it("an append continues the session as a full read would (a leaf row, then an entry under the cursor)", () => {
    const all = lines(openclaw(FX));
    let doc: ParsedText = parseText(all.slice(0, 30).join("\n") + "\n");
    let v: ContinuedAnalysis = continueAnalysis(doc, {});
    for (const l of all.slice(30, 33)) {
      doc = appendLine(doc, l + "\n");
      v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
    }
    const full = analyze(all.slice(0, 33).join("\n") + "\n");
    assert.deepEqual(fileLines(v.analysis.before), fileLines(full.before));
    assert.deepEqual(v.analysis.findings, full.findings);
    assert.ok(!fileLines(v.analysis.before).includes(26));
  });

  it("a pi file that gains OpenClaw's mark as it is written becomes OpenClaw's (the append is read in full), as a fresh read says", () => {
    const all = lines(openclaw(FX));
    let doc: ParsedText = parseText(all.slice(0, 3).join("\n") + "\n");
    let v: ContinuedAnalysis = continueAnalysis(doc, {});
    assert.equal(v.analysis.session.format, "pi", "header, model and thinking level: nothing of OpenClaw's yet");
    for (const l of all.slice(3, 6)) {
      doc = appendLine(doc, l + "\n");
      v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
    }
    assert.equal(v.analysis.session.format, "openclaw");
    assert.equal(analyze(all.slice(0, 6).join("\n") + "\n").session.format, "openclaw");
  });

  it("a delivery-mirror turn before the first user message stays in the file and is not sent (OpenClaw's replay filter)", () => {
    const a = analyze(openclaw(MIRROR));
    assert.equal(a.before[0].role, "assistant");
    assert.equal(a.before[0].model, "delivery-mirror");
    assert.equal(a.after[0].role, "user");
    assert.deepEqual(a.dropped.map((d) => dropReasonLabel(d.by)), ["resume:transcript-only"]);
    assert.deepEqual(renderJson(MIRROR, a).dropped.map((d: any) => d.by), ["resume:transcript-only"]);
    // The same turn from a model (not OpenClaw's own) is sent, and strict providers reject the opening.
    const sent = openclaw(MIRROR).replace('"provider":"openclaw"', '"provider":"anthropic"');
    assert.deepEqual(codes(analyze(sent).findings), ["leading-non-user/error"]);
  });

  it("a call left without its result (a killed process, then resumed): found, and the repair links an interrupted result into the branch", () => {
    const all = lines(openclaw("inspect-scout-fx-63f16c5a-1a2e-4284-90fc-96a3d22843f7.jsonl"));
    let lastCall = all.length - 1;
    while (!all[lastCall].includes('"type":"toolCall"')) lastCall--;
    const kept = all.slice(0, lastCall + 1);
    // killed while the tool ran: the call is the last line, and OpenClaw's pi runtime waits on it
    const killed = analyze(kept.join("\n") + "\n");
    assert.deepEqual(codes(killed.findings), ["pending-call/information"]);
    // resumed: the next user message hangs off the call's entry, the result never written
    const callId = JSON.parse(kept[kept.length - 1]).id;
    const resumed = '{"type":"message","id":"ffff0001","parentId":"' + callId + '","timestamp":"2026-07-14T10:00:00.000Z","message":{"role":"user","content":[{"type":"text","text":"go on"}],"timestamp":1784023200000}}';
    const text = [...kept, resumed].join("\n") + "\n";
    const a = analyze(text);
    assert.equal(a.session.format, "openclaw");
    const dangling = a.findings.filter((f) => f.code === "dangling-call");
    assert.equal(dangling.length, 1);
    assert.match(dangling[0].message, /^Tool call without a result; OpenClaw sends a stand-in error/);
    const fixed = fixAll(text);
    assert.notEqual(fixed.text, text);
    const at = fixed.text.indexOf("\n", fixed.text.indexOf(kept[kept.length - 1])) + 1;
    assert.equal(fixed.text.slice(0, at), kept.join("\n") + "\n", "every line before the insertion kept byte for byte");
    const again = analyze(fixed.text);
    assert.deepEqual(again.findings.filter((f) => f.severity === "error" || f.severity === "warning"), []);
    assert.equal(again.findings.filter((f) => f.code === "dangling-call").length, 0);
    assert.equal(fixAll(fixed.text).text, fixed.text, "idempotent");
  });
});

describe("a file whose first readable line is not the header (header-not-first)", () => {
  it("OpenClaw: a torn header line is one malformed line and a warning that OpenClaw rewrites the file (with a backup); the entries are still shown", () => {
    const text = openclaw(TORN);
    assert.equal(detectFormat(parseText(text).lines.held), "openclaw");
    const a = analyze(text);
    assert.equal(a.session.format, "openclaw");
    assert.deepEqual(codes(a.findings), ["header-not-first/warning", "malformed-line/error"]);
    const f = a.findings.find((x) => x.code === "header-not-first")!;
    assert.equal(f.line, 1);
    assert.match(f.message, /^OpenClaw rewrites this file when it loads it\. .*corrupt/);
    assert.equal(a.session.entries.length, 18);
    assert.ok(a.before.some((m) => m.role === "user"));
    // The malformed line holds the header after stray bytes: no repair deletes it.
    const fixed = fixAll(text);
    assert.equal(fixed.text.split("\n")[0], text.split("\n")[0], "the header line is kept");
  });

  it("pi: an entry before the header is an error (pi loads nothing and rewrites the file), not a line quietly ignored", () => {
    const header = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}';
    const user = '{"type":"message","id":"a1","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"hi","timestamp":1}}';
    const stray = '{"type":"message","id":"z9","parentId":null,"timestamp":"2026-01-01T00:00:00.500Z","message":{"role":"user","content":"stray","timestamp":1}}';
    assert.deepEqual(analyze(`${header}\n${user}\n`).findings, []);
    const a = analyze(`${stray}\n${header}\n${user}\n`);
    assert.equal(a.session.format, "pi");
    assert.deepEqual(codes(a.findings), ["header-not-first/error"]);
    assert.match(a.findings[0].message, /^pi would start this session over/);
    assert.equal(a.findings[0].line, 0);
    assert.equal(a.session.header?.line, 1, "the real header is read when it comes");
    assert.equal(a.session.entries.length, 2);
  });
});

describe("a malformed line that still holds an entry is never removed, and no link to it is cut", () => {
  const header = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}';
  const entry = (id: string, parentId: string | null, text: string) => JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } });
  const a1 = entry("a1", null, "one");
  const a2 = entry("a2", "a1", "two");
  const a3 = entry("a3", "a2", "three");
  const shapes: Record<string, string> = {
    "stray bytes before the entry": "xx" + a2,
    "a torn entry, then the next one on the same line": a1.slice(0, 40) + a2,
    "the entry, then junk": a2 + "xx",
    "the entry, then NUL padding of a crash": a2 + "\u0000\u0000\u0000",
    "stray bytes before an entry of many nested objects": "/speci" + JSON.stringify({ type: "message", id: "a2", parentId: "a1", timestamp: "2026-01-01T00:00:01.000Z", message: { role: "assistant", content: Array.from({ length: 24 }, (_, i) => ({ type: "toolCall", id: `c${i}`, name: "bash", arguments: { command: "ls", opts: { deep: { er: i } } } })), usage: { input: 1, cost: { total: 0 } } } }),
    "the entry, then junk holding many braces": a2 + "x}".repeat(40),
  };
  for (const [what, torn] of Object.entries(shapes))
    it(what, () => {
      const text = [header, a1, torn, a3].join("\n") + "\n";
      const a = analyze(text);
      assert.ok(a.findings.some((f) => f.code === "malformed-line" && f.line === 2));
      const fixed = fixAll(text);
      assert.equal(fixed.text, text, "the line and the link to its entry kept");
    });
  it("the header behind a torn start on line 1 is kept", () => {
    const text = ['{"type":"sess' + header, a1].join("\n") + "\n";
    assert.equal(fixAll(text).text, text);
  });
  // each agent's own line shapes (Kimi CLI's `{"role","content"}`, Claude Code's `summary`, Gemini
  // CLI's `$set`, Codex's first `{"id","timestamp"}`, …): a real line of the smallest JSON Lines file
  // of each corpus folder, spoiled three ways, is never removed
  const corpusLines = (): { name: string; lines: string[]; at: number }[] => {
    const out: { name: string; lines: string[]; at: number }[] = [];
    for (const dir of readdirSync(CORPUS)) {
      let files: string[];
      try {
        files = readdirSync(join(CORPUS, dir)).filter((f) => f.endsWith(".jsonl"));
      } catch {
        continue;
      }
      if (files.length === 0) continue;
      const smallest = files.map((f) => ({ f, size: statSync(join(CORPUS, dir, f)).size })).sort((a, b) => a.size - b.size)[0].f;
      const lines = readFileSync(join(CORPUS, dir, smallest), "utf8").split("\n").filter((l) => l !== "");
      if (lines.length < 3) continue;
      for (const at of [1, Math.floor(lines.length / 2)]) out.push({ name: `${dir}/${smallest}:${at + 1}`, lines, at });
    }
    return out;
  };
  it("a real line of every agent's JSON Lines, spoiled by NUL padding, junk after or stray bytes before, is kept", () => {
    const cases = corpusLines();
    assert.ok(cases.length >= 16, String(cases.length));
    for (const { name, lines, at } of cases)
      for (const spoil of [(l: string) => l + "\u0000\u0000", (l: string) => l + "xx", (l: string) => "/speci" + l]) {
        const spoiled = spoil(lines[at]);
        const text = [...lines.slice(0, at), spoiled, ...lines.slice(at + 1)].join("\n") + "\n";
        const fixed = fixAll(text).text;
        assert.ok(fixed.split("\n").includes(spoiled), `${name}: ${JSON.stringify(spoiled.slice(0, 60))} removed`);
      }
  });
  it("the search is one pass: a 4 MB line of unclosed nesting is answered at once", () => {
    const hostile = "x" + '{"id":['.repeat(600_000);
    const text = [header, a1, hostile, a3.replace('"a2"', '"a1"')].join("\n") + "\n";
    // not timed: it completes (the old search took minutes on a file of such lines)
    assert.equal(fixAll(text).text.includes(hostile), false, "nothing whole in it: removed");
  });
  it("a line cut right after a nested object (no whole entry in it) is still removed", () => {
    const cut = a2.slice(0, a2.indexOf('"timestamp"')) + '"meta":{"k":0}';
    const text = [header, a1, cut, a3.replace('"a2"', '"a1"')].join("\n") + "\n";
    assert.equal(fixAll(text).text, [header, a1, a3.replace('"a2"', '"a1"')].join("\n") + "\n");
  });
  it("a torn sibling naming the same missing parent does not stop the re-link (only the parent's own entry does)", () => {
    const e2 = entry("e2", "gone0001", "two");
    const sibling = '{"type":"message","id":"e3","parentId":"gone0001","mess';
    const text = [header, a1, e2, sibling].join("\n") + "\n";
    const fixed = fixAll(text).text;
    assert.equal(fixed, [header, a1, e2.replace('"parentId":"gone0001"', '"parentId":null')].join("\n") + "\n");
  });
  it("a line that holds nothing whole is still removed", () => {
    const text = [header, a1, '{"type":"message","id":"zz","parentId":"a1","mess', a3.replace('"a2"', '"a1"')].join("\n") + "\n";
    const fixed = fixAll(text);
    assert.equal(fixed.text, [header, a1, a3.replace('"a2"', '"a1"')].join("\n") + "\n");
  });
});

describe("detection: pi's entry shape alone is pi only as the first object", () => {
  it("a file that opens with another agent's line and then has pi-like message entries (Factory Droid) is not pi's", () => {
    const droid = ['{"type":"session_start","id":"d1","title":"x"}', '{"type":"message","id":"m1","parentId":null,"timestamp":"2026-01-01T00:00:00Z","message":{"role":"user","content":[{"type":"text","text":"hi"}]}}'].join("\n") + "\n";
    assert.equal(detectFormat(parseText(droid).lines.held), "unknown");
  });
});

describe("oh-my-pi: a session it migrated and wrote", () => {
  it("the title slot before the header is read as oh-my-pi writes it (no finding); the session is oh-my-pi's", () => {
    const first = OMP.slice(0, OMP.indexOf("\n") + 1);
    assert.equal(Buffer.byteLength(first), 256, "the fixed-width slot");
    const a = analyze(OMP);
    assert.equal(a.session.format, "oh-my-pi");
    assert.equal(a.session.header?.line, 1);
    assert.equal(a.findings.filter((f) => f.code === "unknown-entry" || f.code === "header-not-first").length, 0);
    assert.equal(a.pruner, "none");
    // aborted turns and the one error turn: oh-my-pi's pi-ai does not send them
    assert.deepEqual([...new Set(a.findings.map((f) => f.code))], ["partial-message"]);
  });

  it("a call left without its result, then the session resumed (a copy cut after a call): dangling-call naming oh-my-pi, and the repair keeps the title slot and every line", () => {
    const all = OMP.split("\n").slice(0, -1);
    let lastCall = all.length - 1;
    while (!(all[lastCall].includes('"type":"toolCall"') && all[lastCall].includes('"stopReason":"toolUse"'))) lastCall--;
    const kept = all.slice(0, lastCall + 1);
    const callId = JSON.parse(kept[kept.length - 1]).id;
    const resumed = '{"type":"message","id":"ffff0002","parentId":"' + callId + '","timestamp":"2026-08-13T10:00:00.000Z","message":{"role":"user","content":[{"type":"text","text":"go on"}],"timestamp":1786615200000}}';
    const text = [...kept, resumed].join("\n") + "\n";
    const a = analyze(text);
    assert.equal(a.session.format, "oh-my-pi");
    const dangling = a.findings.filter((f) => f.code === "dangling-call");
    assert.equal(dangling.length, 1);
    assert.match(dangling[0].message, /^Tool call without a result; oh-my-pi sends a stand-in error/);
    const fixed = fixAll(text);
    assert.ok(fixed.text.startsWith(kept.join("\n") + "\n"), "the title slot and every line before the insertion kept byte for byte");
    assert.equal(analyze(fixed.text).findings.filter((f) => f.code === "dangling-call").length, 0);
    assert.equal(fixAll(fixed.text).text, fixed.text, "idempotent");
  });

  it("a first line that is no title slot is what oh-my-pi's loader takes as the first entry: it loads nothing", () => {
    const rest = OMP.slice(OMP.indexOf("\n") + 1);
    const headerLine = rest.slice(0, rest.indexOf("\n") + 1);
    const usage = '{"type":"model_usage","id":"mu000001","parentId":null,"timestamp":"2026-08-13T00:00:00.000Z"}\n';
    const a = analyze('{"type":"title","v":2,"title":"x"}\n' + headerLine + usage + rest.slice(headerLine.length));
    assert.equal(a.session.format, "oh-my-pi", "an entry type of oh-my-pi's own marks the file");
    const f = a.findings.find((x) => x.code === "header-not-first");
    assert.equal(f?.severity, "error");
    assert.equal(f?.line, 0);
    assert.match(f!.message, /^oh-my-pi will not resume this session\. .*leaves the file as it is/);
  });
});
