/** Incremental re-analysis: unchanged lines reuse their parse; results equal a full analysis. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { corpusText } from "../helpers/corpus.js";
import { sessionText } from "../helpers/session-builder.js";
import { packsIn } from "../../server/src/engine/providers/verdicts.js";
import { parseText } from "../../server/src/engine/model/parse.js";
import { sessionFromLines } from "../../server/src/engine/session/read-session.js";
import { appendSession, sessionCheckpoint } from "../../server/src/engine/incremental/append.js";
import { editSession } from "../../server/src/engine/incremental/edit.js";
import type { Msg } from "../../server/src/engine/model/types.js";

const summary = (a: ReturnType<typeof analyze>) => a.findings.map((f) => `${f.line}:${f.code}:${f.message}`);

describe("incremental re-analysis", () => {
  it("an append re-parses only the new line and finds what a full analysis finds", () => {
    const base = corpusText("pi/pi-mono-large-session-v1.jsonl");
    const first = analyze(base);
    const appended = base + JSON.stringify({ type: "message", timestamp: "2025-11-21T00:00:00.000Z", message: { role: "toolResult", toolCallId: "ghost", toolName: "bash", content: [], isError: false, timestamp: 1 } }) + "\n";
    const inc = analyze(appended, { previous: first });
    const full = analyze(appended);
    assert.deepEqual(summary(inc), summary(full));
    assert.ok(summary(inc).some((s) => s.includes("orphan-result")));
    const n = first.session.lines.length;
    for (let i = 0; i < n; i++) assert.equal(inc.session.lines.at(i)!.value, first.session.lines.at(i)!.value, `line ${i} reused`);
    assert.notEqual(inc.session.lines.at(n)!.value, undefined);
  });
  it("an edit in the middle changes only that line's parse", () => {
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }]);
    const first = analyze(t);
    const edited = t.replace('"toolCallId":"a_1"', '"toolCallId":"b_2"');
    const inc = analyze(edited, { previous: first });
    assert.deepEqual(summary(inc), summary(analyze(edited)));
    assert.deepEqual(inc.findings.map((f) => f.code).filter((c) => c === "orphan-result"), ["orphan-result"]);
    assert.equal(inc.session.lines.at(1)!.value, first.session.lines.at(1)!.value);
    assert.notEqual(inc.session.lines.at(3)!.value, first.session.lines.at(3)!.value);
  });
});

describe("provider packs present, continued", () => {
  const msg = (role: string, provider?: string, api?: string): Msg => ({ role, provider, api, content: [], origin: { kind: "entry", line: 0, entryId: "x" } }) as Msg;
  it("a wire that shares its start with the last one drops the packs of what it no longer holds", () => {
    const user = msg("user");
    const claude = msg("assistant", "anthropic", "anthropic-messages");
    const gpt = msg("assistant", "openai", "openai-responses");
    assert.deepEqual([...packsIn([user, claude], "pi")].sort(), ["anthropic"]);
    assert.deepEqual([...packsIn([user, claude, msg("user"), gpt], "pi")].sort(), ["anthropic", "openai-responses"]);
    assert.deepEqual([...packsIn([user, gpt], "pi")].sort(), ["openai-responses"], "the branch switched: Claude's turn is gone");
    assert.deepEqual([...packsIn([user, gpt], "pi")].sort(), ["openai-responses"], "the same wire again");
    // An edit in the middle: the messages shared at the end keep their counts, the edited one is taken back and added.
    const u2 = msg("user");
    assert.deepEqual([...packsIn([user, claude, u2, gpt], "pi")].sort(), ["anthropic", "openai-responses"]);
    assert.deepEqual([...packsIn([user, msg("assistant", "amazon-bedrock", "bedrock-converse-stream"), u2, gpt], "pi")].sort(), ["bedrock", "openai-responses"], "the middle turn's model edited");
    assert.deepEqual([...packsIn([user, gpt, u2, gpt], "pi")].sort(), ["openai-responses"], "edited again: the same message at both ends");
  });
});

describe("a checkpoint continues once", () => {
  it("a second continuation from the same checkpoint is refused: its id index went on with the first", () => {
    const base = sessionText([{ user: 1 }, { assistant: 2, text: "a" }]);
    const first = parseText(base);
    const cp = sessionCheckpoint(sessionFromLines(first));
    const line = (id: string, parent: string) => JSON.stringify({ type: "message", id, parentId: parent, timestamp: "2027-01-01T00:00:00.000Z", message: { role: "user", content: [{ type: "text", text: "x" }], timestamp: 5 } }) + "\n";
    // Both texts keep the first text's parsed lines, as the language server's document does.
    const keep = (p: ReturnType<typeof parseText>) => {
      for (const l of first.lines.held) {
        const k = p.lines.held.findIndex((x) => x.line === l.line);
        if (k >= 0 && p.lines.held[k].text === l.text && p.lines.held[k].eol === l.eol) p.lines.held[k] = l;
      }
      return p;
    };
    assert.ok(appendSession(cp, keep(parseText(base + line("X", "e2")))), "the first append continues");
    // "Y" names "X" as its parent, which this text does not have: a fresh read finds a broken parent.
    const other = keep(parseText(base + line("Y", "X")));
    assert.equal(appendSession(cp, other), null);
    assert.equal(editSession(cp, other), null);
    assert.deepEqual(sessionFromLines(other).findings.map((f) => f.code), ["broken-parent"]);
  });
});
