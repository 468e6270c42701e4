/**
 * Issue 23 item 8c, the live guard: while an agent appends to a session, the status says whether
 * the target provider would accept the next request and, when not, why (the first finding that
 * makes it reject: code, line, what is wrong, the provider's error text). Over a real stdio
 * connection (an append that leaves an orphan result turns Anthropic's verdict: the session is
 * read as Claude Code 2.0.31, which sends such a result, while 2.1.112 drops it), then the status
 * item's text and tooltip (fake vscode).
 */
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import type { StatusParams } from "../../server/src/protocol/index.js";
import { claudeCodeText } from "../helpers/claude-code-builder.js";
import { fakeEditor, installFakes, state, Uri } from "../helpers/fake-vscode.js";
import { LspClient } from "../helpers/lsp-client.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ext = require("../../extension/src/extension.ts");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sw = require("../../extension/src/providerSwitch.ts");

const ROOT = resolve(__dirname, "..", "..");
const BASE = claudeCodeText([{ calls: ["toolu_1"] }, { calls: [] }]);
const LAST = JSON.parse(BASE.trim().split("\n").at(-1)!);
/** A line an agent appends: a user line after the last one, with `content`. */
const appended = (n: number, content: unknown[]) => JSON.stringify({ ...LAST, uuid: `00000000-0000-4000-8000-0000000000f${n}`, parentUuid: n === 0 ? LAST.uuid : `00000000-0000-4000-8000-0000000000f${n - 1}`, type: "user", message: { role: "user", content }, timestamp: `2026-01-01T00:10:0${n}.000Z` }) + "\n";

describe("the live guard over stdio", () => {
  let c: LspClient;
  const uri = "file:///virtual/live.jsonl";
  let statuses: StatusParams[] = [];
  before(async () => {
    // Claude Code 2.0.31 sends a result that answers no call (2.1.112 drops it before sending).
    c = await LspClient.start({ agentVersions: { "claude-code": "2.0" } });
  });
  after(async () => {
    await c.stop();
  });

  it("says the target accepts, then, after an append that breaks the next request, why it would reject", async () => {
    const from = c.notifications.length;
    c.open(uri, BASE);
    const first = (await c.status(uri, from)) as StatusParams;
    assert.equal(first.provider?.target, "anthropic");
    assert.equal(first.provider?.rejects, false);
    assert.equal(first.provider?.reason, undefined);

    const lines = BASE.split("\n").length - 1;
    const mark = c.notifications.length;
    c.change(uri, 2, [{ range: { start: { line: lines, character: 0 }, end: { line: lines, character: 0 } }, text: appended(0, [{ type: "tool_result", tool_use_id: "toolu_ghost", content: "late", is_error: false }]) }]);
    const second = (await c.status(uri, mark)) as StatusParams;
    const r = second.provider!.reason!;
    assert.equal(second.provider!.rejects, true);
    assert.equal(r.code, "orphan-result");
    assert.equal(r.line, lines + 1);
    assert.equal(r.toolCallId, "toolu_ghost");
    assert.match(r.message, /Tool result `toolu_ghost` answers no call/);
    assert.match(r.error!, /^messages\.N\.content\.M: unexpected tool_use_id found in tool_result blocks/);
    assert.equal(r.provider, "Anthropic");
    statuses = [first, second];
  });

  it("the status item shows it: the code and line in the text, what and the provider's words in the tooltip", async () => {
    const [ok, rejects] = statuses;
    assert.equal(sw.providerStatusContent(ok.provider).text, "$(check) Anthropic");
    const { text, tooltip } = sw.providerStatusContent(rejects.provider);
    assert.equal(text, `$(error) Anthropic would reject: orphan-result, line ${rejects.provider!.reason!.line}`);
    assert.match(tooltip, /Anthropic would reject the next request: 1 problem\./);
    assert.match(tooltip, /First: line \d+, orphan-result: Tool result `toolu_ghost` answers no call/);
    assert.match(tooltip, /Anthropic answers: “messages\.N\.content\.M: unexpected tool_use_id/);
    // more problems are counted after the first
    assert.match(sw.providerStatusContent({ ...rejects.provider, problems: 3 }).text, /line \d+ \(\+2\)$/);

    // the item follows each status of the active document as it comes
    const doc = Uri.parse(uri);
    state.activeTextEditor = fakeEditor(doc);
    await ext.activate({ subscriptions: [] as any[], extensionUri: Uri.file(ROOT), asAbsolutePath: (p: string) => join(ROOT, p) });
    const item = state.statusItems.find((i) => i.id === "transcriptInspector.provider")!;
    const notify = state.clients[0].handlers.get("transcriptInspector/status")!;
    notify(ok);
    assert.equal(item.text, "$(check) Anthropic");
    notify(rejects);
    assert.equal(item.text, text);
    notify(ok);
    assert.equal(item.text, "$(check) Anthropic");
  });
});
