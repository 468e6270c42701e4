/** pi context messages are copies of the entries' messages with their origin (formats/pi.ts entryMsg). */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";

const lines = [
  { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/" },
  { type: "message", id: "e1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: [{ type: "text", text: "hi" }], timestamp: 1 } },
];

describe("pi context message copies", () => {
  it("keep every field of the stored message, in order, with the origin last", () => {
    const a = analyze(lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    assert.equal(a.before.length, 1);
    const m = a.before[0];
    assert.deepEqual(Object.keys(m), ["role", "content", "timestamp", "origin"]);
    assert.deepEqual(m.origin, { kind: "entry", line: 1, entryId: "e1" });
    assert.notEqual(m, (a.session.lines.at(1)!.value as any).message);
  });

  it("keep a `__proto__` key of the stored message as a plain property, never as the copy's prototype", () => {
    const text = JSON.stringify(lines[0]) + "\n" + JSON.stringify(lines[1]).replace('"role":"user"', '"role":"user","__proto__":{"role":"assistant","polluted":true}') + "\n";
    const a = analyze(text);
    const m = a.before[0] as any;
    assert.equal(Object.getPrototypeOf(m), Object.prototype);
    assert.ok(Object.hasOwn(m, "__proto__"));
    assert.equal(m.polluted, undefined);
    assert.equal(m.role, "user");
    assert.deepEqual(m.origin, { kind: "entry", line: 1, entryId: "e1" });
  });
});
