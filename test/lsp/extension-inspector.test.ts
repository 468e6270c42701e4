/**
 * Issue 23 item 4, the extension's part (fake vscode, test/helpers/fake-vscode.ts): the inspector
 * panel keeps the branch the page picked (`showBranch`) and names it in every request it relays
 * (summary, rows, locate, full text, subagent), and opens a subagent's transcript where the server
 * says it is (a `.jsonl` file: its tab and its own inspector), refusing anything else.
 */
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { before, describe, it } from "node:test";
import { fakeEditor, installFakes, state, Uri } from "../helpers/fake-vscode.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ext = require("../../extension/src/extension.ts");

const ROOT = resolve(__dirname, "..", "..");
const doc = Uri.parse("file:///work/s.jsonl");
const tick = () => new Promise((r) => setTimeout(r, 10));
const filters = { hiddenRoles: [], tool: "", onlyFindings: false, search: "" };

describe("inspector panel: branches and subagents (fake vscode)", () => {
  const requests: [string, any][] = [];
  let subagentAnswer: any = null;
  before(async () => {
    state.activeTextEditor = fakeEditor(doc);
    state.visibleTextEditors = [state.activeTextEditor];
    state.requestHandler = (method, params) => {
      requests.push([method, params]);
      if (method === "transcriptInspector/summary") return { uri: params.uri, revision: 1 };
      if (method === "transcriptInspector/rows") return { revision: 1, count: 0, start: 0, rows: [] };
      if (method === "transcriptInspector/subagent") return subagentAnswer;
      return null;
    };
    await ext.activate({ subscriptions: [] as any[], extensionUri: Uri.file(ROOT), asAbsolutePath: (p: string) => join(ROOT, p) });
    await state.commands.get("transcriptInspector.openInspectorToSide")!(doc);
    state.panels[0].received.fire({ type: "ready" });
    await tick();
  });
  const last = (method: string) => requests.filter(([m]) => m === method).at(-1)?.[1];

  it("relays the branch the page picked in the summary and every windowed request, and forgets it on null", async () => {
    const panel = state.panels[0];
    assert.equal(last("transcriptInspector/summary").leafId, undefined);
    panel.received.fire({ type: "showBranch", leafId: "leaf-7" });
    await tick();
    assert.deepEqual(last("transcriptInspector/summary"), { uri: doc.toString(), leafId: "leaf-7" });
    assert.equal(panel.posted.at(-1).type, "summary");
    panel.received.fire({ type: "rows", id: 3, query: { revision: 1, filters, start: 0, count: 10 } });
    panel.received.fire({ type: "subagent", id: 4, query: { revision: 1, toolCallId: "call-1" } });
    await tick();
    assert.equal(last("transcriptInspector/rows").leafId, "leaf-7");
    assert.deepEqual(last("transcriptInspector/subagent"), { revision: 1, toolCallId: "call-1", leafId: "leaf-7", uri: doc.toString() });
    assert.deepEqual(panel.posted.at(-1), { type: "subagent", id: 4, answer: null });
    panel.received.fire({ type: "showBranch", leafId: null });
    await tick();
    assert.deepEqual(last("transcriptInspector/summary"), { uri: doc.toString() });
    // a malformed pick is not acted on
    const n = requests.length;
    panel.received.fire({ type: "showBranch", leafId: 7 });
    await tick();
    assert.equal(requests.length, n);
  });

  it("opens a subagent's transcript with its own inspector, where the server says it is", async () => {
    const panel = state.panels[0];
    subagentAnswer = { toolCallId: "call-1", id: "a1", uri: "file:///work/s/subagents/agent-a1.jsonl", file: "agent-a1.jsonl", messages: [], total: 0 };
    state.executed = [];
    const panels = state.panels.length;
    panel.received.fire({ type: "openSubagent", toolCallId: "call-1" });
    await tick();
    assert.deepEqual(last("transcriptInspector/subagent"), { revision: 0, toolCallId: "call-1", uri: doc.toString() });
    const open = state.executed.find(([id]) => id === "vscode.open")!;
    assert.equal(String(open[1]), "file:///work/s/subagents/agent-a1.jsonl");
    assert.deepEqual(open[2], { preview: false });
    assert.equal(state.panels.length, panels + 1);
    assert.equal(state.panels.at(-1).title, "Inspect agent-a1.jsonl");
  });

  it("refuses a transcript that is not a .jsonl file, and says when none was found", async () => {
    const panel = state.panels[0];
    for (const answer of [{ ...subagentAnswer, uri: "https://example.com/agent.jsonl" }, { ...subagentAnswer, uri: "file:///etc/passwd" }, null]) {
      subagentAnswer = answer;
      state.executed = [];
      const infos = state.infos.length;
      panel.received.fire({ type: "openSubagent", toolCallId: "call-1" });
      await tick();
      assert.equal(state.executed.filter(([id]) => id === "vscode.open").length, 0);
      assert.match(state.infos.at(-1) ?? "", /subagent's transcript was not found/);
      assert.equal(state.infos.length, infos + 1);
    }
  });
});
