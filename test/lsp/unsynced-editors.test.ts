/**
 * Issue 11 item 4, the client side (fake vscode, test/helpers/fake-vscode.ts): a `.jsonl` tab
 * shown without a synced document (VS Code syncs none over 50 MB) is reported to the server with
 * `didShowUnsynced`; `didHideUnsynced` follows when its tab closes or VS Code syncs it after all;
 * other tabs (synced, not JSONL, in the background) are not reported; revealing a line of such a
 * file brings its tab forward and opens Go to Line with the line filled in.
 */
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { before, describe, it } from "node:test";
import { fakeTabGroup, installFakes, state, Uri } from "../helpers/fake-vscode.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ext = require("../../extension/src/extension.ts");

const ROOT = resolve(__dirname, "..", "..");
const big = Uri.parse("file:///work/big.jsonl");
const small = Uri.parse("file:///work/small.jsonl");
const other = Uri.parse("file:///work/notes.txt");
const background = Uri.parse("file:///work/background.jsonl");
const SHOW = "transcriptInspector/didShowUnsynced";
const HIDE = "transcriptInspector/didHideUnsynced";

async function until(pred: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("session editors VS Code does not sync (fake vscode)", () => {
  before(async () => {
    await ext.activate({ subscriptions: [] as any[], extensionUri: Uri.file(ROOT), asAbsolutePath: (p: string) => join(ROOT, p) });
  });
  const client = () => state.clients[0];
  const sent = (method: string) => client().sent.filter(([m]) => m === method).map(([, p]) => p.uri);

  it("reports a shown .jsonl tab without a synced document, and only that one", async () => {
    state.textDocuments = [{ uri: small }];
    state.tabGroups = [fakeTabGroup(big, background), { ...fakeTabGroup(small), isActive: false }, { ...fakeTabGroup(other), isActive: false }];
    state.tabsChanged.fire({});
    await until(() => sent(SHOW).length > 0, "didShowUnsynced");
    assert.deepEqual(sent(SHOW), [big.toString()], "the synced, the non-JSONL and the background tab are not reported");
  });

  it("revealing a line of such a file opens its tab and Go to Line with the line (and copies it)", async () => {
    state.executed = [];
    await state.commands.get("transcriptInspector.revealLine")!(42, big.toString());
    const ids = state.executed.map(([id]) => id);
    assert.ok(ids.includes("vscode.open"), "the file's tab is brought forward");
    assert.deepEqual(state.executed.find(([id]) => id === "workbench.action.quickOpen"), ["workbench.action.quickOpen", ":42"]);
    assert.equal(state.clipboard, "42");
    assert.match(state.statusMessages.at(-1)!, /^Line 42: press Enter to go there\./);
  });

  it("tells the server to release it when VS Code syncs it after all, and again after its tab closes", async () => {
    state.textDocuments = [{ uri: small }, { uri: big }];
    state.tabsChanged.fire({});
    await until(() => sent(HIDE).length === 1, "didHideUnsynced once synced");
    assert.deepEqual(sent(HIDE), [big.toString()]);

    state.textDocuments = [{ uri: small }];
    state.tabsChanged.fire({});
    await until(() => sent(SHOW).length === 2, "shown again when no longer synced");
    state.tabGroups = [fakeTabGroup(small)];
    state.tabsChanged.fire({});
    await until(() => sent(HIDE).length === 2, "didHideUnsynced when the tab closes");
    assert.deepEqual(sent(HIDE), [big.toString(), big.toString()]);
  });
});
