/**
 * Issue 23 item 1: fix-all is offered at once and computed when chosen (codeAction/resolve), off
 * the request path, with VS Code's work-done progress (one report a round) and cancellation: a
 * cancelled resolve stops before its next round and caches nothing, so choosing it again computes
 * it in full. Over a real stdio connection; every assertion is on events, none on time.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { CancellationTokenSource } from "vscode-jsonrpc/node";
import { LspClient } from "../helpers/lsp-client.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

const CAPABILITIES = {
  window: { workDoneProgress: true },
  workspace: { configuration: true },
  textDocument: { publishDiagnostics: { relatedInformation: true }, codeAction: { dataSupport: true, resolveSupport: { properties: ["edit"] } } },
};

/** Orphan results, reused ids and a call without its result: fix-all needs more than one round. */
function damaged(): string {
  const specs: Spec[] = [{ user: 1 }];
  let t = 2;
  for (let i = 0; i < 6; i++) specs.push({ assistant: t++, calls: ["bash_1"] }, { result: t++, id: "bash_1" }, { result: t++, id: `gone_${i}` });
  specs.push({ assistant: t++, calls: ["lost_1"] }, { user: t++ }, { assistant: t++, text: "done" });
  return sessionText(specs);
}

/** The `$/progress` values of each token that began after notification `from`, in order. */
function progressSince(c: LspClient, from: number): any[][] {
  const by = new Map<string, any[]>();
  for (const n of c.notifications.slice(from)) {
    if (n.method !== "$/progress") continue;
    const k = String(n.params.token);
    if (!by.has(k)) by.set(k, []);
    by.get(k)!.push(n.params.value);
  }
  return [...by.values()];
}

describe("fix-all is computed when chosen, with progress and cancellation", () => {
  let c: LspClient;
  const uri = "file:///virtual/fix-all-progress.jsonl";
  let action: any;
  before(async () => {
    c = await LspClient.start({}, CAPABILITIES);
    c.open(uri, damaged());
    await c.diagnosticsFor(uri, 1);
    const actions: any[] = await c.request("textDocument/codeAction", { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ["source.fixAll"] } });
    action = actions.find((a) => a.kind === "source.fixAll.transcriptInspector");
  });
  after(async () => {
    await c.stop();
  });

  it("the light bulb offers fix-all without its edit: nothing is computed until it is chosen", () => {
    assert.ok(action, "a source.fixAll action is offered");
    assert.equal(action.edit, undefined);
    assert.ok(action.data, "it carries what resolve needs");
  });

  it("a resolve cancelled at once stops before its first round, reports none, and returns no edit", async () => {
    const from = c.notifications.length;
    const source = new CancellationTokenSource();
    const pending = c.conn.sendRequest("codeAction/resolve", action, source.token).then((r: any) => ({ r }), (e: any) => ({ e }));
    source.cancel();
    const out: { r?: any; e?: any } = await pending;
    const got = out.r ?? null;
    assert.ok(out.e || !got?.edit, "a cancelled resolve carries no edit");
    const progress = await c.until(() => {
      const p = progressSince(c, from);
      return p.length > 0 && p[0].some((v) => v.kind === "end") && p;
    }, 8000, "the cancelled resolve's progress to end");
    assert.equal(progress.length, 1);
    assert.deepEqual(progress[0].map((v: any) => v.kind), ["begin", "end"], "no round was computed");
    assert.equal(progress[0][0].cancellable, true, "VS Code shows a Cancel button");
  });

  it("chosen again, it is computed in full: a report per round, then the edit", async () => {
    const from = c.notifications.length;
    const resolved = await c.request("codeAction/resolve", action);
    assert.ok(resolved.edit, "the resolved action has its edit");
    const progress = await c.until(() => {
      const p = progressSince(c, from);
      return p.length > 0 && p[0].some((v) => v.kind === "end") && p;
    }, 8000, "the progress to end");
    const values = progress[0];
    assert.equal(values[0].kind, "begin");
    assert.equal(values[0].title, action.title);
    const rounds = values.filter((v: any) => v.kind === "report").map((v: any) => v.message);
    assert.ok(rounds.length >= 2, `rounds reported: ${rounds.join(" | ")}`);
    rounds.forEach((m: string, i: number) => assert.match(m, new RegExp(`^Round ${i + 1}: \\d+ [a-z-]+ repairs?$`)));
    assert.equal(values[values.length - 1].kind, "end");
  });
});
