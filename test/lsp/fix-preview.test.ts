/**
 * Issue 23 item 8b, fix preview: before a repair is applied, the server gives its edits and the
 * target provider's verdict after it (over a real stdio connection: merging a Claude Code turn's
 * results split over three lines turns Bedrock's "rejects" into "accepts"), and the extension (fake vscode) shows the
 * file against the file as the fix leaves it in VS Code's diff editor, says the verdict, and
 * applies the fix only on Apply (from the message or the diff editor's title), closing the diff.
 */
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import type { PreviewFixAnswer } from "../../server/src/protocol/index.js";
import { ccSession, text, toolResult, toolUse } from "../helpers/provider-sessions.js";
import { fakeDocument, fakeEditor, installFakes, state, Uri, vscode } from "../helpers/fake-vscode.js";
import { applyTextEdits, LspClient } from "../helpers/lsp-client.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ext = require("../../extension/src/extension.ts");

const ROOT = resolve(__dirname, "..", "..");
const BEDROCK = "us.anthropic.claude-sonnet-4-5-v1:0";
/** A Claude Code turn on Bedrock whose three results are on three user lines (3-5): Bedrock rejects it. */
const TEXT = ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a"), toolUse("toolu_b"), toolUse("toolu_c")], model: BEDROCK }, { user: [toolResult("toolu_a")] }, { user: [toolResult("toolu_b")] }, { user: [toolResult("toolu_c")] }, { assistant: [text("done")], model: BEDROCK }]);
const FIX = { title: "Merge the turn's split results", kind: "merge-split-results" as const, line: 5, toolCallId: "toolu_c" };

describe("fix preview", () => {
  let c: LspClient;
  const uri = "file:///virtual/preview.jsonl";
  let preview: PreviewFixAnswer;
  before(async () => {
    c = await LspClient.start({});
    const from = c.published.length;
    c.open(uri, TEXT);
    await c.diagnosticsFor(uri, 1, from);
  });
  after(async () => {
    await c.stop();
  });

  it("the server: the repair's edits, and the target's verdict before and after it", async () => {
    preview = await c.request<PreviewFixAnswer>("transcriptInspector/previewFix", { uri, fix: FIX });
    assert.ok(preview.edits.length > 0);
    const merged = applyTextEdits(TEXT, preview.edits).split("\n");
    assert.equal(merged.length, TEXT.split("\n").length - 2, "the two later result lines go");
    assert.deepEqual(JSON.parse(merged[2]).message.content.map((b: { tool_use_id: string }) => b.tool_use_id), ["toolu_a", "toolu_b", "toolu_c"]);
    assert.deepEqual([preview.before.provider, preview.before.rejects, preview.before.reason?.code], ["bedrock", true, "dangling-call"]);
    assert.ok(preview.before.problems >= 2);
    assert.deepEqual([preview.after.provider, preview.after.rejects, preview.after.problems], ["bedrock", false, 0]);
    assert.deepEqual(preview.added, []);
    // a fix that no longer applies: nothing to preview
    assert.equal(await c.request("transcriptInspector/previewFix", { uri, fix: { ...FIX, line: 1 } }), null);
    // the file is unchanged: previewing applies nothing
    const fixEdit = await c.request("transcriptInspector/fixEdit", { uri, fix: FIX });
    assert.ok(fixEdit, "still applicable after the preview");
  });

  it("the extension: the diff, the verdict, and the fix applied only on Apply", async () => {
    const doc = Uri.parse(uri);
    state.textDocuments = [fakeDocument(doc, TEXT)];
    state.activeTextEditor = fakeEditor(doc);
    state.visibleTextEditors = [state.activeTextEditor];
    const asked: string[] = [];
    // the Sessions view's library requests go on beside the inspector's
    const notSummaryOrLibrary = (m: string) => m !== "transcriptInspector/summary" && !m.startsWith("transcriptInspector/library/");
    state.requestHandler = (method) => {
      asked.push(method);
      if (method === "transcriptInspector/previewFix") return preview;
      if (method === "transcriptInspector/fixEdit") return { changes: { [uri]: preview.edits } };
      if (method === "transcriptInspector/summary") return { uri, revision: 1 };
      return null;
    };
    await ext.activate({ subscriptions: [] as any[], extensionUri: Uri.file(ROOT), asAbsolutePath: (p: string) => join(ROOT, p) });
    await state.commands.get("transcriptInspector.openInspectorToSide")!(doc);
    const panel = state.panels.at(-1);
    panel.received.fire({ type: "ready" });

    // Cancel: the diff was shown, nothing applied, the diff closed
    state.infoChoice = "Cancel";
    state.executed = [];
    const applied = state.applied.length;
    panel.received.fire({ type: "applyFix", fix: FIX });
    await new Promise((r) => setTimeout(r, 20));
    const diff = state.executed.find(([id]) => id === "vscode.diff")!;
    assert.ok(diff, "the diff editor opened");
    assert.equal(String(diff[1]), uri);
    const right = diff[2] as Uri;
    assert.equal(right.scheme, "transcript-inspector-preview");
    assert.equal(diff[3], "preview.jsonl ↔ after: Merge the turn's split results");
    assert.equal(state.contentProviders.get("transcript-inspector-preview")!.provideTextDocumentContent(right), "", "forgotten once dismissed");
    assert.equal(state.infos.at(-1), `After "Merge the turn's split results": Bedrock accepts the next request (it rejects it now: dangling-call, line 2).`);
    assert.equal(state.applied.length, applied);
    assert.deepEqual(asked.filter(notSummaryOrLibrary), ["transcriptInspector/previewFix"]);

    // Apply: the fix's edit goes through workspace.applyEdit
    state.infoChoice = "Apply";
    panel.received.fire({ type: "applyFix", fix: FIX });
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(state.applied.length, applied + 1);
    assert.deepEqual(asked.filter(notSummaryOrLibrary).slice(-2), ["transcriptInspector/previewFix", "transcriptInspector/fixEdit"]);
  });

  it("the diff's text is the file as the fix leaves it, and the diff editor's Apply Fix applies it", async () => {
    // the message stays open (no choice yet): the title button applies
    let answer!: (v: string | undefined) => void;
    const window = vscode.window as any;
    const show = window.showInformationMessage;
    window.showInformationMessage = (m: string, ...items: unknown[]) => (items.length ? new Promise((r) => (answer = r)) : show(m));
    try {
      state.executed = [];
      const applied = state.applied.length;
      const panel = state.panels.at(-1);
      panel.received.fire({ type: "applyFix", fix: FIX });
      await new Promise((r) => setTimeout(r, 20));
      const right = state.executed.find(([id]) => id === "vscode.diff")![2] as Uri;
      assert.equal(state.contentProviders.get("transcript-inspector-preview")!.provideTextDocumentContent(right), applyTextEdits(TEXT, preview.edits));
      await state.commands.get("transcriptInspector.applyPreviewedFix")!(right);
      assert.equal(state.applied.length, applied + 1);
      // the message answered later changes nothing more
      answer("Apply");
      await new Promise((r) => setTimeout(r, 20));
      assert.equal(state.applied.length, applied + 1);
      await state.commands.get("transcriptInspector.applyPreviewedFix")!(right);
      assert.match(state.infos.at(-1)!, /applied or dismissed already/);
    } finally {
      window.showInformationMessage = show;
    }
  });
});
