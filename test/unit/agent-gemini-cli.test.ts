/**
 * Gemini CLI (issue 25): the chats of test/fixtures/gemini-cli (the `cli-*` files written by the
 * real CLI 0.61.0, the others by scripts/agent-fixtures/gemini-cli.mjs) and of test/corpus/gemini-cli
 * (public sessions, test/corpus/SOURCES.md), and what the real CLI 0.61.0 sent when it resumed
 * each of them (test/fixtures/peer-gemini-cli, recorded by scripts/record-peers-agents.mjs
 * gemini-cli): the After column is compared with every recording, turn for turn and part for part.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze, type Analysis } from "../../server/src/engine/pipeline/analyze.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { type Finding, type Msg, toolCallsOf } from "../../server/src/engine/model/types.js";
import { textOf } from "../../server/src/engine/formats/message-text.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { checkJson, renderJson } from "../../server/src/presentation/report.js";
import { PI_WORD } from "../helpers/real-corpus.js";
import { expandPaths } from "../../server/src/cli/session-paths.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { alignRows } from "../../server/src/presentation/view-rows.js";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";

const AGENT = "gemini-cli";
const FIXTURES = join(__dirname, "..", "fixtures", AGENT);
const CORPUS = join(__dirname, "..", "corpus", AGENT);
const PEER = join(__dirname, "..", "fixtures", `peer-${AGENT}`);

const isChat = (f: string) => f.endsWith(".jsonl") || f.endsWith(".json");
const fixtureNames = () => readdirSync(FIXTURES).filter(isChat).sort();
const corpusNames = () => (existsSync(CORPUS) ? readdirSync(CORPUS).filter(isChat).sort() : []);
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");
const corpus = (name: string) => readFileSync(join(CORPUS, name), "utf8");

function recording(file: string): any | undefined {
  const p = join(PEER, `${file}.json`);
  return existsSync(p) ? JSON.parse(readFileSync(p, "utf8")) : undefined;
}

/** `code@line` (1-based) of findings, sorted. */
const codesAt = (findings: readonly Finding[]) => findings.map((f) => `${f.code}@${f.line + 1}`).sort();

const sha = (t: string) => createHash("sha1").update(t).digest("hex").slice(0, 12);

/** The CLI keeps a call id as `<tool>__<id>` and sends `<id>` (its `stripToolCallIdPrefixes`). */
const wireId = (id: string, name: unknown) => (typeof name === "string" && id.startsWith(`${name.trim()}__`) ? id.slice(name.trim().length + 2) : id);

/** The value at `path` on a message's line (JSON Lines) or in the document. */
function valueAt(a: Analysis, line: number, path: readonly (string | number)[]): any {
  const l = a.session.lines.at(line)!;
  let v: any = l.doc ? l.doc.root : l.value;
  for (const k of path) v = v?.[k];
  return v;
}

/** The function response a result message is made of, as it is in the file. */
function responseOf(a: Analysis, m: Msg): unknown {
  const path = m.resultPath!;
  if (path[path.length - 1] === "id" && path[path.length - 2] === "functionResponse") return valueAt(a, (m.origin as { line: number }).line, path.slice(0, -1))?.response;
  // A string result (`toolCalls[j].result`): sent as `{output}`.
  return { output: valueAt(a, (m.origin as { line: number }).line, [...path.slice(0, -1), "result"]) };
}

/** One part as the recording summarises it: its type, the call id on the wire, the length and SHA-1 of its text. */
const part = (type: string, text: string, id?: string) => `${type}${id !== undefined ? ` ${id}` : ""} ${text.length}:${sha(text)}`;

/** After as the CLI sends it: adjacent messages of one role merged into one turn, each part summarised. */
function afterTurns(a: Analysis): string[] {
  const turns: { role: string; parts: string[] }[] = [];
  for (const m of a.after) {
    const role = m.role === "assistant" ? "model" : "user";
    const parts: string[] = [];
    if (m.role === "toolResult") parts.push(part("functionResponse", JSON.stringify(responseOf(a, m) ?? {}), wireId(String(m.toolCallId), m.toolName)));
    else
      for (const b of Array.isArray(m.content) ? m.content : [{ type: "text", text: textOf(m.content) }]) {
        if (b?.type === "text") parts.push(part("text", String(b.text)));
        else if (b?.type === "toolCall") parts.push(part("functionCall", JSON.stringify(b.arguments ?? {}), wireId(String(b.id), b.name)));
        else parts.push(`${b?.type}`);
      }
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.parts.push(...parts);
    else turns.push({ role, parts });
  }
  return turns.map((t) => `${t.role}: ${t.parts.join(" | ")}`);
}

/** What the real CLI sent, without the session context it makes again and the new prompt. */
function recordedTurns(rec: any): string[] {
  const contents: { role: string; parts: any[] }[] = rec.main.messages.map((m: any) => ({ role: m.role, parts: [...m.parts] }));
  if (contents[0]?.parts[0]?.head === "<session_context>") contents[0].parts.shift();
  const last = contents[contents.length - 1];
  last.parts.pop(); // the new prompt ("continue")
  return contents
    .filter((c) => c.parts.length > 0)
    .map((c) => `${c.role}: ${c.parts.map((p: any) => (p.type === "text" || p.type === "functionCall" || p.type === "functionResponse" ? `${p.type}${p.id != null ? ` ${p.id}` : ""} ${p.textLength}:${p.textSha1}` : p.type)).join(" | ")}`);
}

describe("Gemini CLI: the chats of the fixtures", () => {
  const expected: Record<string, string[]> = {
    "basic.jsonl": [],
    "call-without-result.jsonl": ["dangling-call@5"],
    "cli-midcall.jsonl": ["orphan-result@8"],
    "cli-resumed-once.jsonl": Array(8).fill("orphan-result@18"),
    "cli-tools.jsonl": ["orphan-result@13", "orphan-result@13", "orphan-result@8"],
    "cli-unknown-tool.jsonl": ["orphan-result@8"],
    "empty-text-part.jsonl": [],
    "error-result.jsonl": [],
    "ends-with-call.jsonl": ["dangling-call@5"],
    "info-and-commands.jsonl": [],
    "legacy-document-cut.json": ["malformed-line@61", "resume-refused@1"],
    "legacy-document.json": [],
    "malformed-line.jsonl": ["malformed-line@5"],
    "no-metadata.jsonl": ["resume-refused@1"],
    "nothing-to-resume.jsonl": ["resume-refused@1"],
    "orphan-response.jsonl": ["orphan-result@7"],
    "result-twice.jsonl": ["orphan-result@9"],
    "results-in-call-record-only.jsonl": [],
    "rewind-unknown-id.jsonl": [],
    "rewind.jsonl": [],
    "set-messages.jsonl": [],
    "string-content.jsonl": [],
    "subagent-chat.jsonl": ["resume-refused@1"],
    "thoughts.jsonl": [],
    "unknown-type.jsonl": ["unknown-entry@5"],
    "wrong-field-type.jsonl": ["unknown-entry@5"],
  };
  it("every fixture has its expectation", () => assert.deepEqual(fixtureNames(), Object.keys(expected).sort()));
  for (const [name, codes] of Object.entries(expected))
    it(`${name}: ${codes.length ? [...new Set(codes)].join(", ") : "no findings"}`, () => {
      const a = analyze(fixture(name));
      assert.equal(a.session.format, AGENT);
      assert.deepEqual(codesAt(a.findings), codes);
      assert.equal(renderJson(name, a).format, AGENT);
      for (const f of a.findings) assert.ok(!PI_WORD.test(f.message) && !(f.related ?? []).some((r) => PI_WORD.test(r.message)), `${name}: a finding speaks of pi: ${f.message}`);
    });

  it("0.61's own chat: each result is sent twice (the call's record, then the user record of responses); the second copy is the error", () => {
    const a = analyze(fixture("cli-tools.jsonl"));
    const twice = a.findings.filter((f) => f.code === "orphan-result");
    assert.ok(twice.every((f) => f.severity === "error" && /sent twice on resume/.test(f.message) && /google-gemini\/gemini-cli #29365/.test(f.message)));
    assert.deepEqual(twice[0].related?.map((r) => r.line + 1), [7]);
    // The user records of responses are in the file's Before too: the file keeps both copies.
    assert.equal(a.before.filter((m) => m.role === "toolResult").length, 6);
  });

  it("a chat that ends in results: the CLI closes it with its own model turn", () => {
    const a = analyze(fixture("cli-midcall.jsonl"));
    const last = a.after[a.after.length - 1];
    assert.equal(last.origin.kind === "synthetic" && last.origin.synthetic, "resume-filler");
    assert.equal(textOf(last.content), "[The previous response was interrupted before it completed.]");
  });

  it("what the CLI leaves out: its session context, commands, info/warning/error records, thoughts, a turn of thoughts only, a model turn with an empty part", () => {
    const drops = (name: string) => analyze(fixture(name)).dropped.map((d) => `${(d.msg.origin as { line: number }).line + 1}:${d.by.kind === "resume-drop" ? d.by.what : d.by.kind}`);
    assert.deepEqual(drops("info-and-commands.jsonl"), ["2:ignored-prompt", "3:ignored-prompt", "6:ignored-prompt"]);
    assert.deepEqual(drops("thoughts.jsonl"), ["2:ignored-prompt", "9:thoughts-only"]);
    assert.deepEqual(drops("empty-text-part.jsonl"), ["2:ignored-prompt", "5:invalid-model-turn"]);
    const t = analyze(fixture("thoughts.jsonl"));
    assert.ok(t.before.some((m) => Array.isArray(m.content) && m.content.some((b: any) => b.type === "thinking")));
    assert.ok(!t.after.some((m) => Array.isArray(m.content) && m.content.some((b: any) => b.type === "thinking")));
  });

  it("records as the loader keeps them: a later record of an id in the earlier one's place, `$set.messages` replaces all, `$rewindTo` cuts", () => {
    assert.deepEqual(analyze(fixture("rewind.jsonl")).before.map((m) => `${m.role}@${(m.origin as { line: number }).line + 1}`), ["user@2", "user@3", "assistant@5", "user@12", "assistant@14"]);
    assert.deepEqual(analyze(fixture("rewind-unknown-id.jsonl")).before.map((m) => (m.origin as { line: number }).line + 1), [8, 10]);
    assert.deepEqual(analyze(fixture("set-messages.jsonl")).before.map((m) => (m.origin as { line: number }).line + 1), [7, 7, 8, 10]);
    // A model record written twice (before its calls, then with them): one message, from its last line.
    assert.deepEqual(analyze(fixture("result-twice.jsonl")).before.filter((m) => m.role === "assistant").map((m) => (m.origin as { line: number }).line + 1), [7, 11]);
  });

  it("a message type this reading does not know: one information finding per type, the records kept", () => {
    const a = analyze(fixture("unknown-type.jsonl"));
    const drift = a.findings.filter((f) => f.code === "unknown-entry");
    assert.equal(drift.length, 1);
    assert.equal(drift[0].severity, "information");
    assert.match(drift[0].message, /Gemini CLI message type `compression_marker` is not known to this version/);
    assert.equal(a.session.entries.filter((e) => e.type === "compression_marker").length, 2);
  });

  it("a call id that is not a string: one finding, an error (the CLI stops at its first request), and nothing is sent", () => {
    const a = analyze(fixture("wrong-field-type.jsonl"));
    assert.equal(a.findings.length, 1);
    assert.equal(a.findings[0].severity, "error");
    assert.match(a.findings[0].message, /`toolCalls\.0\.id` is a number .*TypeError: fc\.id\.startsWith is not a function/);
    assert.deepEqual(a.after, []);
    assert.match(recording("wrong-field-type.jsonl").run.stderrHead, /fc\.id\.startsWith is not a function/);
  });

  it("recorded usage: each model record's tokens once, on its message (uncached input, cached, thoughts)", () => {
    const a = analyze(fixture("legacy-document.json"));
    assert.deepEqual(a.usage.records.map((r) => [r.line + 1, r.input, r.output, r.cacheRead, r.reasoning]), [[13, 1000, 40, 8000, 12], [86, 100, 8, 9000, 0]]);
    const render = renderJson("legacy-document.json", a);
    assert.deepEqual(render.before.filter((m: any) => m.usage).map((m: any) => [m.line, m.usage.output]), [[13, 40], [86, 8]]);
    const t = analyze(fixture("cli-tools.jsonl"));
    assert.equal(t.usage.totals.responses, 3, "a record written twice counts once");
  });
});

describe("Gemini CLI: a chat of one JSON document (before 0.40)", () => {
  it("is read from its messages, each at the line where it starts; a finding lands on the line of its value", () => {
    const a = analyze(fixture("legacy-document.json"));
    assert.equal(a.session.format, AGENT);
    assert.deepEqual(a.session.entries.map((e) => e.line + 1), [7, 13, 86, 102]);
    const check = checkJson("legacy-document-cut.json", analyze(fixture("legacy-document-cut.json")));
    assert.deepEqual(check.findings.map((f) => `${f.code}@${f.line}`), ["resume-refused@1", "malformed-line@61"]);
  });

  it("a finding on a call of a document is placed on the call's own line", () => {
    const text = fixture("legacy-document.json").replace('"result": [', '"result": null, "was": [');
    const a = analyze(text);
    const dangling = a.findings.find((f) => f.code === "dangling-call");
    assert.ok(dangling);
    const check = checkJson("x.json", a).findings.find((f) => f.code === "dangling-call")!;
    assert.equal(text.split("\n")[check.line - 1].trim(), '"id": "write_file-1761077079637-de5db03a65079",');
  });

  it("blank lines before and inside a document (runs of them, line-list.ts) keep every line's number and text", () => {
    // two blank lines before the document, a run of 500 blank lines and a whitespace-only line inside it
    const spaced = (t: string) => {
      const ls = t.split("\n");
      return ["", "  ", ...ls.slice(0, 9), ...Array<string>(500).fill(""), " \t", ...ls.slice(9)].join("\n");
    };
    const moved = (line: number) => (line < 9 ? line + 2 : line + 503); // 0-based line of the original
    const text = fixture("legacy-document.json").replace('"result": [', '"result": null, "was": [');
    const a = analyze(text);
    const b = analyze(spaced(text));
    assert.equal(b.session.format, AGENT);
    assert.ok(b.session.lines.runs.length >= 2, "the blank lines are runs");
    assert.deepEqual(b.session.entries.map((e) => e.line), a.session.entries.map((e) => moved(e.line)));
    const lines = spaced(text).split("\n");
    const [ca, cb] = [checkJson("x.json", a).findings, checkJson("x.json", b).findings];
    assert.ok(ca.some((f) => f.code === "dangling-call"));
    assert.deepEqual(cb.map((f) => `${f.code}@${f.line}:${f.column}-${f.endColumn}`), ca.map((f) => `${f.code}@${moved(f.line - 1) + 1}:${f.column}-${f.endColumn}`));
    for (const f of cb) assert.equal(lines[f.line - 1], text.split("\n")[ca[cb.indexOf(f)].line - 1]);
    // a document cut short: the findings on the document's first line and where it stops parsing
    const cut = checkJson("x.json", analyze(spaced(fixture("legacy-document-cut.json")))).findings;
    assert.deepEqual(cut.map((f) => `${f.code}@${f.line}`), ["resume-refused@3", `malformed-line@${moved(60) + 1}`]);
  });

  it("is never repaired: repairs edit whole lines", () => {
    const text = fixture("legacy-document.json").replace('"result": [', '"result": null, "was": [');
    const fixed = fixAll(text);
    assert.equal(fixed.text, text);
    assert.ok(fixed.skipped.some((s) => /one JSON document/.test(s.reason)), JSON.stringify(fixed.skipped));
  });
});

describe("Gemini CLI: the inspector's view", () => {
  it("a chat resumed once holds its whole history on one `$set` line: each message keeps a key of its own, and each sent copy sits beside its message", () => {
    const a = analyze(fixture("cli-resumed-once.jsonl"));
    const view = buildRenderView(a, "file:///x.jsonl", 1);
    assert.equal(new Set(view.before.map((m) => m.key)).size, view.before.length);
    // Each sent message names the message it is a copy of (the same object, or a copy without thoughts).
    const byKey = new Map(view.before.map((m, i) => [m.key, a.before[i]]));
    a.after.forEach((m, i) => {
      if (m.origin.kind !== "entry") return;
      const b = byKey.get(view.after[i].beforeKey!);
      assert.ok(b && b.origin === m.origin, `after ${i} (${view.after[i].key}) pairs with its own message`);
    });
    for (const r of alignRows(view)) if (r.after && r.after.line !== null) assert.equal(r.before?.key, r.after.beforeKey, `row ${r.key}`);
  });
});

describe("Gemini CLI: check DIR", () => {
  it("takes the chats of a ~/.gemini/tmp folder: session-*.jsonl and the older session-*.json, not the CLI's other JSON files", () => {
    const dir = mkdtempSync(join(tmpdir(), "gemini-dir-"));
    try {
      mkdirSync(join(dir, "p", "chats"), { recursive: true });
      for (const f of ["session-2025-10-21T20-04-0b23371a.json", "session-2026-12-04T22-05-d7f3ea96.jsonl", "logs.json"]) writeFileSync(join(dir, "p", "chats", f), "{}\n");
      writeFileSync(join(dir, "p", "logs.json"), "[]\n");
      assert.deepEqual(expandPaths([dir]).paths.map((p) => p.slice(dir.length + 1)), ["p/chats/session-2025-10-21T20-04-0b23371a.json", "p/chats/session-2026-12-04T22-05-d7f3ea96.jsonl"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Gemini CLI: repairs", () => {
  it("a user record that repeats its call's results is removed, the rest byte for byte; resumed, each result is sent once", () => {
    const text = fixture("cli-tools.jsonl");
    const fixed = fixAll(text);
    assert.equal(fixed.done.get("drop-duplicate-result"), 2);
    const lines = text.split("\n");
    assert.equal(fixed.text, lines.filter((_, i) => i !== 7 && i !== 12).join("\n"));
    assert.deepEqual(codesAt(fixed.analysis.findings), []);
  });

  it("a call without a result gets the response the CLI writes for a cancelled call, right after its record", () => {
    const text = fixture("call-without-result.jsonl");
    const fixed = fixAll(text);
    assert.equal(fixed.done.get("insert-missing-result"), 1);
    const lines = text.split("\n");
    const inserted = JSON.parse(fixed.text.split("\n")[6]);
    assert.equal(fixed.text, [...lines.slice(0, 6), fixed.text.split("\n")[6], ...lines.slice(6)].join("\n"), "one line inserted after the call's turn, the rest byte for byte");
    assert.equal(inserted.type, "user");
    assert.equal(inserted.timestamp, JSON.parse(lines[4]).timestamp, "the call's record's time");
    assert.match(inserted.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual(inserted.content[0].functionResponse.id, "read_file__read_file_1795000000000_0");
    assert.match(inserted.content[0].functionResponse.response.error, /^\[Operation Cancelled\] Reason: /);
    assert.deepEqual(codesAt(fixed.analysis.findings), []);
  });

  it("a response whose call is in no turn before it is not removed (it is the file's only copy)", () => {
    const text = fixture("orphan-response.jsonl");
    const fixed = fixAll(text);
    assert.equal(fixed.text, text);
  });
});

describe("Gemini CLI: appends and edits continue the analysis", () => {
  const appendText = (parsed: ParsedText, text: string) => {
    const n = parsed.lines.length;
    return patchLines(parsed, [{ range: { start: { line: n, character: 0 }, end: { line: n, character: 0 } }, text }])!;
  };
  const joined = (parsed: ParsedText) => parsed.lines.text();
  const shape = (a: ContinuedAnalysis["analysis"]) => {
    const col = (ms: readonly Msg[]) => ms.map((m) => `${m.role}@${m.origin.kind === "entry" ? m.origin.line : m.origin.synthetic}:${m.toolCallId ?? ""}:${toolCallsOf(m).length}:${textOf(m.content).length}`);
    return { format: a.session.format, findings: a.findings.map((f) => `${f.line}:${f.code}:${f.severity}:${f.message}`), before: col(a.before), after: col(a.after), usage: a.usage.totals };
  };
  it("appends, one line or three at a time, give what a fresh analysis gives", () => {
    for (const name of fixtureNames().filter((n) => n.endsWith(".jsonl")))
      for (const step of [1, 3]) {
        const all = fixture(name).split(/(?<=\n)/);
        let doc = parseText(all[0]);
        let v = continueAnalysis(doc, {});
        const stages = new Set<string>();
        for (let k = 1; k < all.length; k += step) {
          doc = appendText(doc, all.slice(k, k + step).join(""));
          v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
          stages.add(v.stages.session);
          assert.deepEqual(shape(v.analysis), shape(analyze(joined(doc))), `${name}, after line ${Math.min(k + step, all.length)}`);
        }
        if (name !== "no-metadata.jsonl") assert.ok(stages.has("appended"), `${name}: appends continue (${[...stages]})`);
      }
  });
});

describe("Gemini CLI: After is what the real CLI 0.61.0 sends on resume", () => {
  const files = [...fixtureNames().map((n) => ({ name: n, text: () => fixture(n) })), ...corpusNames().map((n) => ({ name: n, text: () => corpus(n) }))];
  it("every fixture and corpus chat has its recording", () => {
    assert.deepEqual(files.filter((f) => recording(f.name) === undefined).map((f) => f.name), []);
  });
  for (const f of files)
    it(f.name, () => {
      const rec = recording(f.name);
      const a = analyze(f.text());
      if (!rec.main) {
        // The CLI stopped before its first request: nothing is sent, and the reading says why.
        assert.deepEqual(a.after, []);
        assert.ok(a.findings.some((x) => x.severity === "error"));
        return;
      }
      assert.deepEqual(afterTurns(a), recordedTurns(rec));
      // A chat the reading says `--resume` does not list: the CLI found no session to resume.
      if (a.findings.some((x) => x.code === "resume-refused")) assert.match(rec.run.stderrHead, /No previous sessions found for this project/);
    });
});
