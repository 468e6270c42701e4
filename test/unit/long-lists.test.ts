/**
 * Issue 22, item 6: a spread in a call (`out.push(...list)`) puts every element on the stack, and
 * about 120,000 overflow it: 150,000 orphan results in a 30 MB file, or 5 million lines of `{}`,
 * made `check` exit 2. The lists a transcript makes long (findings, messages, one message's
 * blocks, one turn's lines, repairs' edits) now loop (engine/model/arrays.ts) and the lint rule
 * forbids spreads in calls under server/src. The run is a child process with a small stack
 * (test/helpers/long-lists-run.ts), so 8,000 of each overflow it where a spread is left.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, it } from "node:test";
import { maxOf, minOf, partitionPoint, pushAll } from "../../server/src/engine/model/arrays.js";
import { analyze } from "../../server/src/engine/index.js";
import { hover } from "../../server/src/lsp/hover.js";
import { definition } from "../../server/src/lsp/navigation.js";
import { DocModel } from "../../server/src/lsp/model.js";

const ROOT = join(__dirname, "..", "..");

describe("long lists (issue 22, item 6)", () => {
  it("every consumer of a session with 8,000 findings of each kind, one turn of 8,000 lines and a message of 8,000 blocks, on an 80 KB stack", () => {
    const r = spawnSync(process.execPath, ["--stack-size=80", "--import", "tsx", "test/helpers/long-lists-run.ts", "8000"], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 });
    assert.equal(r.status, 0, r.stderr.split("\n").slice(0, 6).join("\n"));
    const out = JSON.parse(r.stdout.trim().split("\n").pop()!);
    assert.deepEqual(out.findings, { "orphan-result": 8000, "unknown-entry": 8000, "malformed-line": 8000 });
    assert.equal(out.before, 16003);
    assert.equal(out.removed, 8000);
  });

  it("pushAll, minOf, maxOf over 300,000 items (past the stack a spread needs)", () => {
    const big = Array.from({ length: 300_000 }, (_, i) => i);
    assert.equal(pushAll([-1], big).length, 300_001);
    assert.equal(pushAll([], new Set([1, 2])).length, 2);
    assert.equal(minOf(big), 0);
    assert.equal(maxOf(big), 299_999);
    assert.equal(minOf([]), Infinity);
    assert.equal(maxOf([]), -Infinity);
  });
});

describe("hover and definition on a line of many calls (found with the long-lists run)", () => {
  const calls = Array.from({ length: 3000 }, (_, i) => ({ type: "toolCall", id: `c${i}`, name: "bash", arguments: {} }));
  const text = [
    JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/" }),
    JSON.stringify({ type: "message", id: "u", parentId: null, message: { role: "user", content: "hi", timestamp: 1 } }),
    JSON.stringify({ type: "message", id: "a", parentId: "u", message: { role: "assistant", content: calls, api: "anthropic-messages", provider: "anthropic", model: "claude", stopReason: "toolUse", timestamp: 2 } }),
  ].join("\n");
  const a = analyze(text + "\n");
  const line = a.session.lines.at(2)!.text;
  it("a call's id is found among 3,000 (each site located in one scan of the line)", () => {
    const m = new DocModel(a);
    const at = line.indexOf('"c2999"') + 2;
    const h = hover(m, "file:///s.jsonl", 2, at);
    assert.match(String((h?.contents as { value: string }).value), /Tool-call id\*\* c2999/);
    assert.deepEqual(h?.range, { start: { line: 2, character: at - 2 }, end: { line: 2, character: at + 5 } });
  });
  it('the key "id" is not a tool-call id: no hover that calls it one, no definition (it searched every line for "id")', () => {
    const m = new DocModel(a);
    const key = line.indexOf('"id"') + 1;
    assert.equal(hover(m, "file:///s.jsonl", 2, key), null);
    const parentKey = a.session.lines.at(2)!.text.indexOf('"parentId"') + 1;
    assert.equal(definition(m, "file:///s.jsonl", 2, parentKey), null);
    const parentValue = a.session.lines.at(2)!.text.indexOf('"u"') + 1;
    assert.deepEqual(definition(m, "file:///s.jsonl", 2, parentValue)?.[0].range.start, { line: 1, character: 0 });
  });
});

describe("partitionPoint: the one binary search (line runs, usage records, a record's model)", () => {
  it("gives the first index whose element fails the predicate, at every split of a sorted list", () => {
    const xs = [1, 3, 3, 5, 8, 13];
    for (let k = 0; k <= 14; k++) assert.equal(partitionPoint(xs, (x) => x < k), xs.filter((x) => x < k).length, `split at ${k}`);
    assert.equal(partitionPoint([], () => true), 0);
    assert.equal(partitionPoint([2, 4], () => true), 2);
    assert.equal(partitionPoint([2, 4], () => false), 0);
  });
});
