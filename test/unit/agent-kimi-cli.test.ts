/**
 * Kimi CLI (MoonshotAI/kimi-cli): the real context files of test/corpus/kimi-cli (an SWE-bench
 * run its maintainers committed, and the two sub-agents' files), read, resumed and checked; and
 * damaged copies of them (the crash that leaves a call without its results, arguments that are
 * not JSON, a result moved away from its call, lines the loader skips) with the findings and the
 * repair they get. The reading follows kimi-cli 1.49.0's `Context.restore` and `normalize_history`
 * (formats/kimi-cli/).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { detectFormat, formatProfile } from "../../server/src/engine/formats/registry.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { type Finding, type Msg, toolCallsOf } from "../../server/src/engine/model/types.js";
import { textOf } from "../../server/src/engine/formats/message-text.js";
import { recordedUsage } from "../../server/src/engine/session/recorded-usage.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { checkJson, renderJson } from "../../server/src/presentation/report.js";
import { standardRoots } from "../../server/src/library/folders.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { shownFindings } from "../../server/src/presentation/shown-findings.js";
import { CORPUS } from "../helpers/corpus.js";
import { PI_WORD } from "../helpers/real-corpus.js";
import { checkEachRepair, checkFixAll, damage, damageArb, head } from "../helpers/repair-properties.js";
import fc from "fast-check";
import { editLine } from "../helpers/patch-doc.js";

const AGENT = "kimi-cli";
const MAIN = "moonshot-sklearn-26323.jsonl";

const corpus = (name: string) => readFileSync(join(CORPUS, AGENT, name), "utf8");
/** The file's lines, each with its line feed. */
const linesOf = (text: string) => text.split(/(?<=\n)/);
const codesAt = (findings: readonly Finding[]) => findings.map((f) => `${f.code}@${f.line + 1}`).sort();
const roles = (ms: readonly Msg[]) => {
  const out: Record<string, number> = {};
  for (const m of ms) out[m.role] = (out[m.role] ?? 0) + 1;
  return out;
};

describe("Kimi CLI: the real context files", () => {
  const counts: Record<string, { lines: number; before: Record<string, number>; calls: number; markers: [number, number] }> = {
    [MAIN]: { lines: 141, before: { user: 1, assistant: 28, toolResult: 27 }, calls: 27, markers: [29, 56] },
    "moonshot-sklearn-26323_read_1.jsonl": { lines: 76, before: { user: 1, assistant: 15, toolResult: 14 }, calls: 14, markers: [16, 30] },
    "moonshot-sklearn-26323_read_2.jsonl": { lines: 91, before: { user: 1, assistant: 18, toolResult: 17 }, calls: 17, markers: [19, 36] },
  };
  for (const [name, want] of Object.entries(counts))
    it(`${name}: ${want.before.assistant} assistant messages, ${want.calls} calls each answered, no findings`, () => {
      const text = corpus(name);
      const a = analyze(text);
      assert.equal(a.session.format, AGENT);
      assert.equal(a.session.entries.length, want.lines, "one entry per line");
      assert.deepEqual(roles(a.before), want.before);
      const calls = a.before.flatMap((m) => toolCallsOf(m));
      assert.equal(calls.length, want.calls);
      // each call's result is the tool message right after it, with its id
      a.before.forEach((m, i) => {
        for (const c of toolCallsOf(m)) assert.equal(a.before[i + 1]?.toolCallId, c.id, `${c.id} answered next`);
      });
      const markers = a.session.entries.filter((e) => e.type === "_checkpoint").length;
      const usage = a.session.entries.filter((e) => e.type === "_usage").length;
      assert.deepEqual([markers, usage], want.markers);
      assert.deepEqual(codesAt(a.findings), []);
      assert.deepEqual(checkJson(name, a).findings, []);
      assert.equal(renderJson(name, a).format, AGENT);
      // After: what Kimi CLI sends is the messages as they are (one prompt: nothing to merge)
      assert.equal(a.after, a.before);
      assert.equal(a.afterModel.kind, "agent-resume");
      assert.match(a.afterModel.label, /Kimi CLI 1\.49\.0 sends on resume/);
      // nothing to repair
      assert.equal(fixAll(text).text, text);
    });

  it("the main file: its first call and its last answer as read", () => {
    const a = analyze(corpus(MAIN));
    const first = a.before.find((m) => toolCallsOf(m).length > 0)!;
    const call = toolCallsOf(first)[0] as any;
    assert.equal(call.id, "Think:0");
    assert.equal(call.name, "Think");
    assert.equal(typeof call.arguments.thought, "string", "the arguments string is read as the object it encodes");
    assert.deepEqual(call.path, ["tool_calls", 0, "id"]);
    const result = a.before[a.before.indexOf(first) + 1];
    assert.equal(result.role, "toolResult");
    assert.equal(textOf(result.content), "<system>Thought logged</system>");
    assert.deepEqual(result.resultPath, ["tool_call_id"]);
    const last = a.before[a.before.length - 1];
    assert.equal(last.role, "assistant");
    assert.equal(toolCallsOf(last).length, 0);
  });

  it("no recorded usage: `_usage` lines are the context's size, not a response's tokens", () => {
    const u = recordedUsage(AGENT, parseText(corpus(MAIN)).lines.held);
    assert.equal(u.records.length, 0);
  });

  it("detection: from a marker line or a message line; not a line of another agent", () => {
    const detect = (...objs: object[]) => detectFormat(parseText(objs.map((o) => JSON.stringify(o)).join("\n") + "\n").lines.held);
    assert.equal(detect({ role: "_checkpoint", id: 0 }), AGENT);
    assert.equal(detect({ role: "_system_prompt", content: "You are Kimi." }), AGENT);
    assert.equal(detect({ role: "user", content: "hi" }, { role: "_usage", token_count: 10 }), AGENT);
    assert.equal(detect({ role: "user", content: [{ type: "text", text: "hi" }] }), AGENT);
    assert.equal(detect({ type: "message", role: "user", content: [] }), "unknown", "a line with a `type` is another agent's");
    assert.equal(detect({ role: "user", content: "hi", timestamp: 1 }), "unknown", "a field kosong does not write");
  });

  it("the library looks in ~/.kimi/sessions, or $KIMI_SHARE_DIR/sessions", () => {
    assert.ok(standardRoots("/h", {}).some((r) => r.agent === AGENT && r.path === "/h/.kimi/sessions"));
    assert.ok(standardRoots("/h", { KIMI_SHARE_DIR: "/k" }).some((r) => r.agent === AGENT && r.path === "/k/sessions"));
  });
});

/** The main file cut after the last call's line (and the `_usage` line Kimi writes after it): its result lost in a crash. */
function crashCopy(): { text: string; callLine: number; id: string } {
  const lines = linesOf(corpus(MAIN));
  let k = -1;
  lines.forEach((l, i) => {
    if (JSON.parse(l).tool_calls) k = i;
  });
  const id = JSON.parse(lines[k]).tool_calls[0].id;
  return { text: lines.slice(0, k + 2).join(""), callLine: k, id };
}

describe("Kimi CLI: damaged copies", () => {
  it("a crash between a call and its result: an error naming Kimi CLI and the provider's 400", () => {
    const { text, callLine, id } = crashCopy();
    assert.equal(id, "Bash:26");
    const a = analyze(text);
    assert.deepEqual(codesAt(a.findings), [`dangling-call@${callLine + 1}`]);
    const f = a.findings[0];
    assert.equal(f.severity, "error");
    assert.equal(f.toolCallId, id);
    assert.deepEqual(f.path, ["tool_calls", 0, "id"]);
    assert.match(f.message, /Kimi CLI sends it on resume as it is/);
    assert.ok(f.message.includes(`The following tool_call_ids did not have response messages: ${id}`), f.message);
    assert.ok(!PI_WORD.test(f.message), "never speaks of pi");
    // After: the call is sent without a result (nothing made up)
    assert.ok(!a.after.some((m) => m.origin.kind === "synthetic"));
    assert.equal(a.after[a.after.length - 1].role, "assistant");
    // the provider rules agree: the last call is not in flight, Kimi (the detected target) rejects it
    const pv = providerVerdicts(a);
    assert.equal(pv.target, "kimi");
    assert.equal(pv.verdicts.kimi.rejects, true);
    assert.deepEqual(pv.findings.map((x) => `${x.code}@${x.line + 1}`), [`dangling-call@${callLine + 1}`]);
    // one problem, one finding: the provider's note joins Kimi CLI's
    const shown = shownFindings(a, pv);
    assert.deepEqual(codesAt(shown), [`dangling-call@${callLine + 1}`]);
    assert.equal(shown[0].severity, "error");
    // repaired, nothing is rejected any more
    assert.equal(providerVerdicts(analyze(fixAll(text).text)).verdicts.kimi.rejects, false);
  });

  it("the crash repaired: a marked error result after the call's step, in Kimi's line style; clean, idempotent, every other byte kept", () => {
    const { text, callLine, id } = crashCopy();
    const fixed = fixAll(text);
    assert.equal(fixed.done.get("insert-missing-result"), 1);
    const before = linesOf(text);
    const after = linesOf(fixed.text);
    assert.equal(after.length, before.length + 1);
    // after the `_usage` line that follows the call: where Kimi CLI writes a step's tool messages (`_grow_context`)
    assert.equal(JSON.parse(before[callLine + 1]).role, "_usage");
    assert.deepEqual(after.slice(0, before.length), before, "only a line added, after the call's step");
    const inserted = after[callLine + 2];
    assert.ok(inserted.startsWith(`{"role":"tool","content":[{"type":"text","text":"<system>ERROR: `), inserted);
    assert.ok(inserted.endsWith(`"tool_call_id":"${id}"}\n`), inserted);
    assert.match(JSON.parse(inserted).content[0].text, /written by Transcript Inspector's repair/);
    const b = analyze(fixed.text);
    assert.deepEqual(codesAt(b.findings), []);
    assert.equal(b.before[b.before.length - 1].toolCallId, id);
    assert.equal(fixAll(fixed.text).text, fixed.text, "idempotent");
  });

  it("a call of several whose results are cut: each unanswered call reported, each answered by the repair", () => {
    const lines = [
      JSON.stringify({ role: "_checkpoint", id: 0 }),
      JSON.stringify({ role: "user", content: "look" }),
      JSON.stringify({ role: "assistant", content: [{ type: "text", text: "two" }], tool_calls: [{ type: "function", id: "Glob:0", function: { name: "Glob", arguments: "{}" } }, { type: "function", id: "Grep:1", function: { name: "Grep", arguments: '{"pattern":"x"}' } }] }),
      JSON.stringify({ role: "tool", content: [{ type: "text", text: "a.py" }], tool_call_id: "Glob:0" }),
    ];
    const text = lines.join("\n") + "\n";
    const a = analyze(text);
    assert.deepEqual(a.findings.map((f) => `${f.code}:${f.toolCallId}:${f.severity}`), ["dangling-call:Grep:1:error"]);
    const fixed = fixAll(text);
    assert.equal(fixed.done.get("insert-missing-result"), 1);
    assert.deepEqual(codesAt(analyze(fixed.text).findings), []);
  });

  it("arguments that are not JSON: malformed-arguments, an error; no repair offered", () => {
    const lines = linesOf(corpus(MAIN));
    const k = lines.findIndex((l) => l.includes('"id":"Bash:'));
    const v = JSON.parse(lines[k]);
    v.tool_calls[0].function.arguments = v.tool_calls[0].function.arguments.slice(0, -2); // cut off: an unterminated string
    lines[k] = JSON.stringify(v) + "\n";
    const text = lines.join("");
    const a = analyze(text);
    assert.deepEqual(codesAt(a.findings), [`malformed-arguments@${k + 1}`]);
    const f = a.findings[0];
    assert.equal(f.severity, "error");
    assert.deepEqual(f.path, ["tool_calls", 0, "function", "arguments"]);
    assert.match(f.message, /Kimi CLI keeps them in its history and sends them as they are/);
    assert.match(f.message, /MoonshotAI\/kimi-cli #2165/);
    assert.equal(fixAll(text).text, text);
  });

  it("a result moved after the next message: its call is dangling, the result answers no call", () => {
    const lines = linesOf(corpus(MAIN));
    const k = lines.findIndex((l) => l.includes('"tool_call_id":"Think:0"'));
    const moved = [...lines.slice(0, k), ...lines.slice(k + 1, k + 4), lines[k], ...lines.slice(k + 4)];
    // the line after the result: _checkpoint, _usage, then the next assistant message
    assert.equal(JSON.parse(moved[k + 2]).role, "assistant");
    const a = analyze(moved.join(""));
    const codes = a.findings.map((f) => `${f.code}:${f.toolCallId}`).sort();
    assert.ok(codes.includes("dangling-call:Think:0"), codes.join());
    assert.ok(codes.includes("orphan-result:Think:0"), codes.join());
    assert.ok(a.findings.every((f) => f.message.includes("Kimi CLI")), "in Kimi CLI's words");
  });

  it("an unknown role and an unknown part type: one information finding per kind, the lines kept; other skipped lines a warning", () => {
    const lines = [
      JSON.stringify({ role: "_checkpoint", id: 0 }),
      JSON.stringify({ role: "user", content: "hi" }),
      JSON.stringify({ role: "_future", data: 1 }),
      JSON.stringify({ role: "_future", data: 2 }),
      JSON.stringify({ role: "assistant", content: [{ type: "hologram", x: 1 }, { type: "text", text: "hello" }] }),
      JSON.stringify({ role: "assistant", content: [{ type: "hologram", x: 2 }] }),
      JSON.stringify({ role: "_usage", token_count: "many" }),
      JSON.stringify({ content: "no role" }),
    ];
    const a = analyze(lines.join("\n") + "\n");
    assert.deepEqual(
      a.findings.map((f) => `${f.code}@${f.line + 1}:${f.severity}`),
      ["unknown-entry@3:information", "unknown-entry@5:information", "unknown-entry@7:warning", "unknown-entry@8:warning"],
    );
    assert.match(a.findings[0].message, /Kimi CLI message role `_future` is not known to this version/);
    assert.match(a.findings[1].message, /Kimi CLI content part type `hologram` is not known to this version/);
    assert.match(a.findings[2].message, /Kimi CLI skips this line .*invalid usage line/);
    assert.equal(a.session.entries.filter((e) => e.type === "_future").length, 2);
    assert.equal(a.before.filter((m) => m.role === "assistant").length, 2, "the messages with an unknown part are kept");
  });

  it("adjacent user messages are merged in After (normalize_history); a notification is not", () => {
    const lines = [
      JSON.stringify({ role: "_system_prompt", content: "You are Kimi." }),
      JSON.stringify({ role: "user", content: "one" }),
      JSON.stringify({ role: "user", content: [{ type: "text", text: "<system-reminder>\nplan mode\n</system-reminder>" }] }),
      JSON.stringify({ role: "assistant", content: "ok" }),
      JSON.stringify({ role: "user", content: "<notification id=1>done</notification>" }),
      JSON.stringify({ role: "user", content: "two" }),
    ];
    const a = analyze(lines.join("\n") + "\n");
    assert.deepEqual(codesAt(a.findings), []);
    assert.deepEqual(a.before.map((m) => m.role), ["user", "user", "assistant", "user", "user"], "the system prompt is not in Before");
    assert.deepEqual(a.after.map((m) => `${m.role}:${textOf(m.content).length}`), ["user:50", "assistant:2", "user:38", "user:3"]);
    assert.deepEqual(a.after[0].sourceLines, [1, 2]);
    assert.match(a.afterModel.label, /adjacent user messages merged/);
    const context = formatProfile(AGENT)!.buildContext(a.session.branch);
    assert.equal(context[0].role, "system");
    assert.equal(textOf(context[0].content), "You are Kimi.");
  });
});

describe("Kimi CLI: appends continue the analysis", () => {
  function appendText(parsed: ParsedText, text: string): ParsedText {
    const n = parsed.lines.length;
    return patchLines(parsed, [{ range: { start: { line: n, character: 0 }, end: { line: n, character: 0 } }, text }])!;
  }
  const joined = (parsed: ParsedText) => [...parsed.lines.all()].map((l) => l.text + l.eol).join("");
  const next = (prev: ContinuedAnalysis, parsed: ParsedText) => continueAnalysis(parsed, {}, { checkpoint: prev.checkpoint, analysis: prev.analysis });
  const shape = (a: ContinuedAnalysis["analysis"]) => {
    const col = (ms: readonly Msg[]) => ms.map((m) => `${m.role}@${m.origin.kind === "entry" ? m.origin.line : m.origin.synthetic}:${m.toolCallId ?? ""}:${textOf(m.content).length}`);
    return { format: a.session.format, findings: a.findings.map((f) => `${f.line}:${f.code}:${f.severity}:${f.message}`), before: col(a.before), after: col(a.after) };
  };

  it("one line or three at a time, to what a fresh analysis gives (the first 40 lines of the real file, then a crash's cut and a drift line)", () => {
    const real = linesOf(corpus(MAIN)).slice(0, 40);
    const extra = [JSON.stringify({ role: "_future", x: 1 }) + "\n", JSON.stringify({ role: "assistant", content: "x", tool_calls: [{ type: "function", id: "Bash:99", function: { name: "Bash", arguments: "{" } }] }) + "\n"];
    const all = [...real, ...extra];
    for (const step of [1, 3]) {
      let doc = parseText(all[0]);
      let v = continueAnalysis(doc, {});
      const stages = new Set<string>();
      for (let k = 1; k < all.length; k += step) {
        doc = appendText(doc, all.slice(k, k + step).join(""));
        v = next(v, doc);
        stages.add(v.stages.session);
        assert.deepEqual(shape(v.analysis), shape(analyze(joined(doc))), `after line ${Math.min(k + step, all.length)}`);
      }
      assert.ok(stages.has("appended"), `appends continue (${[...stages]})`);
      // line 40 of the real file is a call whose result is on line 41, left out here
      assert.deepEqual(codesAt(v.analysis.findings), ["dangling-call@40", `dangling-call@${all.length}`, `malformed-arguments@${all.length}`, `unknown-entry@${all.length - 1}`]);
    }
  });
});

describe("Kimi CLI: edits in place continue the analysis", () => {
  const joined = (parsed: ParsedText) => [...parsed.lines.all()].map((l) => l.text + l.eol).join("");
  const findings = (a: ContinuedAnalysis["analysis"]) => a.findings.map((f) => `${f.line}:${f.code}:${f.severity}:${f.message}`);
  it("an edited prompt, a call's arguments broken and mended: the session continued, as a fresh analysis gives it", () => {
    let doc = parseText(linesOf(corpus(MAIN)).slice(0, 30).join(""));
    let v = continueAnalysis(doc, {});
    const base = codesAt(v.analysis.findings); // the cut: line 30 is a call whose result is on line 32
    assert.deepEqual(base, ["dangling-call@30"]);
    const edit = (line: number, change: (o: any) => void) => {
      const o = JSON.parse(doc.lines.at(line)!.text);
      change(o);
      doc = editLine(doc, line, JSON.stringify(o));
      v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
      const fresh = analyze(joined(doc));
      assert.deepEqual(findings(v.analysis), findings(fresh));
      assert.deepEqual(v.analysis.after.map((m) => textOf(m.content).length), fresh.after.map((m) => textOf(m.content).length));
    };
    edit(1, (o) => (o.content = "fix the remainder"));
    assert.equal(v.stages.session, "edited");
    assert.equal(textOf(v.analysis.before[0].content), "fix the remainder");
    edit(4, (o) => (o.tool_calls[0].function.arguments = "{"));
    assert.deepEqual(codesAt(v.analysis.findings), [...base, "malformed-arguments@5"]);
    edit(4, (o) => (o.tool_calls[0].function.arguments = "{}"));
    assert.deepEqual(codesAt(v.analysis.findings), base);
  });
});

describe("Kimi CLI: the repairs' properties (bounded: fixed seed)", () => {
  // dropped lines (a call's result, a call), duplicated lines (a result twice, a call id reused),
  // malformed lines, line ends: every quick fix and fix-all byte-exact, clean afterwards, idempotent
  const heads = [head(corpus(MAIN), 60), head(corpus("moonshot-sklearn-26323_read_2.jsonl"), 40), crashCopy().text];
  it("every quick fix and fix-all on damaged copies of the real files", () => {
    for (const [k, text] of heads.entries()) {
      checkEachRepair(text);
      checkFixAll(text);
      fc.assert(
        fc.property(fc.array(damageArb, { minLength: 1, maxLength: 3 }), (ds) => {
          const t = damage(text, ds);
          checkEachRepair(t);
          checkFixAll(t);
        }),
        { seed: 2500 + k, numRuns: 40 },
      );
    }
  });
});
