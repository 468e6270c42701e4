/** Issue: foundation. The session model: lines, entries, tree, branch, line-level findings. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { readSession } from "../../server/src/engine/session/read-session.js";
import { findingRange } from "../../server/src/engine/model/positions.js";
import { corpusFiles, corpusText, rawObjects } from "../helpers/corpus.js";
import { sessionText } from "../helpers/session-builder.js";
import { parseText } from "../../server/src/engine/model/parse.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";
import { continueAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";

const codes = (text: string) => analyze(text).findings.map((f) => f.code);

describe("corpus: every file reads into the model", () => {
  const files = corpusFiles();
  it("has all 17 corpus files", () => assert.equal(files.length, 17));
  for (const f of files) {
    it(`${f.name}: format, entries and branch`, () => {
      const s = readSession(f.text);
      const expected = f.name.split("/")[0];
      assert.equal(s.format, expected);
      const objs = rawObjects(f.text);
      if (expected === "pi") {
        // every object but the header is an entry (pi fixtures have no id-less lines)
        assert.equal(s.entries.length, objs.length - 1);
        assert.ok(s.header);
      } else if (expected === "codex") assert.equal(s.entries.length, objs.length);
      else assert.equal(s.entries.length, objs.filter((o) => typeof o.value.uuid === "string" && typeof o.value.type === "string").length);
      // the branch ends at the leaf and each step follows a parent link
      if (s.branch.length) {
        assert.equal(s.branch[s.branch.length - 1].id, s.leafId);
        for (let i = 1; i < s.branch.length; i++) assert.equal(s.branch[i].parentId, s.branch[i - 1].id);
      }
    });
  }
  it("pi v1 fixtures migrate to a linear branch over every entry", () => {
    for (const name of ["pi/pi-mono-before-compaction-v1.jsonl", "pi/pi-mono-large-session-v1.jsonl"]) {
      const s = readSession(corpusText(name));
      assert.equal(s.header!.version, 1);
      assert.equal(s.branch.length, s.entries.length);
      assert.equal(s.entries[0].parentId, null);
      assert.ok(s.entries.every((e) => e.id === `v1:${e.line + 1}`), "deterministic migration ids");
    }
  });
  it("v1 compaction indexes map to the entry on that 0-based line (header included)", () => {
    const s = readSession(corpusText("pi/pi-mono-before-compaction-v1.jsonl"));
    const comps = s.entries.filter((e) => e.type === "compaction");
    assert.deepEqual(comps.map((c) => c.line), [359, 628]);
    assert.deepEqual(comps.map((c) => c.raw.firstKeptEntryId), ["v1:294", "v1:552"]);
  });
  it("branching fixture: the active branch is the last entry's path, off e2", () => {
    const s = readSession(corpusText("pi/inspector-branching.jsonl"));
    assert.equal(s.leafId, "e8");
    assert.deepEqual(s.branch.map((e) => e.id), ["e1", "e2", "e7", "e8"]);
    assert.deepEqual(s.leaves.sort(), ["e6", "e8"]);
  });
  it("clean corpus files have no error findings", () => {
    for (const f of corpusFiles()) {
      if (f.name.includes("edge-cases") || f.name.includes("malformed")) continue;
      const errors = analyze(f.text).findings.filter((x) => x.severity === "error");
      assert.deepEqual(errors.map((e) => `${e.line + 1} ${e.code}`), [], f.name);
    }
  });
  it("claude-code edge cases: each non-object line is malformed-line, duplicates are found", () => {
    const text = corpusText("claude-code/daaain-edge-cases.jsonl");
    const a = analyze(text);
    const nonObjects = text.split("\n").map((l, i) => [l, i] as const).filter(([l]) => {
      if (!l.trim()) return false;
      try { const v = JSON.parse(l); return !(v && typeof v === "object" && !Array.isArray(v)); } catch { return true; }
    }).map(([, i]) => i);
    assert.ok(nonObjects.length >= 3);
    assert.deepEqual(a.findings.filter((f) => f.code === "malformed-line" || f.code === "partial-message").map((f) => f.line), nonObjects);
    assert.ok(a.findings.some((f) => f.code === "duplicate-entry-id"));
  });
  it("codex malformed: a complete but invalid last line is malformed-line, the rest reads", () => {
    const a = analyze(corpusText("codex/daaain-malformed.jsonl"));
    const last = a.session.lines.length - 1;
    // (Codex itself refuses the file: its session meta has no `timestamp`; docs/research/codex-resume.md R2.4)
    assert.deepEqual(a.findings.map((f) => [f.code, f.line]), [["resume-refused", 0], ["malformed-line", last]]);
    assert.equal(a.session.truncatedLastLine, false, "the line ends with a newline: written whole");
    assert.equal(a.session.entries.length, 2);
  });
  it("a last line cut off without its newline is partial-message, not malformed-line", () => {
    const t = sessionText([{ user: 1 }, { assistant: 2 }]);
    const a = analyze(t.slice(0, t.length - 30));
    assert.deepEqual(a.findings.map((f) => f.code), ["partial-message"]);
    assert.equal(a.session.truncatedLastLine, true);
  });
});

describe("bad input: a finding each, and analysis goes on", () => {
  const base = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "zz_9" }]);
  it("a truncated middle line is malformed-line and findings after it are still reported", () => {
    const lines = base.split("\n");
    lines[2] = lines[2].slice(0, 40); // cut the assistant line
    const a = analyze(lines.join("\n"));
    assert.deepEqual(a.findings.filter((f) => f.code === "malformed-line").map((f) => f.line), [2]);
    // results after the cut line: both are now orphans (their call is gone)
    assert.deepEqual(a.findings.filter((f) => f.code === "orphan-result").map((f) => f.line), [3, 4]);
  });
  it("BOM and CRLF are handled and ranges stay on the value", () => {
    const crlf = "\ufeff" + base.replace(/\n/g, "\r\n");
    const a = analyze(crlf);
    assert.equal(a.session.lines.at(0)!.eol, "\r\n");
    const orphan = a.findings.find((f) => f.code === "orphan-result")!;
    const r = findingRange(a.session.lines, orphan);
    assert.equal(a.session.lines.at(orphan.line)!.text.slice(r.start, r.end), '"zz_9"');
  });
  it("blank lines are ignored", () => {
    const a = analyze(base.replace(/\n/g, "\n\n"));
    assert.deepEqual(codes(base), a.findings.map((f) => f.code));
    assert.equal(a.session.entries.length, 4);
  });
  it("a non-object line is malformed-line", () => {
    const a = analyze(base + "[1,2]\n42\n");
    assert.deepEqual(a.findings.filter((f) => f.code === "malformed-line").map((f) => f.message.match(/is (an array|a number)/)![1]), ["an array", "a number"]);
  });
  it("unknown entry type, entry without id, and object without type", () => {
    const extra = [
      JSON.stringify({ type: "future_thing", id: "x1", parentId: "e4", timestamp: "2026-01-01T00:00:00Z" }),
      JSON.stringify({ type: "message", parentId: "x1", message: { role: "user", content: "hi", timestamp: 9 } }),
      JSON.stringify({ hello: "world" }),
    ].join("\n");
    const a = analyze(base + extra + "\n");
    const unknown = a.findings.filter((f) => f.code === "unknown-entry");
    assert.deepEqual(unknown.map((f) => f.line), [5, 6, 7]);
    assert.equal(unknown[0].severity, "information");
  });
  it("an entry type pi does not write: one information finding per type, on its first line, also when the session continues (format drift)", () => {
    const entry = (type: string, id: string, parentId: string) => JSON.stringify({ type, id, parentId, timestamp: "2026-01-01T00:00:00Z" });
    const lines = [entry("future_entry", "x1", "e4"), entry("future_entry", "x2", "x1"), entry("other_entry", "x3", "x2"), entry("future_entry", "x4", "x3")];
    const text = base + lines.join("\n") + "\n";
    const drift = (fs: readonly { code: string; line: number; message: string }[]) => fs.filter((f) => f.code === "unknown-entry").map((f) => `${f.line}:${f.message.split(".")[0]}`);
    assert.deepEqual(drift(analyze(text).findings), ["5:pi entry type `future_entry` is not known to this version", "7:pi entry type `other_entry` is not known to this version"]);
    // appended one at a time: the same, continued
    let doc = parseText(base);
    let v = continueAnalysis(doc, {});
    for (const l of lines) {
      doc = patchLines(doc, [{ range: { start: { line: doc.lines.length, character: 0 }, end: { line: doc.lines.length, character: 0 } }, text: l + "\n" }])!;
      v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
      assert.equal(v.stages.session, "appended");
    }
    assert.deepEqual(drift(v.analysis.findings), drift(analyze(text).findings));
    // the first line of a type edited into a known type: the next line of that type is the first now (the session is read in full)
    const edited = entry("label", "x1", "e4").replace('"timestamp"', '"targetId":"e4","label":"l","timestamp"');
    doc = patchLines(doc, [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: doc.lines.at(5)!.text.length } }, text: edited }])!;
    v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
    const fresh = analyze([...doc.lines.all()].map((l) => l.text + l.eol).join(""));
    assert.deepEqual(drift(v.analysis.findings), drift(fresh.findings));
    assert.deepEqual(drift(fresh.findings), ["6:pi entry type `future_entry` is not known to this version", "7:pi entry type `other_entry` is not known to this version"]);
  });
  it("broken-parent and duplicate-entry-id point at the offending value", () => {
    const extra = [
      JSON.stringify({ type: "message", id: "e9", parentId: "nowhere", timestamp: "2026-01-01T00:00:00Z", message: { role: "user", content: "x", timestamp: 10 } }),
      JSON.stringify({ type: "message", id: "e2", parentId: "e9", timestamp: "2026-01-01T00:00:00Z", message: { role: "user", content: "y", timestamp: 11 } }),
    ].join("\n");
    const a = analyze(base + extra + "\n");
    const bp = a.findings.find((f) => f.code === "broken-parent")!;
    assert.equal(bp.line, 5);
    const r = findingRange(a.session.lines, bp);
    assert.equal(a.session.lines.at(5)!.text.slice(r.start, r.end), '"nowhere"');
    const dup = a.findings.find((f) => f.code === "duplicate-entry-id")!;
    assert.equal(dup.line, 6);
    assert.equal(dup.related![0].line, 2);
    // the active branch starts at the broken link: e9 is treated as a root
    assert.deepEqual(a.session.branch.map((e) => e.id), ["e9", "e2"]);
  });
  it("an empty or header-only file yields no context and no crash", () => {
    assert.equal(analyze("").before.length, 0);
    const h = sessionText([]);
    const a = analyze(h);
    assert.equal(a.session.format, "pi");
    assert.equal(a.before.length, 0);
  });
  it("a non-session JSONL file is format unknown with no findings", () => {
    const a = analyze('{"a":1}\n{"b":2}\n');
    assert.equal(a.session.format, "unknown");
    assert.deepEqual(a.findings, []);
  });
});

describe("context as pi builds it", () => {
  it("compaction: summary first, kept entries from firstKeptEntryId, then what follows", () => {
    const a = analyze(corpusText("pi/pi-mono-before-compaction-v1.jsonl"));
    assert.equal(a.before[0].role, "compactionSummary");
    assert.equal(a.before[0].origin.kind === "entry" && a.before[0].origin.line, 628);
    // the first kept message is the entry on 0-based line 551
    assert.equal(a.before[1].origin.kind === "entry" && a.before[1].origin.line, 551);
    const lines = a.before.map((m) => (m.origin.kind === "entry" ? m.origin.line : -1));
    const rest = lines.slice(1);
    assert.deepEqual([...rest].sort((x, y) => x - y), rest, "kept messages keep file order");
  });
  it("custom_message is in the context, custom is not", () => {
    const t = sessionText([{ user: 1 }, { custom: "x-state", data: { a: 1 } }, { customMessage: "notice", content: "hello" }]);
    const a = analyze(t);
    assert.deepEqual(a.before.map((m) => m.role), ["user", "custom"]);
  });
});
