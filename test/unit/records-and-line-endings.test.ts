/**
 * Issue 22, items 1 and 3: records are what the agents read (pi, Claude Code and Codex split at LF
 * only; a lone CR is JSON whitespace inside a record), while line numbers stay the editor's. A
 * repair never joins line endings, and fix never edits lines its own list and the bytes disagree on.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { LineCollector, parseText } from "../../server/src/engine/model/parse.js";
import { splitLines } from "../../server/src/engine/model/lines.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { sessionText } from "../helpers/session-builder.js";

const base = () => sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { user: 4, text: "my precious prompt" }, { assistant: 5, text: "ok" }]);

describe("a lone CR inside an entry (issue 22.3)", () => {
  const withCr = () => {
    const lines = base().split("\n");
    lines[4] = lines[4].replace('"message":', '\r"message":'); // the user's prompt, a CR between tokens
    return lines.join("\n");
  };
  it("is one entry, as the agents read it: no malformed line, the prompt in the context", () => {
    const a = analyze(withCr());
    assert.deepEqual(a.findings.map((f) => f.code), []);
    assert.ok(a.before.some((m) => m.role === "user" && JSON.stringify(m.content).includes("my precious prompt")));
    // Line numbers stay the editor's: the CR starts a line there, and the next entry is one line further on.
    assert.equal(a.session.lines.length, splitLines(withCr()).length);
    assert.equal(a.session.lines.at(5)!.partOf, 4);
  });
  it("fix keeps it: nothing to repair, the file unchanged", () => {
    const r = fixAll(withCr());
    assert.equal(r.done.size, 0);
    assert.equal(r.text, withCr());
  });
  it("the streamed reader (files read from disk) makes the same records", () => {
    const text = withCr();
    const c = new LineCollector();
    for (const l of splitLines(text)) c.add(l.text, l.eol);
    const streamed = [...c.finish().lines.all()].map((l) => [l.value, l.parseError, l.partOf]);
    assert.deepEqual(streamed, [...parseText(text).lines.all()].map((l) => [l.value, l.parseError, l.partOf]));
  });
});

describe("fix around a lone CR line ending (issue 22.1)", () => {
  const damaged = () => {
    const lines = base().split("\n");
    // a lone CR ends the user line, two malformed lines follow, then a blank line
    return [lines[0], lines[1] + "\r{oops", "[1,2", "", ...lines.slice(2)].join("\n");
  };
  it("deletes no valid entry, writes no copies, and a second run finds no work", () => {
    const t = damaged();
    const before = analyze(t);
    const r = fixAll(t);
    for (const id of ['"id":"e2"', '"id":"e3"', '"id":"e4"', '"id":"e5"']) assert.equal(r.text.split(id).length, 2, `${id} kept exactly once`);
    assert.ok(r.rounds < 10, `rounds: ${r.rounds}`);
    assert.equal(fixAll(r.text).done.size, 0);
    // the only line fix may remove is the malformed one that is a record of its own
    const removed = splitLines(t).length - splitLines(r.text).length;
    assert.ok(removed <= 1, `removed ${removed} lines`);
    assert.ok(before.findings.some((f) => f.code === "malformed-line"));
  });
});
