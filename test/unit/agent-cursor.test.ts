/**
 * Cursor (the agent transcripts of the editor's agent and `cursor-agent`): the real transcript of
 * test/corpus/cursor read for display (user text, assistant text, tool calls by name and input, the
 * `[REDACTED]` thinking placeholder, turns split at `turn_ended`), with no pairing and no provider
 * verdicts (Cursor records no call ids, no results, no model); and damaged copies with what a
 * killed or stopped Cursor leaves: a last line cut off, a last turn without its `turn_ended`, a
 * turn ended in error or stopped, a line kind and a block type this reading does not know. The
 * reading: formats/cursor/.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { type Finding, type Msg, toolCallsOf } from "../../server/src/engine/model/types.js";
import { checkJson, renderJson } from "../../server/src/presentation/report.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { PROVIDER_NAMES } from "../../server/src/engine/model/provider-names.js";
import { detectFormat } from "../../server/src/engine/formats/registry.js";
import { parseText } from "../../server/src/engine/model/parse.js";
import { loadSessionFile } from "../../server/src/cli/session-file.js";
import { standardRoots } from "../../server/src/library/folders.js";
import { providerView } from "../../server/src/presentation/provider-view.js";
import { verdictsLine } from "../../server/src/presentation/provider-report.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import type { ParsedText } from "../../server/src/engine/model/parse.js";
import { appendLine } from "../helpers/patch-doc.js";
import { CORPUS } from "../helpers/corpus.js";

const AGENT = "cursor";
const NAME = "reviewstage-luke-0483ba11.jsonl";
const corpus = () => readFileSync(join(CORPUS, AGENT, NAME), "utf8");
const lines = () => corpus().split("\n").slice(0, -1);
const codes = (fs: readonly Finding[]) => fs.map((f) => `${f.code}/${f.severity}`).sort();
/** The real file's `git push && gh pr create` call, repeated on line 11 (1-based): in every copy that keeps lines 10 and 11 together. */
const REPEAT = "repeated-call/information";
const calls = (m: Msg) => (Array.isArray(m.content) ? m.content.filter((b: any) => b.type === "toolCall") : []);
const texts = (m: Msg) => (Array.isArray(m.content) ? m.content.filter((b: any) => b.type === "text").map((b: any) => b.text) : []);

describe("Cursor: the real transcript", () => {
  it("is a Cursor session: 26 lines, 24 messages, 2 turns, tool calls shown by name and input without an id; one finding, a repeated call", () => {
    const text = corpus();
    const a = analyze(text);
    assert.equal(a.session.format, AGENT);
    assert.equal(a.session.entries.length, 26);
    assert.deepEqual(
      a.session.entries.filter((e) => e.type === "turn_ended").map((e) => e.line),
      [22, 25],
    );
    assert.equal(a.before.length, 24);
    assert.deepEqual(
      a.before.map((m) => m.role).filter((r, i, all) => r !== all[i - 1]),
      ["user", "assistant", "user", "assistant"],
      "many assistant lines in a row are one turn",
    );
    // the first user text is shown as written (timestamp and query)
    assert.match(texts(a.before[0])[0], /^<timestamp>Wednesday, Aug 12, 2026, 7:51 PM \(UTC-7\)<\/timestamp>\n<user_query>\nAdd a CLAUDE\.md/);
    // line 2: a text, the [REDACTED] placeholder as redacted thinking, five calls
    const first = a.before[1];
    assert.deepEqual(
      first.content.map((b: any) => b.type),
      ["text", "thinking", "toolCall", "toolCall", "toolCall", "toolCall", "toolCall"],
    );
    assert.equal(first.content[1].redacted, true);
    assert.ok(!texts(first)[0].includes("[REDACTED]"));
    assert.deepEqual(
      calls(first).map((c: any) => c.name),
      ["GetMcpTools", "Read", "Glob", "Glob", "Shell"],
    );
    assert.deepEqual(calls(first)[1].arguments, { path: "/Users/deanstratakos/.cursor/skills-cursor/babysit/SKILL.md" });
    // no call has an id: nothing is paired, nothing is missing its result
    assert.equal(a.before.flatMap((m) => calls(m)).length, 34);
    assert.equal(a.before.flatMap((m) => toolCallsOf(m)).length, 0);
    assert.equal(a.occurrences.occurrences.length, 0);
    // the only finding: the same Shell call on two lines in a row (no missing result, no orphan)
    assert.deepEqual(codes(a.findings), [REPEAT]);
    const repeat = a.findings[0];
    assert.equal(repeat.line, 10);
    assert.deepEqual(repeat.path, ["message", "content", 1]);
    assert.match(repeat.message, /^Cursor made the same call twice in a row\. `Shell` with the same input as on line 10: probably a retry/);
    assert.equal(checkJson(NAME, a).findings.length, 1);
    // After: the transcript as stored, labelled so
    assert.equal(a.after, a.before);
    assert.equal(a.afterModel.kind, "agent-resume");
    assert.equal(a.afterModel.short, "as stored");
    assert.match(a.afterModel.label, /not known/);
    assert.match(a.afterModel.label, /no call ids, no tool results/);
    const r = renderJson(NAME, a);
    assert.equal(r.format, AGENT);
    assert.ok(r.before.every((m: any) => m.toolCallIds === undefined), "a call without an id names no id");
    assert.equal(fixAll(text).text, text, "nothing to repair");
  });

  it("no provider is assumed and the provider rules check nothing, whichever provider is chosen", () => {
    const a = analyze(corpus());
    const auto = providerVerdicts(a);
    assert.equal(auto.target, null);
    assert.equal(auto.notChecked, true);
    assert.equal(providerView(auto).notChecked, true, "the inspector's badge says the rules checked nothing");
    assert.equal(verdictsLine(providerVerdicts(a, { target: "all" })), "not checked against any provider: what the agent sends is not known");
    for (const target of [...PROVIDER_NAMES, "all" as const]) {
      const pv = providerVerdicts(a, { target });
      assert.deepEqual(pv.findings, [], `${target}: 21 assistant lines in a row are not a request`);
      assert.equal(pv.notChecked, true);
    }
  });

  it("the inspector's view shows each call card with its name and no id", () => {
    const a = analyze(corpus());
    const vm = buildRenderView(a, "file:///a.jsonl", 1);
    const row = vm.before.find((m) => m.line === 2)!;
    assert.deepEqual(row.toolNames, ["GetMcpTools", "Read", "Glob", "Glob", "Shell"]);
    assert.equal(row.toolCallIds, undefined);
  });

  it("is a session transcript for the CLI (not 'not a session transcript')", () => {
    const dir = mkdtempSync(join(tmpdir(), "ti-cursor-"));
    try {
      const path = join(dir, "a.jsonl");
      writeFileSync(path, corpus());
      const loaded = loadSessionFile(path);
      assert.equal(loaded.kind, "session");
      if (loaded.kind === "session") assert.equal(loaded.analysis.session.format, AGENT);
      // a file that starts with a `turn_ended` line is Cursor's too
      writeFileSync(path, lines().slice(22).join("\n") + "\n");
      const tail = loadSessionFile(path);
      assert.equal(tail.kind === "session" && tail.analysis.session.format, AGENT);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the library walks ~/.cursor/projects", () => {
    assert.ok(standardRoots("/h", {}).some((r) => r.agent === AGENT && r.path === "/h/.cursor/projects"));
  });
});

describe("Cursor: detection takes no other agent's lines", () => {
  const detect = (...objs: object[]) => detectFormat(parseText(objs.map((o) => JSON.stringify(o)).join("\n") + "\n").lines.held);
  it("a message line with more than role and message, or Kimi's and Claude Code's shapes, is not Cursor's", () => {
    assert.equal(detect({ role: "user", message: { content: [] } }), AGENT);
    assert.equal(detect({ type: "turn_ended", status: "success" }), AGENT);
    assert.equal(detect({ role: "user", content: [{ type: "text", text: "hi" }] }), "kimi-cli");
    assert.equal(detect({ type: "user", uuid: "u1", sessionId: "s", message: { role: "user", content: "hi" } }), "claude-code");
    assert.equal(detect({ role: "user", message: "hi" }), "unknown");
    assert.equal(detect({ role: "system", message: { content: [] } }), "unknown");
    assert.equal(detect({ type: "turn_ended", status: "success", uuid: "u1" }), "unknown");
  });
});

describe("Cursor: damaged copies", () => {
  const copy = (edit: (ls: string[]) => string[], end = "\n") => edit(lines()).join("\n") + end;

  it("a last line cut off (a killed writer): partial-message warning on it, and the turn before it has no end", () => {
    // the writer stopped in the middle of line 22 (the turn's last answer): no turn_ended after it
    const ls = lines().slice(0, 22);
    const text = ls.slice(0, 21).join("\n") + "\n" + ls[21].slice(0, 120);
    const a = analyze(text);
    assert.equal(a.session.format, AGENT);
    assert.deepEqual(codes(a.findings), ["partial-message/information", "partial-message/warning", REPEAT]);
    const open = a.findings.find((f) => f.code === "partial-message" && f.severity === "information")!;
    assert.equal(open.line, 20, "the last whole message");
    assert.match(open.message, /^The last turn of Cursor has no end\./);
    assert.equal(a.findings.find((f) => f.severity === "warning")!.line, 21);
    assert.equal(a.before.length, 21);
  });

  it("a turn without turn_ended at the end: one partial-message (information) on its last line", () => {
    const a = analyze(copy((ls) => ls.slice(0, 25)));
    assert.deepEqual(codes(a.findings), ["partial-message/information", REPEAT]);
    assert.equal(a.findings.find((f) => f.code === "partial-message")!.line, 24);
  });

  it("a junk line {\"kind\":\"unknown\"} (twice): one drift information, the line kept and shown as nothing", () => {
    const a = analyze(copy((ls) => [...ls.slice(0, 3), '{"kind":"unknown"}', ...ls.slice(3, 10), '{"kind":"unknown"}', ...ls.slice(10)]));
    assert.equal(a.session.format, AGENT);
    assert.deepEqual(codes(a.findings), ["unknown-entry/information"]);
    assert.equal(a.findings[0].line, 3);
    assert.match(a.findings[0].message, /^Cursor line kind `\{kind\}` is not known/);
    assert.equal(a.session.entries.length, 28);
    assert.equal(a.before.length, 24);
  });

  it("a junk line last does not hide a closed turn; one before it does not hide an open one", () => {
    assert.deepEqual(codes(analyze(copy((ls) => [...ls, '{"kind":"unknown"}'])).findings), [REPEAT, "unknown-entry/information"]);
    const open = analyze(copy((ls) => [...ls.slice(0, 25), '{"kind":"unknown"}']));
    assert.deepEqual(codes(open.findings), ["partial-message/information", REPEAT, "unknown-entry/information"]);
  });

  it("a turn ended in error (information) and one stopped (hint), with the error text Cursor wrote", () => {
    const a = analyze(
      copy((ls) => {
        const out = ls.slice();
        out[22] = '{"type":"turn_ended","status":"error","error":"Connection failed"}';
        out[25] = '{"type":"turn_ended","status":"aborted","error":"User aborted/interrupted manually."}';
        return out;
      }),
    );
    assert.deepEqual(codes(a.findings), ["partial-message/hint", "partial-message/information", REPEAT]);
    const err = a.findings.find((f) => f.line === 22)!;
    assert.equal(err.severity, "information");
    assert.deepEqual(err.path, ["status"]);
    assert.match(err.message, /^This turn of Cursor ended in an error\./);
    assert.match(err.message, /`Connection failed`/);
    const stop = a.findings.find((f) => f.line === 25)!;
    assert.equal(stop.severity, "hint");
    assert.match(stop.message, /^This turn of Cursor was stopped/);
  });

  it("an unknown turn status, block type and role: drift information once per kind", () => {
    const a = analyze(
      copy((ls) => [
        ...ls.slice(0, 2),
        '{"role":"assistant","message":{"content":[{"type":"image","data":"x"},{"type":"image"}]}}',
        '{"role":"tool","message":{"content":[]}}',
        ...ls.slice(2, 22),
        '{"type":"turn_ended","status":"paused"}',
        ...ls.slice(23),
      ]),
    );
    const drift = a.findings.filter((f) => f.code === "unknown-entry");
    assert.deepEqual(codes(a.findings.filter((f) => f.code !== "unknown-entry")), [REPEAT]);
    assert.deepEqual(
      drift.map((f) => [f.line, f.severity, /`([^`]+)`/.exec(f.message)![1]]),
      [
        [2, "information", "image"],
        [3, "information", "role tool"],
        [24, "information", "paused"],
      ],
    );
    assert.equal(a.findings.length, 4);
  });

  it("a repeated call: only on the next assistant line, once per call; a line between, or another input, is no repeat", () => {
    const shell = (cmd: string) => JSON.stringify({ role: "assistant", message: { content: [{ type: "text", text: "[REDACTED]" }, { type: "tool_use", name: "Shell", input: { command: cmd } }] } });
    const user = JSON.stringify({ role: "user", message: { content: [{ type: "text", text: "<user_query>go</user_query>" }] } });
    const end = '{"type":"turn_ended","status":"success"}';
    const f = (ls: string[]) => analyze(ls.join("\n") + "\n").findings.filter((x) => x.code === "repeated-call").map((x) => x.line);
    assert.deepEqual(f([user, shell("a"), shell("a"), shell("a"), end]), [2, 3], "each repeat of the line before");
    assert.deepEqual(f([user, shell("a"), shell("b"), shell("a"), end]), [], "not the line before");
    assert.deepEqual(f([user, shell("a"), end, user, shell("a"), end]), [], "a new turn runs it again on purpose");
  });

  it("hostile lines cost a finding each, never a crash", () => {
    const bad = [
      '{"role":"assistant","message":{"content":"text"}}',
      '{"role":"assistant","message":{"content":[null,1,{"type":"tool_use"},{"type":"tool_use","name":7,"input":"x"},{"type":"text","text":5}]}}',
      '{"role":"user","message":{}}',
      '{"type":"turn_ended"}',
      '{"type":"turn_ended","status":{"a":1}}',
      '{"__proto__":{"x":1}}',
      "[1,2]",
      '"str"',
    ];
    const a = analyze(copy((ls) => [...ls.slice(0, 1), ...bad, ...ls.slice(1)]));
    assert.equal(a.session.format, AGENT);
    assert.ok(a.findings.length >= 5 && a.findings.length <= bad.length + 1, codes(a.findings).join());
    const calls2 = calls(a.before[1]);
    assert.deepEqual(
      calls2.map((c: any) => c.name),
      ["tool", "tool"],
      "a call without a string name is shown as `tool`",
    );
  });
});

describe("Cursor: a transcript being written (appends continue the analysis)", () => {
  it("each appended line is read alone and the context extended; findings (the open last turn, the repeated call) as a full read gives them", () => {
    const all = lines();
    let doc: ParsedText = parseText(all.slice(0, 5).join("\n") + "\n");
    let v: ContinuedAnalysis = continueAnalysis(doc, {});
    const shape = (a: ContinuedAnalysis["analysis"]) => ({ findings: a.findings.map((f) => `${f.line}:${f.code}:${f.message}`), before: a.before.map((m) => `${m.role}@${m.origin.kind === "entry" ? m.origin.line : ""}`) });
    for (let i = 5; i < all.length; i++) {
      doc = appendLine(doc, all[i] + "\n");
      v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
      assert.equal(v.stages.session, "appended", `line ${i + 1}`);
      assert.equal(v.stages.context, "extended", `line ${i + 1}`);
      assert.deepEqual(shape(v.analysis), shape(analyze(all.slice(0, i + 1).join("\n") + "\n")), `line ${i + 1}`);
    }
    assert.deepEqual(codes(v.analysis.findings), [REPEAT]);
  });
  it("a line of a kind not known is read with the whole file (its drift finding depends on the lines before)", () => {
    const all = lines();
    let doc: ParsedText = parseText(all.join("\n") + "\n");
    let v: ContinuedAnalysis = continueAnalysis(doc, {});
    doc = appendLine(doc, '{"kind":"unknown"}\n');
    v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
    assert.equal(v.stages.session, "read");
    assert.deepEqual(codes(v.analysis.findings), codes(analyze(all.join("\n") + '\n{"kind":"unknown"}\n').findings));
  });
});
