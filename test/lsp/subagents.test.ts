/**
 * Issue 23 item 4 ("subagents are a tag that cannot be opened") over a real stdio connection to
 * the built server: a Claude Code 2.1 session's Agent calls carry their subagents, with the file
 * name when `<session>/subagents/agent-<id>.jsonl` is beside the session (and none when it is
 * not); the subagent request answers with the transcript's uri and first messages. A Codex
 * parent's spawn_agent call finds its child rollout by thread id in another day of the sessions
 * tree. A session opened from elsewhere than a file finds nothing, and asks for nothing outside it.
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import type { RowsAnswer, SubagentAnswer, ViewMessage, ViewSummary } from "../../server/src/protocol/index.js";
import { corpusText, CORPUS } from "../helpers/corpus.js";
import { LspClient } from "../helpers/lsp-client.js";
import { PI_SUBAGENT_RUN, piChildSession, piParentSession } from "../helpers/pi-subagent-session.js";

const none = { hiddenRoles: [], tool: "", onlyFindings: false, search: "" };
const dir = mkdtempSync(join(tmpdir(), "ti-subagents-"));

async function beforeMessages(c: LspClient, uri: string): Promise<ViewMessage[]> {
  const s = await c.request<ViewSummary>("transcriptInspector/summary", { uri });
  const rows = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, filters: none, start: 0, count: 200 });
  return rows.rows.flatMap((r) => [r.before, ...(r.results ?? []).map((x) => x.before)]).filter((m): m is ViewMessage => !!m);
}

describe("subagents with transcripts of their own, over stdio", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start({});
  });
  after(async () => {
    await c.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("Claude Code: the Agent calls name their subagents; the one whose file is beside the session is listed and read", async () => {
    const session = join(dir, "55550000-0000-4000-8000-000000000001.jsonl");
    copyFileSync(join(CORPUS, "claude-code", "daaain-minimal-showcase-parallel-agents.jsonl"), session);
    mkdirSync(join(dir, "55550000-0000-4000-8000-000000000001", "subagents"), { recursive: true });
    const agentFile = join(dir, "55550000-0000-4000-8000-000000000001", "subagents", "agent-showcol2.jsonl");
    copyFileSync(join(CORPUS, "claude-code", "daaain-subagent-showcol2.jsonl"), agentFile);
    const uri = pathToFileURL(session).href;
    const from = c.published.length;
    c.open(uri, readFileSync(session, "utf8"));
    await c.diagnosticsFor(uri, 1, from);

    const refs = (await beforeMessages(c, uri)).flatMap((m) => m.subagents ?? []);
    assert.deepEqual(
      refs.map((r) => [r.id, r.agent, r.where, r.file ?? null]).sort(),
      [
        ["showcol1", "Claude Code", { in: "session-folder", path: ["subagents", "agent-showcol1.jsonl"] }, null],
        ["showcol2", "Claude Code", { in: "session-folder", path: ["subagents", "agent-showcol2.jsonl"] }, "agent-showcol2.jsonl"],
      ],
    );
    const found = refs.find((r) => r.id === "showcol2")!;
    const a = await c.request<SubagentAnswer>("transcriptInspector/subagent", { uri, revision: 0, toolCallId: found.toolCallId });
    assert.equal(a.uri, pathToFileURL(agentFile).href);
    assert.equal(a.file, "agent-showcol2.jsonl");
    assert.equal(a.format, "claude-code");
    assert.equal(a.total, 4);
    assert.deepEqual(a.messages[0], { role: "user", preview: "Survey src/jobs and list its scheduled jobs.", line: 1 });
    // the one without a transcript, and a call that ran no subagent: nothing to read
    const missing = refs.find((r) => r.id === "showcol1")!;
    assert.equal(await c.request("transcriptInspector/subagent", { uri, revision: 0, toolCallId: missing.toolCallId }), null);
    assert.equal(await c.request("transcriptInspector/subagent", { uri, revision: 0, toolCallId: "no-such-call" }), null);
  });

  it("Codex: a spawn_agent call finds its child rollout by thread id, in another day of the sessions tree", async () => {
    const parentDir = join(dir, "sessions", "2026", "01", "03");
    const childDir = join(dir, "sessions", "2026", "01", "04");
    mkdirSync(parentDir, { recursive: true });
    mkdirSync(childDir, { recursive: true });
    const parent = join(parentDir, "rollout-2026-01-03T04-05-06-22222222-2222-4222-8222-222222222222.jsonl");
    copyFileSync(join(CORPUS, "codex", "daaain-parent-spawn.jsonl"), parent);
    const child = join(childDir, "rollout-2026-01-04T00-00-01-33333333-3333-4333-8333-333333333333.jsonl");
    copyFileSync(join(CORPUS, "codex", "daaain-subagent-child.jsonl"), child);
    const uri = pathToFileURL(parent).href;
    const from = c.published.length;
    c.open(uri, readFileSync(parent, "utf8"));
    await c.diagnosticsFor(uri, 1, from);
    const refs = (await beforeMessages(c, uri)).flatMap((m) => m.subagents ?? []);
    assert.deepEqual(refs, [{ toolCallId: "call-spawn-001", id: "33333333-3333-4333-8333-333333333333", agent: "Codex", where: { in: "sessions-tree", prefix: "rollout-", suffix: "-33333333-3333-4333-8333-333333333333.jsonl" }, label: "spawn_agent", file: "rollout-2026-01-04T00-00-01-33333333-3333-4333-8333-333333333333.jsonl" }]);
    const a = await c.request<SubagentAnswer>("transcriptInspector/subagent", { uri, revision: 0, toolCallId: "call-spawn-001" });
    assert.equal(a.uri, pathToFileURL(child).href);
    assert.equal(a.format, "codex");
  });

  it("pi: a subagent call (pi-subagents) finds the child's session at <session>/<runId>/run-0/session.jsonl", async () => {
    const name = "2026-02-01T10-00-00-000Z_p1";
    const parent = join(dir, `${name}.jsonl`);
    writeFileSync(parent, piParentSession(dir, name));
    const child = join(dir, name, PI_SUBAGENT_RUN, "run-0", "session.jsonl");
    mkdirSync(join(dir, name, PI_SUBAGENT_RUN, "run-0"), { recursive: true });
    writeFileSync(child, piChildSession());
    const uri = pathToFileURL(parent).href;
    const from = c.published.length;
    c.open(uri, readFileSync(parent, "utf8"));
    await c.diagnosticsFor(uri, 1, from);
    const refs = (await beforeMessages(c, uri)).flatMap((m) => m.subagents ?? []);
    assert.deepEqual(refs, [{ toolCallId: "call_sub_1", id: PI_SUBAGENT_RUN, agent: "pi", where: { in: "session-folder", path: [PI_SUBAGENT_RUN, "run-0", "session.jsonl"] }, label: "scout", file: "session.jsonl" }]);
    const a = await c.request<SubagentAnswer>("transcriptInspector/subagent", { uri, revision: 0, toolCallId: "call_sub_1" });
    assert.equal(a.uri, pathToFileURL(child).href);
    assert.equal(a.format, "pi");
    assert.deepEqual(a.messages[0], { role: "user", preview: "Map the auth module", line: 2 });
  });

  it("a session that is not a file: its subagents are named, no file is looked for", async () => {
    const uri = "untitled:showcase.jsonl";
    const from = c.published.length;
    c.open(uri, corpusText("claude-code/daaain-minimal-showcase-parallel-agents.jsonl"));
    await c.diagnosticsFor(uri, 1, from);
    const refs = (await beforeMessages(c, uri)).flatMap((m) => m.subagents ?? []);
    assert.equal(refs.length, 2);
    assert.ok(refs.every((r) => r.file === undefined));
  });
});
