/**
 * What OpenClaw sends, against what it recorded and what a provider received: a session
 * openclaw@2026.7.35 wrote here against a scripted server (test/corpus/openclaw/openclaw-run-*,
 * SOURCES.md), with its trajectory and the request of its last run. The ids OpenClaw's replay
 * policy gives (formats/pi/openclaw/openclaw-tool-call-ids.ts) and the comparison with its
 * trajectory's `context.compiled` (openclaw-trajectory.ts, rules/recorded-context.ts).
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { isSessionFileName } from "../../server/src/engine/formats/registry.js";
import { openClawIdPolicy, openClawSentIds, sanitizedId } from "../../server/src/engine/formats/pi/openclaw/openclaw-tool-call-ids.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { readLastCompiledContext } from "../../server/src/engine/formats/pi/openclaw/openclaw-trajectory.js";
import { type Msg, toolCallsOf } from "../../server/src/engine/model/types.js";
import { optionsFor } from "../../server/src/cli/session-file.js";
import { type Analysis } from "../../server/src/engine/pipeline/analyze.js";
import { continueAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { parseText } from "../../server/src/engine/model/parse.js";
import { appendLine, editLine } from "../helpers/patch-doc.js";
import { CORPUS } from "../helpers/corpus.js";

const DIR = join(CORPUS, "openclaw");
const SESSION = "openclaw-run-oc-mock-session-1.jsonl";
const TRAJECTORY = "openclaw-run-oc-mock-session-1.trajectory.jsonl";
const text = readFileSync(join(DIR, SESSION), "utf8");
const request = JSON.parse(readFileSync(join(DIR, "openclaw-run-requests", "p5-request.json"), "utf8")).body;

/** Each message's role and ids: an assistant's calls, a result's call. */
const idsOf = (m: Msg) => (m.role === "assistant" ? `assistant ${toolCallsOf(m).map((c) => c.id).join(",")}` : m.role === "toolResult" ? `tool ${m.toolCallId}` : m.role);
const requestIds = (m: any) => (m.role === "assistant" ? `assistant ${(m.tool_calls ?? []).map((c: any) => c.id).join(",")}` : m.role === "tool" ? `tool ${m.tool_call_id}` : m.role);

const work = mkdtempSync(join(tmpdir(), "oc-trajectory-"));
after(() => rmSync(work, { recursive: true, force: true }));
/** The session in a folder of its own, with `trajectory` beside it (or none). */
function placed(name: string, trajectory?: string): string {
  const dir = mkdtempSync(join(work, `${name}-`));
  copyFileSync(join(DIR, SESSION), join(dir, SESSION));
  if (trajectory !== undefined) writeFileSync(join(dir, TRAJECTORY), trajectory);
  return join(dir, SESSION);
}
const realTrajectory = readFileSync(join(DIR, TRAJECTORY), "utf8");
/** The real trajectory with `edit` applied to its last `context.compiled` line. */
function editedLastCompiled(edit: (line: string) => string): string {
  const lines = realTrajectory.split("\n");
  let i = lines.length - 1;
  while (!lines[i].includes('"type":"context.compiled"')) i--;
  lines[i] = edit(lines[i]);
  return lines.join("\n");
}

describe("OpenClaw: the tool-call ids it sends (a session OpenClaw 2026.7.35 wrote, and the request it sent)", () => {
  it("the After column's calls and results carry the ids of the real request, message for message", () => {
    const a = analyze(text);
    assert.equal(a.session.format, "openclaw");
    // The request: the system prompt, then the history up to P5's prompt; the file goes on with P5's answer.
    const sent = request.messages.slice(1).map(requestIds);
    assert.deepEqual(a.after.slice(0, -1).map(idsOf), sent);
    assert.ok(sent.includes("assistant call12") && sent.includes("tool call22"), "the request renamed the reused ids");
  });

  it("the file keeps its raw ids: Before, hover and repairs read `call_1`", () => {
    const a = analyze(text);
    assert.deepEqual(a.before.filter((m) => m.role === "toolResult").map((m) => m.toolCallId), ["call_1", "call_2", "call_1", "call_1", "call_2"]);
    assert.equal(a.occurrences.byId.get("call_1")?.length, 3);
  });

  it("a reused id is no error: OpenClaw sends each occurrence with an id of its own", () => {
    const a = analyze(text);
    assert.deepEqual(a.findings.filter((f) => /colliding|duplicate/.test(f.code)).map((f) => f.code), []);
    assert.deepEqual(a.findings.map((f) => `${f.code}/${f.severity}`), ["partial-message/hint"]);
  });

  it("a pi file with the same lines keeps the reused ids (pi sends what it wrote)", () => {
    // OpenClaw's marks renamed (the entries and their links kept): the same lines as pi's own.
    const pi = text.replaceAll('"customType":"model-snapshot"', '"customType":"snapshot"').replaceAll('"customType":"openclaw:', '"customType":"x-');
    const a = analyze(pi);
    assert.equal(a.session.format, "pi");
    assert.ok(a.findings.some((f) => f.code === "colliding-id"));
  });

  it("the rewrite: by occurrence, a repeat in one message, strict9, a native Anthropic id, no policy", () => {
    const m = (role: string, extra: object) => ({ role, origin: { kind: "entry", line: 0, entryId: "x" }, ...extra }) as unknown as Msg;
    const call = (...ids: string[]) => m("assistant", { content: ids.map((id) => ({ type: "toolCall", id, name: "exec", arguments: {} })) });
    const result = (id: string) => m("toolResult", { toolCallId: id, content: [] });
    const strict = openClawIdPolicy("mock", "openai-completions")!;
    const out = openClawSentIds([call("call_1", "call_1"), result("call_1"), result("call_1"), call("call_1"), result("call_1"), result("orphan")], strict)!;
    assert.deepEqual(out.map(idsOf), ["assistant call1,call12", "tool call1", "tool call12", "assistant call13", "tool call13", `tool orphantoolresult1`]);
    const nine = openClawSentIds([call("call_abcdefghijk", "x")], openClawIdPolicy("mistral", "mistral-conversations")!)!;
    assert.deepEqual(toolCallsOf(nine[0]).map((c) => c.id.length), [9, 9]);
    assert.equal(sanitizedId("call_abcdefghijk", "strict9"), "callabcde");
    const anthropic = openClawSentIds([call("toolu_01A", "toolu_01A")], openClawIdPolicy("anthropic", "anthropic-messages")!)!;
    assert.equal(toolCallsOf(anthropic[0])[0].id, "toolu_01A");
    assert.equal(openClawIdPolicy("openai", "openai-responses"), null);
    assert.equal(openClawIdPolicy("custom", "some-other-api"), null);
  });
});

/** An OpenClaw session of pi's entries: a run's model snapshot, then the messages, chained. */
function openClawSession(messages: object[], snapshot = { provider: "mock", modelApi: "openai-completions", modelId: "m" }): string {
  const lines: object[] = [{ type: "session", version: 3, id: "s", timestamp: "2026-12-06T10:00:00.000Z", cwd: "/w" }];
  let parent: string | null = null;
  const add = (o: object) => {
    const id = `e${lines.length}`;
    lines.push({ ...o, id, parentId: parent, timestamp: "2026-12-06T10:00:01.000Z" });
    parent = id;
  };
  add({ type: "custom", customType: "model-snapshot", data: { timestamp: 1, ...snapshot } });
  for (const m of messages) add({ type: "message", message: m });
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}
const turn = (...ids: string[]) => ({ role: "assistant", content: ids.map((id) => ({ type: "toolCall", id, name: "exec", arguments: {} })), api: "openai-completions", provider: "mock", model: "m", stopReason: "toolUse" });
const answer = (id: string) => ({ role: "toolResult", toolCallId: id, toolName: "exec", content: [{ type: "text", text: "ok" }], isError: false });

describe("OpenClaw: the sent ids continue line by line", () => {
  it("the real session appended one line at a time, and a line edited in place: each continued analysis equals a fresh one", () => {
    const all = text.split("\n").filter((l) => l !== "");
    let doc = parseText(all.slice(0, 3).join("\n") + "\n");
    let v = continueAnalysis(doc, {});
    const ids = (a: Analysis) => a.after.map(idsOf);
    for (let i = 3; i < all.length; i++) {
      doc = appendLine(doc, all[i] + "\n");
      v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
      const fresh = analyze(all.slice(0, i + 1).join("\n") + "\n");
      assert.deepEqual(ids(v.analysis), ids(fresh), `after line ${i + 1}`);
      assert.deepEqual(v.analysis.findings.map((f) => `${f.line}:${f.code}`), fresh.findings.map((f) => `${f.line}:${f.code}`), `after line ${i + 1}`);
    }
    // P2's call (line 12) edited in place to answer with another raw id: the ids after it are given again.
    const line = all[11].replace('"id":"call_1"', '"id":"call_9"');
    const edited = all.map((l, i) => (i === 11 ? line : i === 12 ? l.replace('"toolCallId":"call_1"', '"toolCallId":"call_9"') : l));
    doc = editLine(editLine(doc, 11, edited[11]), 12, edited[12]);
    v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
    const fresh = analyze(edited.join("\n") + "\n");
    assert.deepEqual(ids(v.analysis), ids(fresh));
    // A result's text edited in place (the ids as they were): the sent messages before it are the same objects.
    const before = v.analysis.after;
    doc = editLine(doc, 17, all[17].replace("Command still running", "Command still running (edited)"));
    v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
    const kept = v.analysis.after.filter((m, i) => m === before[i]).length;
    assert.ok(kept >= v.analysis.after.length - 3, `${kept} of ${v.analysis.after.length} sent messages kept`);
    assert.ok(ids(fresh).includes("assistant call9") && ids(fresh).includes("assistant call12"), "call_1's third use is now its second");
  });
});

describe("OpenClaw: its leaf-row tree continues line by line", () => {
  for (const name of ["inspect-scout-fx-cfabe24d-8b34-4031-a393-689524b2028f.jsonl", "inspect-scout-lru-fa3418b0-4e73-4618-ad41-4e061bec3d94.jsonl"])
    it(`${name}: appended one line at a time, the leaf, the branch and the findings equal a fresh analysis's`, () => {
      const all = readFileSync(join(DIR, name), "utf8").split("\n").filter((l) => l !== "");
      let doc = parseText(all.slice(0, 2).join("\n") + "\n");
      let v = continueAnalysis(doc, {});
      let leafRows = 0;
      for (let i = 2; i < all.length; i++) {
        if (all[i].startsWith('{"type":"leaf"')) leafRows++;
        doc = appendLine(doc, all[i] + "\n");
        v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
        const fresh = analyze(all.slice(0, i + 1).join("\n") + "\n");
        assert.equal(v.analysis.session.leafId, fresh.session.leafId, `leaf after line ${i + 1}`);
        assert.deepEqual(v.analysis.session.branch.map((e) => e.line), fresh.session.branch.map((e) => e.line), `branch after line ${i + 1}`);
        assert.deepEqual(v.analysis.findings.map((f) => `${f.line}:${f.code}`), fresh.findings.map((f) => `${f.line}:${f.code}`), `findings after line ${i + 1}`);
      }
      assert.ok(leafRows > 0, "the file has leaf rows");
    });
});

describe("OpenClaw: whose policy, stand-ins, the view's rows (the review's cases)", () => {
  it("the provider's own plugin decides: OpenRouter, GitHub Copilot, opencode and Ollama's own api keep the ids; claude-cli keeps a native id; Vertex is no Google api of the fallback", () => {
    assert.equal(openClawIdPolicy("openrouter", "openai-completions", "openai/gpt-5"), null);
    assert.equal(openClawIdPolicy("openrouter", "openai-completions", "mistralai/devstral-medium")?.mode, "strict9");
    for (const p of ["github-copilot", "opencode", "opencode-go"]) assert.equal(openClawIdPolicy(p, "openai-completions"), null, p);
    assert.equal(openClawIdPolicy("ollama", "ollama"), null);
    assert.equal(openClawIdPolicy("ollama", "openai-completions")?.mode, "strict");
    assert.equal(openClawIdPolicy("claude-cli", "anthropic-messages")?.keepNativeAnthropic, true);
    assert.equal(openClawIdPolicy("custom", "google-vertex"), null);
    assert.equal(openClawIdPolicy("custom", "google-generative-ai")?.mode, "strict");
  });

  it("the run's model snapshot decides, not the last turn's provider: an OpenRouter run keeps a reused id", () => {
    const text = openClawSession([{ role: "user", content: "a" }, turn("call_1"), answer("call_1"), { role: "user", content: "b" }, turn("call_1"), answer("call_1")], { provider: "openrouter", modelApi: "openai-completions", modelId: "openai/gpt-5" });
    const a = analyze(text);
    assert.deepEqual(a.after.filter((m) => m.role === "toolResult").map((m) => m.toolCallId), ["call_1", "call_1"]);
    assert.ok(a.findings.some((f) => f.code === "colliding-id"), "OpenClaw sends the reused id: the finding stays");
  });

  it("a stand-in result takes the id of its own call: two calls of one id without results", () => {
    const a = analyze(openClawSession([{ role: "user", content: "a" }, turn("call_1", "call_1"), { role: "user", content: "b" }]));
    assert.deepEqual(a.after.map((m) => (m.role === "assistant" ? toolCallsOf(m).map((c) => c.id).join(",") : m.role === "toolResult" ? `R ${m.toolCallId}` : m.role)), ["user", "call1,call12", "R call1", "R call12", "user"]);
  });

  it("a renamed result in After is the row of its Before message (the view's keys hold the file's id)", () => {
    const v = buildRenderView(analyze(text), "file:///s.jsonl", 1);
    const keys = new Set(v.before.map((m) => m.key));
    const renamed = v.after.filter((m) => m.toolCallId && m.toolCallId !== "call_1" && m.toolCallId !== "call_2");
    assert.ok(renamed.length >= 5);
    for (const m of renamed) assert.ok(m.beforeKey && keys.has(m.beforeKey), `${m.toolCallId} line ${m.line}: ${m.beforeKey}`);
  });
});

describe("OpenClaw: its trajectory beside the session, a recorded After", () => {
  it("the last `context.compiled` is read: 16 messages compiled when `f6666688` was the leaf", () => {
    const r = readLastCompiledContext(realTrajectory);
    assert.ok(r.ok);
    assert.equal(r.record.line, 30);
    assert.equal(r.record.leafId, "f6666688");
    assert.equal(r.record.messages.length, 16);
    assert.equal(r.record.prompt, "[P5] Are you still there? Just answer briefly.");
  });

  it("it agrees with the After column up to that leaf: no finding, the comparison says so", () => {
    const path = placed("agrees", realTrajectory);
    const a = analyze(readFileSync(path, "utf8"), optionsFor(path));
    assert.ok(a.recorded);
    assert.equal(a.recorded.file, TRAJECTORY);
    assert.equal(a.recorded.leafLine, 24);
    assert.deepEqual([a.recorded.recorded, a.recorded.modelled, a.recorded.agree, a.recorded.difference], [16, 16, 16, undefined]);
    assert.deepEqual(a.findings.map((f) => f.code), ["partial-message"]);
  });

  it("a record that differs (an id as the file wrote it) is one information finding where they part", () => {
    const path = placed("differs", editedLastCompiled((l) => l.replace('"id":"call13"', '"id":"call_1"')));
    const a = analyze(readFileSync(path, "utf8"), optionsFor(path));
    const f = a.findings.filter((x) => x.code === "recorded-context-differs");
    assert.equal(f.length, 1);
    assert.equal(f[0].severity, "information");
    assert.equal(f[0].line, 16);
    assert.match(f[0].message, /^OpenClaw recorded a different context from the one modelled here\. /);
    assert.match(f[0].message, /agrees on the first 10; message 11: the record's calls are `call_1 \(exec\)`, the model's `call13 \(exec\)`/);
  });

  it("a record OpenClaw cut at 64 messages is compared on what it kept", () => {
    const path = placed("cut", editedLastCompiled((l) => {
      const v = JSON.parse(l);
      v.data.messages = [...v.data.messages.slice(0, 5), { truncated: true, reason: "trajectory-array-size-limit" }];
      return JSON.stringify(v);
    }));
    const a = analyze(readFileSync(path, "utf8"), optionsFor(path));
    assert.deepEqual([a.recorded?.recorded, a.recorded?.agree, a.recorded?.cut, a.recorded?.difference], [5, 5, "trajectory-array-size-limit", undefined]);
    assert.ok(!a.findings.some((f) => f.code.startsWith("recorded-")));
  });

  it("a trajectory with no `context.compiled`, or not JSON, is one information finding, never a crash", () => {
    for (const bad of ["", "not json\n", '{"traceSchema":"openclaw-trajectory","type":"session.started"}\n', '{"type":"context.compiled","traceSchema":"x","data":{}}\n', '{"type":"context.compiled","traceSchema":"openclaw-trajectory","data":{"truncated":true}}\n']) {
      const path = placed("bad", bad);
      const a = analyze(readFileSync(path, "utf8"), optionsFor(path));
      const f = a.findings.filter((x) => x.code.startsWith("recorded-"));
      assert.deepEqual(f.map((x) => `${x.code}/${x.severity}`), ["recorded-context-invalid/information"], JSON.stringify(bad));
      assert.equal(a.recorded, undefined);
    }
  });

  it("a record compiled on another branch (its leaf not on the branch shown) is not compared", () => {
    // P5's prompt (line 26) moved under P2's answer (line 14): the record's leaf (line 25) is on a side branch.
    const lines = text.split("\n");
    const v = JSON.parse(lines[25]);
    v.parentId = "8c87b9d7";
    lines[25] = JSON.stringify(v);
    const a = analyze(lines.join("\n"), { recording: { text: realTrajectory, name: TRAJECTORY } });
    assert.equal(a.recorded?.elsewhere, true);
    assert.ok(!a.findings.some((f) => f.code.startsWith("recorded-")));
  });

  it("no trajectory: nothing compared, nothing said", () => {
    const path = placed("none");
    const a = analyze(readFileSync(path, "utf8"), optionsFor(path));
    assert.equal(a.recorded, undefined);
  });

  it("a trajectory is no session file: a folder's walk leaves it out", () => {
    assert.equal(isSessionFileName(TRAJECTORY), false);
    assert.equal(isSessionFileName(SESSION), true);
  });
});
