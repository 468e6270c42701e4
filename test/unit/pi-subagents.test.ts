/**
 * Issue 26 item 5, pi: a `subagent` call of pi's subagent extensions links to the child's own
 * transcript where pi-subagents writes it (`<session>/<runId>/run-<i>/session.jsonl`, recorded in
 * the result's `details`), kept relative to the session; pi's own example (`--no-session`, no
 * file), a file recorded elsewhere and names that are not plain names link to nothing.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze, formatProfile } from "../../server/src/engine/index.js";
import { subagentRefs } from "../../server/src/presentation/view-subagents.js";
import { summarizeFile } from "../../server/src/library/summarize.js";
import { PI_SUBAGENT_RUN, piChildSession, piParentSession } from "../helpers/pi-subagent-session.js";

const transcripts = (text: string) => {
  const a = analyze(text);
  return formatProfile("pi")!.subagentTranscripts!(a.session, a.before);
};

describe("pi subagents with transcripts of their own (issue 26 item 5)", () => {
  it("the recorded sessionFile, relative to the session: <runId>/run-0/session.jsonl, labelled by the agent", () => {
    const text = piParentSession("/home/u/.pi/agent/sessions/--work-app--", "2026-02-01T10-00-00-000Z_p1");
    assert.deepEqual(transcripts(text), [{ toolCallId: "call_sub_1", id: PI_SUBAGENT_RUN, label: "scout", where: { in: "session-folder", path: [PI_SUBAGENT_RUN, "run-0", "session.jsonl"] } }]);
    const refs = subagentRefs(analyze(text));
    assert.equal(refs.get("call_sub_1")?.agent, "pi");
  });

  it("without a recorded file, the runId's run-<i> (pi-subagents' layout); pi's own example (no runId, no file) links to nothing", () => {
    assert.deepEqual(transcripts(piParentSession("/s", "p", { sessionFile: false }))[0].where, { in: "session-folder", path: [PI_SUBAGENT_RUN, "run-0", "session.jsonl"] });
    const example = piParentSession("/s", "p", { results: [{ agent: "scout", task: "t", exitCode: 0, messages: [{ role: "assistant", content: [{ type: "text", text: "done" }] }], stderr: "", usage: {} }] }).replace(`"runId":"${PI_SUBAGENT_RUN}",`, "");
    assert.deepEqual(transcripts(example), []);
  });

  it("a file recorded elsewhere (the user's own sessionDir) or a name that is no plain name is not looked for", () => {
    const elsewhere = piParentSession("/s", "p", { results: [{ agent: "scout", sessionFile: "/tmp/mine/child.jsonl" }] });
    assert.deepEqual(transcripts(elsewhere), []);
    const sneaky = piParentSession("/s", "p", { results: [{ agent: "scout", sessionFile: "/s/../run-0/x.jsonl" }] });
    assert.deepEqual(transcripts(sneaky), [], "`..` is not a plain name");
    const runId = piParentSession("/s", "p", { sessionFile: false }).replace(`"runId":"${PI_SUBAGENT_RUN}"`, '"runId":"../../../../etc/passwd#"');
    assert.deepEqual(transcripts(runId), [], "a runId that is no plain name");
    // and the library makes no path of it
    const dir = mkdtempSync(join(tmpdir(), "ti-pi-sub-"));
    try {
      writeFileSync(join(dir, "p.jsonl"), runId);
      const { session } = summarizeFile(join(dir, "p.jsonl"), { prices: { date: "2026-01-01", source: "test", prices: new Map() } });
      assert.deepEqual(session.spawns.map((s) => [s.callId, s.transcript, s.agentId]), [["call_sub_1", undefined, undefined]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the library links the call to the child's file beside the session and counts it as a subagent session of its parent", () => {
    const dir = mkdtempSync(join(tmpdir(), "ti-pi-sub-"));
    try {
      const name = "2026-02-01T10-00-00-000Z_p1";
      const parent = join(dir, `${name}.jsonl`);
      writeFileSync(parent, piParentSession(dir, name));
      mkdirSync(join(dir, name, PI_SUBAGENT_RUN, "run-0"), { recursive: true });
      writeFileSync(join(dir, name, PI_SUBAGENT_RUN, "run-0", "session.jsonl"), piChildSession());
      const { session } = summarizeFile(parent, { prices: { date: "2026-01-01", source: "test", prices: new Map() } });
      assert.deepEqual(
        session.spawns.map((s) => [s.callId, s.tool, s.line, s.hasResult, s.agentId, s.transcript]),
        [["call_sub_1", "subagent", 3, true, PI_SUBAGENT_RUN, join(dir, name, PI_SUBAGENT_RUN, "run-0", "session.jsonl")]],
      );
      // and the child, read on its own, names the session it belongs to (the Sessions view nests it there)
      const child = summarizeFile(join(dir, name, PI_SUBAGENT_RUN, "run-0", "session.jsonl"), { prices: { date: "2026-01-01", source: "test", prices: new Map() } }).session;
      assert.equal(child.agent, "pi");
      assert.equal(child.parent?.kind, "subagent");
      assert.equal(child.parent?.path, parent);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
