/** Recorded usage per format: pi assistant usage, Claude Code message.usage once per message id, Codex token_count. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseText } from "../../server/src/engine/model/parse.js";
import { editedUsage, recordedUsage } from "../../server/src/engine/session/recorded-usage.js";
import { corpusText } from "../helpers/corpus.js";

const lines = (objs: unknown[]) => parseText(objs.map((o) => JSON.stringify(o)).join("\n") + "\n").lines.held;

describe("recorded usage", () => {
  it("pi: every assistant message's usage and cost, summed", () => {
    const u = recordedUsage(
      "pi",
      lines([
        { type: "session", id: "s", version: 3 },
        { type: "message", id: "a", parentId: null, message: { role: "assistant", model: "m", usage: { input: 3, output: 191, cacheRead: 5, cacheWrite: 1684, cost: { total: 0.009 } } } },
        { type: "message", id: "b", parentId: "a", message: { role: "user", content: "x" } },
        { type: "message", id: "c", parentId: "b", message: { role: "assistant", usage: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, cost: { total: 0.001 } } } },
      ]),
    );
    assert.deepEqual(u.records.map((r) => r.line), [1, 3]);
    assert.equal(u.totals.output, 193);
    assert.equal(u.totals.cacheWrite, 1684);
    assert.ok(Math.abs((u.totals.cost ?? 0) - 0.01) < 1e-12);
  });
  it("Claude Code: streamed copies of one message are counted once", () => {
    const usage = { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 100, cache_creation_input_tokens: 7 };
    const u = recordedUsage(
      "claude-code",
      lines([
        { type: "assistant", uuid: "1", message: { id: "msg_1", usage } },
        { type: "assistant", uuid: "2", parentUuid: "1", message: { id: "msg_1", usage } },
        { type: "assistant", uuid: "3", parentUuid: "2", message: { id: "msg_2", usage } },
      ]),
    );
    assert.equal(u.totals.responses, 2);
    assert.equal(u.totals.input, 20);
    assert.equal(u.totals.cacheRead, 200);
    assert.equal(u.totals.cost, undefined);
  });
  it("Codex: last_token_usage per token_count event, cached input split out", () => {
    const u = recordedUsage(
      "codex",
      lines([
        { type: "event_msg", payload: { type: "token_count", info: { last_token_usage: { input_tokens: 100, cached_input_tokens: 60, output_tokens: 9, reasoning_output_tokens: 4 }, total_token_usage: { input_tokens: 100 } } } },
        { type: "event_msg", payload: { type: "token_count", info: null } },
      ]),
    );
    assert.deepEqual(u.records.map((r) => [r.input, r.cacheRead, r.output, r.reasoning]), [[40, 60, 9, 4]]);
  });
  it("corpus: pi and Claude Code files with usage report it", () => {
    const pi = recordedUsage("pi", parseText(corpusText("pi/inspector-branching.jsonl")).lines.held);
    assert.ok(pi.totals.responses > 0 && pi.totals.output > 0);
    const cc = recordedUsage("claude-code", parseText(corpusText("claude-code/daaain-representative-messages.jsonl")).lines.held);
    assert.ok(cc.totals.responses > 0);
  });
});

describe("usage after an edit", () => {
  it("replacing, adding and removing a line's record equals reading every line again", () => {
    const text = corpusText("pi/pi-mono-before-compaction-v1.jsonl");
    const lines = parseText(text).lines.held;
    const prev = recordedUsage("pi", lines);
    const withUsage = lines.filter((l) => (l.value as any)?.message?.usage);
    assert.ok(withUsage.length >= 2, "the file records usage");
    const [a, b] = withUsage;
    const without = structuredClone(a.value) as any;
    delete without.message.usage;
    const changed = structuredClone(b.value) as any;
    changed.message.usage.output += 7;
    const edits = [
      { ...a, value: without },
      { ...b, value: changed },
    ];
    const next = lines.map((l) => edits.find((e) => e.line === l.line) ?? l);
    assert.deepEqual(editedUsage("pi", prev, edits), recordedUsage("pi", next), "one record removed, one changed");
    // ... and back: the removed record comes back in its place.
    assert.deepEqual(editedUsage("pi", recordedUsage("pi", next), [a, b]), prev);
  });
});
