/**
 * Issue 23 item 8a, "paste a provider error", end to end without VS Code: the server answers
 * `transcriptInspector/providerError` over a real stdio connection with the line an Anthropic
 * error's `messages.N.content.M` comes from; the command (fake vscode) offers the clipboard's
 * error in its box, refuses text that names no place, moves the cursor to the line the server
 * gives and says what is there.
 */
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import type { ProviderErrorAnswer } from "../../server/src/protocol/index.js";
import { claudeCodeText } from "../helpers/claude-code-builder.js";
import { fakeEditor, installFakes, state, Uri } from "../helpers/fake-vscode.js";
import { LspClient } from "../helpers/lsp-client.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ext = require("../../extension/src/extension.ts");

const ROOT = resolve(__dirname, "..", "..");
const ERROR = "API Error: 400 {\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"messages.4.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_ghost. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.\"}}";

/**
 * A result that answers no call, written after the answer: Claude Code 2.0.31 sends it and
 * Anthropic rejects the request (2.1.112 drops it before sending), so the session is read as
 * 2.0.31 (`agentVersions`).
 */
function ghostSession(): string {
  const base = claudeCodeText([{ calls: ["toolu_1"] }, { calls: [] }]);
  const last = JSON.parse(base.trim().split("\n").at(-1)!);
  return base + JSON.stringify({ ...last, uuid: "00000000-0000-4000-8000-0000000000ff", parentUuid: last.uuid, type: "user", timestamp: "2026-01-01T00:00:05.000Z", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_ghost", content: "late", is_error: false }] } }) + "\n";
}

describe("paste a provider error", () => {
  let c: LspClient;
  const uri = "file:///virtual/ghost.jsonl";
  let answer: ProviderErrorAnswer;
  before(async () => {
    c = await LspClient.start({ agentVersions: { "claude-code": "2.0" } });
    const from = c.published.length;
    c.open(uri, ghostSession());
    await c.diagnosticsFor(uri, 1, from);
  });
  after(async () => {
    await c.stop();
  });

  it("the server gives the line of the place the error names", async () => {
    answer = await c.request<ProviderErrorAnswer>("transcriptInspector/providerError", { uri, text: ERROR });
    assert.equal(answer.provider, "anthropic");
    assert.equal(answer.path, "messages.4.content.0");
    assert.equal(answer.line, 5);
    assert.equal(answer.toolCallId, "toolu_ghost");
    assert.equal(await c.request("transcriptInspector/providerError", { uri, text: "overloaded_error" }), null);
    assert.equal(await c.request("transcriptInspector/providerError", { uri: "file:///virtual/none.jsonl", text: ERROR }), null);
  });

  it("the command offers the clipboard's error, moves the cursor to that line and says what is there", async () => {
    const doc = Uri.parse(uri);
    state.activeTextEditor = fakeEditor(doc);
    state.visibleTextEditors = [state.activeTextEditor];
    const asked: any[] = [];
    state.requestHandler = (method, params) => {
      asked.push([method, params]);
      return method === "transcriptInspector/providerError" ? answer : null;
    };
    await ext.activate({ subscriptions: [] as any[], extensionUri: Uri.file(ROOT), asAbsolutePath: (p: string) => join(ROOT, p) });
    state.clipboard = ERROR;
    state.inputAnswer = ERROR;
    await state.commands.get("transcriptInspector.goToProviderError")!();
    const box = state.inputBoxes.at(-1);
    assert.equal(box.value, ERROR, "the clipboard's error fills the box");
    assert.equal(box.validateInput("no place here"), "No place in a request here: the error should name messages.N, messages[N] or input[N].");
    assert.equal(box.validateInput("Invalid 'input[7].content': array too long"), undefined);
    assert.deepEqual(asked.at(-1), ["transcriptInspector/providerError", { uri, text: ERROR }]);
    assert.equal(state.activeTextEditor.selection.active.line, 4, "line 5, 0-based");
    assert.equal(state.infos.at(-1), "Anthropic: messages.4.content.0 is line 5, the user message (result of toolu_ghost).");

    // a clipboard without an error leaves the box empty; Escape does nothing
    state.clipboard = "some other text";
    state.inputAnswer = undefined;
    const n = asked.length;
    await state.commands.get("transcriptInspector.goToProviderError")!();
    assert.equal(state.inputBoxes.at(-1).value, "");
    assert.equal(asked.length, n);

    // text given by another extension (or a test): no box
    const boxes = state.inputBoxes.length;
    await state.commands.get("transcriptInspector.goToProviderError")!(doc, ERROR);
    assert.equal(state.inputBoxes.length, boxes);
    assert.equal(asked.length, n + 1);
  });
});
