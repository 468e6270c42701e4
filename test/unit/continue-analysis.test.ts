/**
 * Issue 20, item 3: continuing an analysis is the engine's job (incremental/continue-analysis.ts).
 * These tests say which stages re-ran after an append or an edit, per format (as rust-analyzer's
 * incremental tests assert which queries re-executed), beside the property tests that compare
 * continued analyses with fresh ones.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { codexHistoryStage } from "../../server/src/engine/formats/codex/codex-history.js";
import { ccSession, codexSession, cxCall, cxOut, cxReasoning, cxSay, cxUser, text, toolResult, toolUse } from "../helpers/provider-sessions.js";
import { entryOf, sessionText } from "../helpers/session-builder.js";
import { analysisShape, verdictShape } from "../helpers/analysis-shape.js";
import { appendLine as append, editLine as edit } from "../helpers/patch-doc.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";

function next(prev: ContinuedAnalysis, parsed: ParsedText): ContinuedAnalysis {
  return continueAnalysis(parsed, {}, { checkpoint: prev.checkpoint, analysis: prev.analysis });
}

/** What a user sees of an analysis: findings, and the columns by origin. */
function shape(a: ContinuedAnalysis["analysis"]) {
  const col = (ms: typeof a.before) => ms.map((m) => `${m.role}@${m.origin.kind === "entry" ? m.origin.line : m.origin.synthetic}:${m.toolCallId ?? ""}`);
  return { format: a.session.format, findings: a.findings.map((f) => `${f.line}:${f.code}:${f.message}`), before: col(a.before), after: col(a.after), usage: a.usage.totals };
}

function join(parsed: ParsedText): string {
  return [...parsed.lines.all()].map((l) => l.text + l.eol).join("");
}

describe("which stages re-run after a change (issue 20)", () => {
  it("pi: an append reads one line and continues the session, context, occurrences and usage; an edit of a message reads one line", () => {
    const text = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }]);
    let doc = parseText(text);
    let v = continueAnalysis(doc, {});
    assert.equal(v.stages.session, "read");
    doc = append(doc, JSON.stringify(entryOf({ assistant: 4, text: "more" }, "e4", "e3")) + "\n");
    v = next(v, doc);
    assert.deepEqual(v.stages, { session: "appended", context: "extended", occurrences: "extended", usage: "continued", linesRead: 1 });
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
    doc = edit(doc, 2, JSON.stringify(entryOf({ assistant: 2, calls: ["a_1"], text: "edited" }, "e2", "e1")));
    v = next(v, doc);
    assert.equal(v.stages.session, "edited");
    assert.equal(v.stages.context, "edited");
    assert.equal(v.stages.linesRead, 1);
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
  });
  it("Codex: an append reads one line and continues the session and the context", () => {
    let doc = parseText(codexSession([cxUser("hi"), cxReasoning("enc"), cxCall("c1"), cxOut("c1")]));
    let v = continueAnalysis(doc, {});
    doc = append(doc, JSON.stringify({ timestamp: "2026-01-01T00:01:00.000Z", type: "response_item", payload: cxSay("done") }) + "\n");
    v = next(v, doc);
    assert.equal(v.stages.session, "appended");
    assert.equal(v.stages.context, "extended");
    assert.equal(v.stages.linesRead, 1);
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
  });
  it("Codex: an edit in place reads one line and continues the session, the context, the occurrences and what Codex sends on resume; a pending call's output continues it too", () => {
    let doc = parseText(codexSession([cxUser("hi"), cxReasoning("enc"), cxCall("c1"), cxOut("c1"), cxSay("done"), cxUser("more"), cxCall("c2")]));
    let v = continueAnalysis(doc, {});
    assert.equal(codexHistoryStage(v.analysis.session), "read");
    // The output's text edited (line 5: the session_meta is line 1).
    doc = edit(doc, 4, JSON.stringify({ timestamp: "2026-01-01T00:00:04.000Z", type: "response_item", payload: { ...cxOut("c1"), output: "edited" } }));
    v = next(v, doc);
    assert.equal(v.stages.session, "edited");
    assert.equal(v.stages.context, "edited");
    assert.equal(v.stages.occurrences, "remapped");
    assert.equal(v.stages.linesRead, 1);
    assert.equal(codexHistoryStage(v.analysis.session), "continued");
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
    // The pending call c2 (a made-up "aborted" output in After) gets its output appended.
    assert.ok(v.analysis.findings.some((f) => f.code === "pending-call"));
    doc = append(doc, JSON.stringify({ timestamp: "2026-01-01T00:01:00.000Z", type: "response_item", payload: cxOut("c2") }) + "\n");
    v = next(v, doc);
    assert.equal(v.stages.session, "appended");
    assert.equal(codexHistoryStage(v.analysis.session), "continued");
    assert.ok(!v.analysis.findings.some((f) => f.code === "pending-call"));
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
    // A user message made an assistant one merges with the reasoning after it: the context is built again.
    doc = edit(doc, 6, JSON.stringify({ timestamp: "2026-01-01T00:00:06.000Z", type: "response_item", payload: cxSay("more") }));
    v = next(v, doc);
    assert.equal(v.stages.session, "edited");
    assert.equal(v.stages.context, "built");
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
    // A compaction appended: what Codex sends is read from the whole file again.
    doc = append(doc, JSON.stringify({ timestamp: "2026-01-01T00:02:00.000Z", type: "compacted", payload: { message: "summary" } }) + "\n");
    v = next(v, doc);
    assert.equal(v.stages.session, "appended");
    assert.equal(codexHistoryStage(v.analysis.session), "read");
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
  });
  it("Claude Code: an append reads one line and continues the session and the context; a line of the streamed response reads the context again", () => {
    let doc = parseText(ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_1")] }, { user: [toolResult("toolu_1")] }]));
    let v = continueAnalysis(doc, {});
    const line = (o: Record<string, unknown>) => JSON.stringify({ sessionId: "cc", isSidechain: false, ...o }) + "\n";
    doc = append(doc, line({ type: "assistant", uuid: "u4", parentUuid: "u3", timestamp: "2026-01-01T00:00:04.000Z", message: { id: "msg_4", role: "assistant", content: [text("done")], stop_reason: "end_turn" } }));
    v = next(v, doc);
    assert.equal(v.stages.session, "appended");
    assert.equal(v.stages.context, "extended");
    assert.equal(v.stages.linesRead, 1);
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
    // The same response streamed on: its message changes, so the context is built again (the session still continues).
    doc = append(doc, line({ type: "assistant", uuid: "u5", parentUuid: "u4", timestamp: "2026-01-01T00:00:05.000Z", message: { id: "msg_4", role: "assistant", content: [text("more")], stop_reason: "end_turn" } }));
    v = next(v, doc);
    assert.equal(v.stages.session, "appended");
    assert.equal(v.stages.context, "built");
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
    // A compact boundary linked by logicalParentUuid is read with the whole file.
    doc = append(doc, line({ type: "system", subtype: "compact_boundary", uuid: "u6", parentUuid: null, logicalParentUuid: "u5", timestamp: "2026-01-01T00:00:06.000Z", content: "Conversation compacted" }));
    v = next(v, doc);
    assert.equal(v.stages.session, "read");
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
  });
  it("a change that is neither reads the session in full", () => {
    let doc = parseText(sessionText([{ user: 1 }, { assistant: 2, text: "a" }]));
    let v = continueAnalysis(doc, {});
    doc = edit(doc, 1, JSON.stringify(entryOf({ user: 1 }, "e9", null))); // an entry's id changes
    v = next(v, doc);
    assert.equal(v.stages.session, "read");
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
  });
});

describe("continued analyses equal fresh ones (property, bounded)", () => {
  const item = fc.oneof(
    fc.constant(cxUser("again")),
    fc.constant(cxSay("ok")),
    fc.constant(cxReasoning("enc")),
    fc.integer({ min: 1, max: 4 }).map((k) => cxCall(`c${k}`)),
    fc.integer({ min: 1, max: 4 }).map((k) => cxOut(`c${k}`)),
    fc.constant({ type: "ghost_snapshot" }),
  );
  it("Codex: random appends, one line or several at a time", () => {
    fc.assert(
      fc.property(fc.array(fc.array(item, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }), (batches) => {
        let doc = parseText(codexSession([cxUser("hi")]));
        let v = continueAnalysis(doc, {});
        let t = 100;
        for (const batch of batches) {
          doc = append(doc, batch.map((p) => JSON.stringify({ timestamp: new Date(Date.UTC(2026, 0, 1, 1, 0, t++)).toISOString(), type: "response_item", payload: p }) + "\n").join(""));
          v = next(v, doc);
          assert.equal(v.stages.session, "appended");
          assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
        }
      }),
      { seed: 2020, numRuns: 150 },
    );
  });

  // Claude Code: the reading (leaf, walk, recovery, what is sent on resume) may read any line, so
  // the appends mix what changes it: branches, sidechain and progress lines, a streamed response
  // (one message.id over lines), results out of place, attachments, compact boundaries, summary,
  // null and malformed lines, parents that are missing.
  type CcOp = { kind: string; parent: number; k: number; same: boolean };
  const ccOp = fc.record({
    kind: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom("user", "say", "call", "result") },
      { weight: 3, arbitrary: fc.constantFrom("progress", "sidechain", "attachment", "local", "thinking") },
      { weight: 1, arbitrary: fc.constantFrom("boundary", "summary", "null", "bad", "no-uuid") },
    ),
    // 0-5: the line before (the usual append); 6-8: an earlier line (a branch); 9: a missing parent.
    parent: fc.integer({ min: 0, max: 9 }),
    k: fc.integer({ min: 1, max: 3 }),
    same: fc.boolean(),
  });
  it("Claude Code: random appends, one line or several at a time, in both readings", (t) => {
    let appended = 0;
    let extended = 0;
    fc.assert(
      fc.property(fc.array(fc.array(ccOp, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }), fc.constantFrom(undefined, "2.0"), (batches, agentVersion) => {
        const options = agentVersion ? { agentVersion } : {};
        let doc = parseText(ccSession([{ user: "hi" }, { assistant: [text("hello")] }]));
        let v = continueAnalysis(doc, options);
        const uuids = ["u1", "u2"];
        let msg = "msg_2";
        let n = 2;
        const lineOf = (op: CcOp): string => {
          n++;
          const uuid = `u${n}`;
          const last = uuids[uuids.length - 1];
          const parentUuid = op.parent <= 5 ? last : op.parent <= 8 ? uuids[(op.parent * 7 + n) % uuids.length] : "gone";
          const env = { sessionId: "cc", isSidechain: false, uuid, parentUuid, timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString() };
          const say = (content: unknown[]) => {
            if (!op.same) msg = `msg_${n}`;
            return { ...env, type: "assistant", message: { id: msg, role: "assistant", model: "claude-opus-4-5", content, stop_reason: "end_turn", usage: { input_tokens: 1, output_tokens: n } } };
          };
          let o: unknown;
          switch (op.kind) {
            case "user": o = { ...env, type: "user", message: { role: "user", content: "again" } }; break;
            case "say": o = say([text("ok")]); break;
            case "thinking": o = say([{ type: "thinking", thinking: "hm", signature: "s" }]); break;
            case "call": o = say([toolUse(`toolu_${op.k}`)]); break;
            case "result": o = { ...env, type: "user", message: { role: "user", content: [toolResult(`toolu_${op.k}`)] } }; break;
            case "progress": o = { ...env, type: "progress", data: { type: "hook_progress" } }; break;
            case "sidechain": o = { ...env, isSidechain: true, type: "user", message: { role: "user", content: "sub" } }; break;
            case "attachment": o = { ...env, type: "attachment", attachment: op.same ? { type: "date_change", newDate: "2026-03-03" } : { type: "critical_system_reminder", content: "Keep answers short." } }; break;
            case "local": o = { ...env, type: "system", subtype: "local_command", content: "<command-name>/cost</command-name>" }; break;
            case "boundary": o = { ...env, parentUuid: null, type: "system", subtype: "compact_boundary", content: "Conversation compacted", logicalParentUuid: op.same ? last : `u${n + 1}` }; break; // the next line's uuid: not in the file yet
            case "summary": return JSON.stringify({ type: "summary", summary: "s", leafUuid: last });
            case "null": return "null";
            case "bad": return "{not json";
            default: o = { ...env, uuid: undefined, type: "user", message: { role: "user", content: "no uuid" } };
          }
          uuids.push(uuid);
          return JSON.stringify(o);
        };
        for (const batch of batches) {
          doc = append(doc, batch.map((op) => lineOf(op) + "\n").join(""));
          v = continueAnalysis(doc, options, { checkpoint: v.checkpoint, analysis: v.analysis });
          if (v.stages.session === "appended") appended++;
          if (v.stages.context === "extended") extended++;
          const fresh = analyze(join(doc), options);
          // The whole analysis (the session's tree, findings, columns, drops, occurrences) and the provider verdicts.
          assert.deepEqual(analysisShape(v.analysis), analysisShape(fresh));
          assert.deepEqual(verdictShape(v.analysis), verdictShape(fresh));
        }
      }),
      { seed: 2021, numRuns: 150 },
    );
    t.diagnostic(`Claude Code appends: session continued ${appended} times, context extended ${extended} times`);
    assert.ok(appended > 300 && extended > 100, `appended ${appended}, context extended ${extended}`);
  });
  it("Claude Code: random edits in place continue only when Claude Code's walk stays as it was", (t) => {
    const base = ccSession([
      { user: "hi" },
      { assistant: [toolUse("toolu_1"), toolUse("toolu_2")] },
      { user: [toolResult("toolu_1")] },
      { user: [toolResult("toolu_2")] },
      { assistant: [text("done")] },
      { user: "again" },
      { assistant: [text("ok")] },
    ]);
    // Line 0 is left alone: an edit there is not taken line-wise (patch-lines.ts: a byte order mark may sit there).
    const edit1 = fc.record({ line: fc.integer({ min: 1, max: 6 }), what: fc.constantFrom("text", "time", "msg-id", "sidechain", "result-id") });
    let continued = 0;
    fc.assert(
      fc.property(fc.array(edit1, { minLength: 1, maxLength: 6 }), (edits) => {
        let doc = parseText(base);
        let v = continueAnalysis(doc, {});
        let n = 0;
        for (const e of edits) {
          const o = JSON.parse(doc.lines.at(e.line)!.text);
          n++;
          if (e.what === "text") o.message.content = typeof o.message.content === "string" ? `edited ${n}` : o.message.content.map((b: any) => (b.type === "text" ? { ...b, text: `edited ${n}` } : b));
          else if (e.what === "time") o.timestamp = new Date(Date.UTC(2026, 0, 1, 0, 0, 30 - n)).toISOString();
          else if (e.what === "msg-id") o.message.id = o.message.id ? "msg_2" : undefined;
          else if (e.what === "sidechain") o.isSidechain = !o.isSidechain;
          else o.message.content = Array.isArray(o.message.content) ? o.message.content.map((b: any) => (b.type === "tool_result" ? { ...b, tool_use_id: `toolu_${n % 3}` } : b)) : o.message.content;
          doc = edit(doc, e.line, JSON.stringify(o));
          v = next(v, doc);
          if (v.stages.session === "edited") continued++;
          const fresh = analyze(join(doc));
          assert.deepEqual(analysisShape(v.analysis), analysisShape(fresh));
          assert.deepEqual(verdictShape(v.analysis), verdictShape(fresh));
        }
      }),
      { seed: 2022, numRuns: 100 },
    );
    t.diagnostic(`Claude Code edits: session continued ${continued} times`);
    assert.ok(continued > 50, `continued ${continued}`);
  });
});

describe("Gemini CLI and Kimi CLI: continued analyses equal fresh ones (property, bounded)", () => {
  /** The document after `text` is written at its end (a torn last line is completed, as an agent's next write does). */
  const appendText = (parsed: ParsedText, text: string): ParsedText => {
    const last = parsed.lines.at(parsed.lines.length - 1);
    if (!last || last.eol !== "") return append(parsed, text);
    const at = { line: parsed.lines.length - 1, character: last.text.length };
    return patchLines(parsed, [{ range: { start: at, end: at }, text }])!;
  };
  const check = (v: ContinuedAnalysis, doc: ParsedText) => {
    const fresh = analyze(join(doc));
    assert.deepEqual(analysisShape(v.analysis), analysisShape(fresh));
    assert.deepEqual(verdictShape(v.analysis), verdictShape(fresh));
  };

  // Gemini CLI 0.40+ JSON Lines: records written once or again with the same id (a model turn
  // rewritten as its calls come in), `$set` lines (metadata; rarely a compression's records), a
  // rewind, commands the CLI ignores, thoughts-only and invalid model turns, calls with and
  // without results, a response in a user record, a torn last line the next write completes.
  type GemOp = { kind: string; k: number; same: boolean };
  const gemOp = fc.record({
    kind: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom("user", "say", "call", "rewrite", "set") },
      { weight: 3, arbitrary: fc.constantFrom("thought", "response", "command", "info", "rewrite-old", "torn") },
      { weight: 1, arbitrary: fc.constantFrom("empty", "set-messages", "rewind", "meta", "bad") },
    ),
    k: fc.integer({ min: 1, max: 3 }),
    same: fc.boolean(),
  });
  const gemMeta = JSON.stringify({ sessionId: "s1", projectHash: "p1", startTime: "2026-01-01T00:00:00.000Z", lastUpdated: "2026-01-01T00:00:00.000Z", kind: "main" });
  const gemStart = `${gemMeta}\n${JSON.stringify({ id: "r0", timestamp: "2026-01-01T00:00:00.000Z", type: "user", content: [{ text: "hi" }] })}\n`;
  /** A writer of Gemini CLI lines: each op's line (a torn one comes back as two parts). */
  const gemWriter = () => {
    let n = 0;
    const ids = ["r0"];
    let lastModel: Record<string, unknown> | undefined;
    const ts = () => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
    const call = (k: number, result: boolean) => ({
      id: `c${k}`,
      name: "run_shell_command",
      args: { command: "ls" },
      status: "success",
      timestamp: ts(),
      ...(result ? { result: [{ functionResponse: { id: `c${k}`, name: "run_shell_command", response: { output: "ok" } } }] } : {}),
    });
    const record = (o: Record<string, unknown>) => {
      ids.push(String(o.id));
      if (o.type === "gemini") lastModel = o;
      return JSON.stringify(o);
    };
    return (op: GemOp): string[] => {
      n++;
      const id = `r${n}`;
      switch (op.kind) {
        case "user": return [record({ id, timestamp: ts(), type: "user", content: [{ text: `again ${n}` }] })];
        case "command": return [record({ id, timestamp: ts(), type: "user", content: op.same ? "/stats" : [{ text: "<session_context>x</session_context>" }] })];
        case "say": return [record({ id, timestamp: ts(), type: "gemini", content: `ok ${n}`, thoughts: op.same ? [{ subject: "S", description: "d" }] : [], model: "gemini-3-pro-preview", tokens: { input: 10, output: n, cached: 0, thoughts: 0, tool: 0, total: 10 + n } })];
        case "thought": return [record({ id, timestamp: ts(), type: "gemini", content: "", thoughts: [{ subject: "S", description: `d${n}` }], model: "gemini-3-pro-preview" })];
        case "empty": return [record({ id, timestamp: ts(), type: "gemini", content: [{ text: "" }], model: "gemini-3-pro-preview" })];
        case "call": return [record({ id, timestamp: ts(), type: "gemini", content: "", thoughts: [], model: "gemini-3-flash-preview", toolCalls: [call(op.k, !op.same)] })];
        case "rewrite": {
          // The last model record again (its calls and results came in), or a new one when there is none.
          const base = lastModel ?? { id, timestamp: ts(), type: "gemini", content: "", model: "gemini-3-pro-preview" };
          const calls = Array.isArray(base.toolCalls) ? base.toolCalls : [];
          return [record({ ...base, toolCalls: [...calls, call(op.k + calls.length, true)] })];
        }
        case "rewrite-old": {
          const old = ids[(op.k * 7 + n) % ids.length];
          return [record({ id: old, timestamp: ts(), type: op.same ? "user" : "gemini", content: `rewritten ${n}`, model: "gemini-3-pro-preview" })];
        }
        case "response": return [record({ id, timestamp: ts(), type: "user", content: [{ functionResponse: { id: `c${op.k}`, name: "run_shell_command", response: { output: "again" } } }] })];
        case "info": return [record({ id, timestamp: ts(), type: op.same ? "info" : "error", content: "note" })];
        case "set": return [JSON.stringify({ $set: { lastUpdated: ts() } })];
        case "set-messages": {
          const kept = [{ id: `s${n}`, timestamp: ts(), type: "user", content: "summary" }];
          ids.push(`s${n}`);
          return [JSON.stringify({ $set: { lastUpdated: ts(), messages: op.same ? kept : [] } })];
        }
        case "rewind": return [JSON.stringify({ $rewindTo: op.same ? ids[(op.k * 5 + n) % ids.length] : "gone" })];
        case "meta": return [op.same ? gemMeta : JSON.stringify({ sessionId: "s1", projectHash: "p1", kind: "main", messages: [{ id: `m${n}`, type: "user", content: "from meta" }] })];
        case "bad": return ["{not json"];
        default: {
          const line = record({ id, timestamp: ts(), type: "user", content: [{ text: `torn ${n}` }] });
          const cut = 5 + (op.k * 11) % (line.length - 10);
          return [line.slice(0, cut), line.slice(cut)];
        }
      }
    };
  };

  it("Gemini CLI: random appends, one line or several at a time, `$set` lines, records written again, torn lines", (t) => {
    const stages: Record<string, number> = {};
    fc.assert(
      fc.property(fc.array(fc.array(gemOp, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 10 }), (batches) => {
        let doc = parseText(gemStart);
        let v = continueAnalysis(doc, {});
        const write = gemWriter();
        // The second part of a torn line, written first by the next batch.
        let rest = "";
        for (const batch of batches) {
          let text = rest;
          rest = "";
          batch.forEach((op, i) => {
            const [line, tail] = write(op);
            if (tail !== undefined && i === batch.length - 1) {
              text += line;
              rest = tail + "\n";
            } else text += line + (tail ?? "") + "\n";
          });
          doc = appendText(doc, text);
          v = next(v, doc);
          const k = `${v.stages.session}/${v.stages.context}`;
          stages[k] = (stages[k] ?? 0) + 1;
          check(v, doc);
        }
      }),
      { seed: 2023, numRuns: 200 },
    );
    t.diagnostic(`Gemini CLI appends: ${JSON.stringify(stages)}`);
    assert.ok((stages["appended/extended"] ?? 0) > 500, JSON.stringify(stages));
  });

  it("Gemini CLI: an append of a record, a `$set` and the model record written again continues the context; a rewind builds it again", () => {
    let doc = parseText(gemStart);
    let v = continueAnalysis(doc, {});
    const write = gemWriter();
    for (const kind of ["say", "set", "call", "set", "rewrite", "user", "set"]) {
      doc = append(doc, write({ kind, k: 1, same: false })[0] + "\n");
      v = next(v, doc);
      assert.equal(v.stages.session, "appended");
      assert.equal(v.stages.context, "extended", kind);
      check(v, doc);
    }
    doc = append(doc, write({ kind: "rewind", k: 1, same: true })[0] + "\n");
    v = next(v, doc);
    assert.equal(v.stages.context, "built");
    check(v, doc);
  });

  it("Gemini CLI: random edits in place", (t) => {
    const write = gemWriter();
    const lines = [gemStart.trimEnd()];
    for (const kind of ["say", "set", "call", "set", "rewrite", "user", "thought", "response", "command", "call", "say", "user", "set", "say"]) lines.push(write({ kind, k: 2, same: kind === "call" }).join(""));
    const base = lines.join("\n") + "\n";
    const edit1 = fc.record({ line: fc.integer({ min: 1, max: lines.length - 1 }), what: fc.constantFrom("text", "text", "text", "id", "type", "result-id", "time") });
    let edited = 0;
    fc.assert(
      fc.property(fc.array(edit1, { minLength: 1, maxLength: 6 }), (edits) => {
        let doc = parseText(base);
        let v = continueAnalysis(doc, {});
        let n = 0;
        for (const e of edits) {
          const o = JSON.parse(doc.lines.at(e.line)!.text);
          n++;
          if (o.$set) o.$set.lastUpdated = `2026-02-01T00:00:0${n}.000Z`;
          else if (e.what === "text") o.content = typeof o.content === "string" ? `edited ${n}` : Array.isArray(o.content) ? o.content.map((p: any) => (typeof p.text === "string" ? { ...p, text: `edited ${n}` } : p)) : o.content;
          else if (e.what === "id") o.id = `x${n % 2}`;
          else if (e.what === "type") o.type = o.type === "user" ? "gemini" : "user";
          else if (e.what === "result-id") o.toolCalls = Array.isArray(o.toolCalls) ? o.toolCalls.map((c: any) => ({ ...c, id: `c${n % 3}` })) : o.toolCalls;
          else o.timestamp = `2026-02-01T00:00:0${n}.000Z`;
          doc = edit(doc, e.line, JSON.stringify(o));
          v = next(v, doc);
          if (v.stages.context === "edited") edited++;
          check(v, doc);
        }
      }),
      { seed: 2024, numRuns: 150 },
    );
    t.diagnostic(`Gemini CLI edits: context edited ${edited} times`);
    assert.ok(edited > 150, `edited ${edited}`);
  });

  // Kimi CLI context.jsonl: kosong messages (adjacent user messages are merged when sent, a
  // notification is not), calls with results, markers, a system message, arguments that are not
  // JSON, lines the loader skips.
  type KimiOp = { kind: string; k: number; same: boolean };
  const kimiOp = fc.record({
    kind: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom("user", "say", "call", "result", "usage", "checkpoint") },
      { weight: 2, arbitrary: fc.constantFrom("notification", "think", "bad-args", "system", "prompt", "torn") },
      { weight: 1, arbitrary: fc.constantFrom("skipped", "unknown-role", "bad") },
    ),
    k: fc.integer({ min: 0, max: 3 }),
    same: fc.boolean(),
  });
  const kimiLine = (op: KimiOp, n: number): string => {
    const call = (k: number, args: string) => ({ type: "function", id: `Bash:${k}`, function: { name: "Bash", arguments: args } });
    switch (op.kind) {
      case "user": return JSON.stringify({ role: "user", content: op.same ? `again ${n}` : [{ type: "text", text: `again ${n}` }] });
      case "notification": return JSON.stringify({ role: "user", content: [{ type: "text", text: `<notification id="${n}">done</notification>` }] });
      case "say": return JSON.stringify({ role: "assistant", content: [{ type: "text", text: `ok ${n}` }] });
      case "think": return JSON.stringify({ role: "assistant", content: [{ type: "think", think: "hm" }, { type: "text", text: `ok ${n}` }] });
      case "call": return JSON.stringify({ role: "assistant", content: [], tool_calls: op.same ? [call(op.k, '{"command":"ls"}'), call(op.k + 1, "{}")] : [call(op.k, '{"command":"ls"}')] });
      case "bad-args": return JSON.stringify({ role: "assistant", content: [], tool_calls: [call(op.k, '{"command":')] });
      case "result": return JSON.stringify({ role: "tool", content: [{ type: "text", text: op.same ? "<system>ERROR: no</system>" : "out" }], tool_call_id: `Bash:${op.k}` });
      case "usage": return JSON.stringify({ role: "_usage", token_count: n });
      case "checkpoint": return JSON.stringify({ role: "_checkpoint", id: n });
      case "prompt": return JSON.stringify({ role: "_system_prompt", content: `You are Kimi ${n}` });
      case "system": return JSON.stringify({ role: "system", content: "be brief" });
      case "skipped": return JSON.stringify({ role: "assistant", content: 5 });
      case "unknown-role": return JSON.stringify({ role: "developer", content: "x" });
      case "bad": return "{not json";
      default: return JSON.stringify({ role: "user", content: [{ type: "text", text: `torn ${n}` }] });
    }
  };
  const kimiStart = `${JSON.stringify({ role: "_checkpoint", id: 0 })}\n${JSON.stringify({ role: "user", content: [{ type: "text", text: "hi" }] })}\n`;

  it("Kimi CLI: random appends, one line or several at a time, torn lines", (t) => {
    const stages: Record<string, number> = {};
    fc.assert(
      fc.property(fc.array(fc.array(kimiOp, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 10 }), (batches) => {
        let doc = parseText(kimiStart);
        let v = continueAnalysis(doc, {});
        let n = 0;
        let rest = "";
        for (const batch of batches) {
          let text = rest;
          rest = "";
          batch.forEach((op, i) => {
            const line = kimiLine(op, ++n);
            if (op.kind === "torn" && i === batch.length - 1) {
              const cut = 5 + ((op.k * 11) % (line.length - 10));
              text += line.slice(0, cut);
              rest = line.slice(cut) + "\n";
            } else text += line + "\n";
          });
          doc = appendText(doc, text);
          v = next(v, doc);
          const k = `${v.stages.session}/${v.stages.context}`;
          stages[k] = (stages[k] ?? 0) + 1;
          check(v, doc);
        }
      }),
      { seed: 2025, numRuns: 200 },
    );
    t.diagnostic(`Kimi CLI appends: ${JSON.stringify(stages)}`);
    assert.ok((stages["appended/extended"] ?? 0) > 500, JSON.stringify(stages));
  });

  it("Kimi CLI: random edits in place", (t) => {
    const kinds = ["user", "say", "call", "result", "usage", "user", "user", "notification", "think", "call", "result", "result", "system", "say", "bad-args", "user"];
    const base = kimiStart + kinds.map((kind, i) => kimiLine({ kind, k: 1, same: i % 2 === 0 }, i + 2) + "\n").join("");
    const lines = base.trimEnd().split("\n").length;
    const edit1 = fc.record({ line: fc.integer({ min: 1, max: lines - 1 }), what: fc.constantFrom("text", "text", "text", "call-id", "args", "skip", "notification") });
    let edited = 0;
    fc.assert(
      fc.property(fc.array(edit1, { minLength: 1, maxLength: 6 }), (edits) => {
        let doc = parseText(base);
        let v = continueAnalysis(doc, {});
        let n = 0;
        for (const e of edits) {
          const o = JSON.parse(doc.lines.at(e.line)!.text);
          n++;
          if (o.role === "_usage" || o.role === "_checkpoint") o[o.role === "_usage" ? "token_count" : "id"] = 100 + n;
          else if (e.what === "text") o.content = typeof o.content === "string" ? `edited ${n}` : Array.isArray(o.content) ? o.content.map((p: any) => (p.type === "text" ? { ...p, text: `edited ${n}` } : p)) : o.content;
          else if (e.what === "call-id") {
            if (o.tool_call_id) o.tool_call_id = `Bash:${n % 3}`;
            if (o.tool_calls) o.tool_calls = o.tool_calls.map((c: any) => ({ ...c, id: `Bash:${n % 3}` }));
          } else if (e.what === "args") o.tool_calls = o.tool_calls?.map((c: any) => ({ ...c, function: { ...c.function, arguments: n % 2 ? "{" : "{}" } }));
          else if (e.what === "skip") o.content = o.content === 7 ? "back" : 7;
          else o.content = [{ type: "text", text: `<notification id="${n}">x</notification>` }];
          doc = edit(doc, e.line, JSON.stringify(o));
          v = next(v, doc);
          if (v.stages.context === "edited") edited++;
          check(v, doc);
        }
      }),
      { seed: 2026, numRuns: 150 },
    );
    t.diagnostic(`Kimi CLI edits: context edited ${edited} times`);
    assert.ok(edited > 200, `edited ${edited}`);
  });
});

describe("Gemini CLI: a fold taken over after an edit goes on from the moved checkpoints", () => {
  // A review's case: an edit makes the history end in a function response (a closing model turn is
  // due); the take-over moves the checkpoints after it, and a later append resumes from one of
  // them. The moved checkpoints must name the new last turn, or the closing turn is wrong.
  it("edit, then append: each version equals a fresh analysis", () => {
    const L = (o: object) => JSON.stringify(o);
    const first = [
      L({ sessionId: "s1", projectHash: "p1", kind: "main" }),
      L({ id: "r0", type: "user", content: [{ text: "hi" }] }),
      L({ id: "r1", type: "gemini", content: "ok", model: "m" }),
      L({ id: "r2", type: "user", content: [{ text: "text A" }] }),
      L({ id: "r3", type: "info", content: "note" }),
      L({ id: "r4", type: "info", content: "note 2" }),
    ].join("\n") + "\n";
    let doc = parseText(first);
    let v = continueAnalysis(doc, {});
    const same = (what: string) => {
      const fresh = analyze(join(doc));
      assert.deepEqual(analysisShape(v.analysis), analysisShape(fresh), what);
      assert.deepEqual(verdictShape(v.analysis), verdictShape(fresh), what);
    };
    doc = edit(doc, 3, L({ id: "r2", type: "user", content: [{ functionResponse: { id: "c1", name: "run_shell_command", response: { output: "x" } } }] }));
    v = next(v, doc);
    same("after the edit");
    doc = append(doc, L({ $set: { lastUpdated: "2026-01-01T00:00:09.000Z" } }) + "\n");
    v = next(v, doc);
    same("after the append");
    const last = v.analysis.after.at(-1)?.origin;
    assert.equal(last?.kind === "synthetic" ? last.synthetic : last?.kind, "resume-filler");
  });
});

describe("recorded usage after an edit: a record written again no longer so", () => {
  // Gemini CLI writes a model record again with its id; the later copy's usage counts, on the first
  // copy's line. Editing the later copy into another model record (no usage) gives the first copy's usage back.
  it("the continued usage equals a fresh analysis's", () => {
    const L = (o: object) => JSON.stringify(o);
    const model = (tokens: number, extra: object = {}) => ({ id: "m1", type: "gemini", content: "answer", model: "gemini-3-pro-preview", tokens: { input: tokens, output: 5, cached: 0, thoughts: 0 }, ...extra });
    let doc = parseText([L({ sessionId: "s1", projectHash: "p1", kind: "main" }), L({ id: "u1", type: "user", content: [{ text: "hi" }] }), L(model(100)), L({ id: "u2", type: "user", content: [{ text: "more" }] }), L(model(900))].join("\n") + "\n");
    let v = continueAnalysis(doc, {});
    assert.equal(v.analysis.usage.totals.input, 900);
    doc = edit(doc, 4, L({ id: "m2", type: "gemini", content: "another answer", model: "gemini-3-pro-preview" }));
    v = next(v, doc);
    assert.deepEqual(v.analysis.usage, analyze(join(doc)).usage);
    assert.equal(v.analysis.usage.totals.input, 100);
  });
});
