/**
 * Issue 23 item 2, the client side: the lightbulb's "Turn off <code> in this workspace" writes
 * `off` beside the workspace's other overrides (the user settings when no folder is open), and
 * "Show documentation for <code>" opens the shipped README at the code's anchor: the Markdown
 * preview with the `#code-<code>` fragment, or the text at the anchor's line without it. Against
 * the fake `vscode` API (test/helpers/fake-vscode.ts).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeEach, describe, it } from "node:test";
import { installFakes, state, Uri } from "../helpers/fake-vscode.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cs = require("../../extension/src/codeSettings.ts");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { COMMANDS } = require("../../extension/src/commands.ts");

const ROOT = resolve(__dirname, "..", "..");
const README = Uri.file(join(ROOT, "README.md"));
const KEY = "transcriptInspector.severityOverrides";

describe("lightbulb commands (fake vscode)", () => {
  beforeEach(() => {
    state.settings = new Map();
    state.infos = [];
    state.executed = [];
  });

  it("the command table runs both, with the code the server sent", () => {
    assert.equal(typeof COMMANDS["transcriptInspector.turnOffCode"], "function");
    assert.equal(typeof COMMANDS["transcriptInspector.showCodeDocs"], "function");
  });

  it("turn off: `off` in the workspace settings, the workspace's other overrides kept, the user's untouched", async () => {
    state.workspaceFolders = [{ uri: Uri.file("/work"), name: "work", index: 0 }];
    state.settings.set(2, { [KEY]: { "pending-call": "hint" } });
    state.settings.set(1, { [KEY]: { "colliding-id": "warning" } });
    assert.equal(await COMMANDS["transcriptInspector.turnOffCode"]({}, "partial-message"), "workspace");
    assert.deepEqual(state.settings.get(2)![KEY], { "pending-call": "hint", "partial-message": "off" });
    assert.deepEqual(state.settings.get(1)![KEY], { "colliding-id": "warning" });
    assert.deepEqual(state.infos, []);
  });

  it("turn off with no folder open: the user settings, and it says so", async () => {
    state.workspaceFolders = undefined;
    assert.equal(await cs.turnOffCode("orphan-result"), "user");
    assert.deepEqual(state.settings.get(1)![KEY], { "orphan-result": "off" });
    assert.equal(state.settings.get(2), undefined);
    assert.match(state.infos[0], /No folder is open: orphan-result is turned off in your user settings/);
  });

  it("an argument that is not a finding code writes nothing (arguments come from anywhere)", async () => {
    state.workspaceFolders = [{ uri: Uri.file("/work"), name: "work", index: 0 }];
    for (const bad of [undefined, 3, "", "Orphan", "a b", "x\u202e", { code: "x" }]) assert.equal(await cs.turnOffCode(bad), undefined);
    assert.equal(state.settings.size, 0);
  });

  it("documentation: the Markdown preview of the shipped README at #code-<code>", async () => {
    await COMMANDS["transcriptInspector.showCodeDocs"]({ readme: README }, "orphan-result");
    const [id, uri] = state.executed.at(-1) as [string, any];
    assert.equal(id, "markdown.showPreviewToSide");
    assert.equal(uri.fragment, "code-orphan-result");
    assert.equal(uri.path, README.path);
  });

  it("the anchor each code's section has in README is found (every code the lightbulb can name)", () => {
    const text = readFileSync(join(ROOT, "README.md"), "utf8");
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    for (const code of pkg.contributes.configuration.properties[KEY].propertyNames.enum) {
      const line = cs.anchorLine(text, code);
      assert.ok(line > 0, code);
      assert.match(text.split("\n")[line], new RegExp(`\\*\\*\`${code}\`\\*\\*`));
    }
  });
});
