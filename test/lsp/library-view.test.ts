/**
 * Issue 26, the Sessions view: extension/src/library against the fake `vscode` API
 * (test/helpers/fake-vscode.ts), its requests answered by a real library over a fake home with
 * sessions of every agent. The tree's roots (a Would be rejected group, one node per agent),
 * projects, days, sessions with their description, icon, tooltip (transcript text escaped),
 * context value and open command; subagents under their parent; the headline and badge; the
 * filter; open, reveal in the OS and open inspector on a session; a store's session (OpenCode's,
 * Hermes Agent's database) opened as its store document, not as a file.
 */
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { installFakes, state, Uri } from "../helpers/fake-vscode.js";
import { libraryRoots } from "../../server/src/library/folders.js";
import { Library } from "../../server/src/library/library.js";
import { type FakeHome, makeFakeHome } from "../helpers/library-home.js";
import { storeHome } from "../helpers/library-stores.js";
import { standardRoots } from "../../server/src/library/folders.js";
import { closeStoreDocuments } from "../../server/src/library/stores.js";
import { STORE_SCHEME } from "../../server/src/protocol/stores.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ext = require("../../extension/src/extension.ts");
const ROOT = resolve(__dirname, "..", "..");

describe("Sessions view (fake vscode, a real library)", () => {
  let h: FakeHome;
  let lib: Library;
  let provider: any;
  const configured: any[] = [];
  let configuredBeforeShown = -1;
  before(async () => {
    h = makeFakeHome();
    lib = new Library({ roots: libraryRoots({ home: h.home, env: {} }), workspaceFolders: ["/fixture"] });
    await lib.scanAndWait();
    state.workspaceFolders = [{ uri: Uri.file("/fixture"), name: "fixture", index: 0 }];
    state.requestHandler = (method: string, p: any) => {
      if (method === "transcriptInspector/library/configure") return configured.push(p), lib.summary();
      if (method === "transcriptInspector/library/summary" || method === "transcriptInspector/library/refresh") return lib.summary();
      if (method === "transcriptInspector/library/children") return lib.children(p);
      if (method === "transcriptInspector/library/search") return lib.search(p.query, p.limit);
      return null;
    };
    await ext.activate({ subscriptions: [] as any[], extensionUri: Uri.file(ROOT), asAbsolutePath: (p: string) => join(ROOT, p) });
    await new Promise((r) => setTimeout(r, 20));
    configuredBeforeShown = configured.length;
    // the user opens the Sessions view (twice: it starts the library once)
    const view = state.treeViews.get("transcriptInspector.sessions")!;
    view.setVisible(true);
    view.setVisible(false);
    view.setVisible(true);
    await new Promise((r) => setTimeout(r, 20));
    provider = view.options.treeDataProvider;
  });
  after(() => {
    lib.dispose();
    h.cleanup();
  });

  it("starts the server's library when the view is first shown, with the home, the workspace folders and the settings", () => {
    assert.equal(configuredBeforeShown, 0, "nothing is asked of the library before the view is shown");
    assert.equal(configured.length, 1);
    const p = configured[0];
    assert.equal(p.enabled, true);
    assert.deepEqual(p.workspaceFolders, ["/fixture"]);
    assert.deepEqual(p.folders, []);
    assert.equal(p.provider, "auto");
    assert.equal(p.searchBudgetChars, 64 * 1024 * 1024);
  });

  it("shows the headline as the view's message and the rejected sessions as its badge", (t) => {
    if (h.have.size === 0) return t.skip("no shared corpus");
    const view = state.treeViews.get("transcriptInspector.sessions")!;
    assert.equal(view.message, lib.summary().headline);
    if (lib.summary().rejected) assert.equal(view.badge.value, lib.summary().rejected);
    assert.equal(state.context.get("transcriptInspector.library.empty"), false);
  });

  it("draws agents, projects, days and sessions following VS Code's tree conventions", async (t) => {
    if (h.have.size === 0) return t.skip("no shared corpus");
    const roots = await provider.getChildren();
    const agents = roots.filter((n: any) => n.kind === "agent");
    assert.equal(agents.length, h.have.size);
    const agentItem = provider.getTreeItem(agents[0]);
    assert.equal(agentItem.iconPath.id, "hubot");
    assert.equal(agentItem.collapsibleState, 2, "agents open");
    assert.match(agentItem.description, /^\d+ sessions?/);
    const projects = await provider.getChildren(agents[0]);
    const projectItem = provider.getTreeItem(projects[0]);
    assert.ok(["folder", "root-folder-opened"].includes(projectItem.iconPath.id));
    const days = await provider.getChildren(projects[0]);
    assert.equal(provider.getTreeItem(days[0]).iconPath.id, "calendar");
    const sessions = await provider.getChildren(days[0]);
    const item = provider.getTreeItem(sessions[0]);
    assert.equal(item.contextValue, "session");
    assert.equal(item.command.command, "transcriptInspector.library.open");
    assert.match(item.description, /^(\S+ · )?\d+ msgs? · [\d.]+ (B|KB|MB) · /);
    assert.ok(item.tooltip.value.includes(sessions[0].session.path.replace(/[\\`*_{}\[\]()#+\-.!<>|~]/g, "\\$&")), "the tooltip names the file, escaped");
    assert.equal(item.tooltip.isTrusted, false);
    assert.equal(item.resourceUri.fsPath, sessions[0].session.path);
  });

  it("puts the rejected sessions in their own group, with the provider's error text in the tooltip", async (t) => {
    if (!h.paths.codexRejected) return t.skip("corpus file missing");
    const failing = (await provider.getChildren()).find((n: any) => n.kind === "failing");
    assert.ok(failing);
    const kids = await provider.getChildren(failing);
    const rejected = kids.find((n: any) => n.session.path === h.paths.codexRejected);
    const item = provider.getTreeItem(rejected);
    assert.equal(item.iconPath.id, "circle-slash");
    assert.match(item.description, /rejected by OpenAI Responses/);
    assert.match(item.tooltip.value, /OpenAI Responses would reject the next request/);
    assert.match(item.tooltip.value, /Duplicate 'call\\_id'/, "escaped for Markdown");
  });

  it("nests subagents under their parent session", async (t) => {
    if (!h.paths.ccParent || !h.paths.ccChild) return t.skip("corpus files missing");
    const parentNode = lib.children({ id: `session:${h.paths.ccParent}` });
    assert.ok(parentNode.nodes.length >= 1);
    const kids = await provider.getChildren({ id: `session:${h.paths.ccParent}`, kind: "session", hasChildren: true, label: "" });
    const child = kids.find((n: any) => n.session.path === h.paths.ccChild);
    const item = provider.getTreeItem(child);
    assert.match(item.description, /^general-purpose · /, "the subagent's type from its .meta.json");
  });

  it("filters by text, and opens, reveals and inspects a session from its menu", async (t) => {
    if (!h.paths.piParent) return t.skip("corpus file missing");
    state.inputAnswer = "sanitized";
    await state.commands.get("transcriptInspector.library.filter")!();
    state.inputAnswer = undefined;
    assert.equal(state.context.get("transcriptInspector.library.filtered"), true);
    const roots = await provider.getChildren();
    const agents = roots.filter((n: any) => n.kind === "agent");
    assert.deepEqual(agents.map((n: any) => n.id), ["agent:pi"]);
    await state.commands.get("transcriptInspector.library.clearFilter")!();
    assert.equal(state.context.get("transcriptInspector.library.filtered"), false);
    const node = { id: `session:${h.paths.piParent}`, kind: "session", label: "x", hasChildren: false, session: lib.session(h.paths.piParent) };
    state.executed.length = 0;
    await state.commands.get("transcriptInspector.library.revealInOS")!(node);
    assert.deepEqual(state.executed.map((e) => [e[0], (e[1] as any).fsPath]), [["revealFileInOS", h.paths.piParent]]);
    await state.commands.get("transcriptInspector.library.copyPath")!(node);
    assert.equal(state.clipboard, h.paths.piParent);
    await state.commands.get("transcriptInspector.library.openInspector")!(node);
    assert.ok(state.panels.length >= 1, "the inspector panel opened");
  });

  it("fixes a session from its menu: opens it and applies fix-all to that file, or says there is nothing to apply", async (t) => {
    if (!h.paths.piParent) return t.skip("corpus file missing");
    const node = { id: `session:${h.paths.piParent}`, kind: "session", label: "x", hasChildren: false, session: lib.session(h.paths.piParent) };
    const asked: any[] = [];
    const handler = state.requestHandler;
    const edit = { changes: { [Uri.file(h.paths.piParent).toString()]: [] } };
    state.requestHandler = (method: string, p: any) => (method === "transcriptInspector/fixEdit" ? (asked.push(p), edit) : handler(method, p));
    try {
      state.applied.length = 0;
      state.shown.length = 0;
      assert.equal(await state.commands.get("transcriptInspector.library.fix")!(node), true);
      assert.equal(asked.length, 1);
      assert.equal(asked[0].uri, Uri.file(h.paths.piParent).toString());
      assert.equal(asked[0].fix.kind, "fix-all");
      assert.equal(state.shown[0].uri.fsPath, h.paths.piParent, "the session was opened first");
      assert.deepEqual(state.applied, [{ converted: edit }], "the server's edit was applied");
      // nothing to repair: no edit, a message that says so
      state.requestHandler = (method: string, p: any) => (method === "transcriptInspector/fixEdit" ? null : handler(method, p));
      state.infos.length = 0;
      assert.equal(await state.commands.get("transcriptInspector.library.fix")!(node), false);
      assert.equal(state.infos.length, 1, state.infos.join(" | "));
    } finally {
      state.requestHandler = handler;
    }
  });

  it("opens a store's session as its store document (transcript-inspector-store:), reveals its database, copies <store>#<id>", async () => {
    const sh = await storeHome();
    const slib = new Library({ roots: standardRoots(sh.home, {}) });
    try {
      await slib.scanAndWait();
      const s = slib.session(`${sh.hermes}#20260605_155539_d8327b`)!;
      assert.ok(s && !s.error);
      const node = { id: `session:${s.path}`, kind: "session", label: s.title, hasChildren: false, session: s };
      const item = provider.getTreeItem(node);
      assert.equal(item.resourceUri.scheme, STORE_SCHEME);
      assert.equal(item.command.command, "transcriptInspector.library.open");
      state.shown.length = 0;
      await state.commands.get(item.command.command)!(...item.command.arguments);
      const uri = state.shown[0].uri;
      assert.equal(uri.scheme, STORE_SCHEME, "not a file path");
      assert.equal(uri.query, sh.hermes);
      assert.equal(uri.path, "/20260605_155539_d8327b.json");
      state.executed.length = 0;
      await state.commands.get("transcriptInspector.library.revealInOS")!(node);
      assert.deepEqual(state.executed.map((e) => [e[0], (e[1] as any).fsPath]), [["revealFileInOS", sh.hermes]]);
      await state.commands.get("transcriptInspector.library.copyPath")!(node);
      assert.equal(state.clipboard, `${sh.hermes}#20260605_155539_d8327b`);
    } finally {
      slib.dispose();
      closeStoreDocuments();
      sh.done();
    }
  });

  it("searches across sessions and opens the chosen match at its line", async () => {
    await state.commands.get("transcriptInspector.library.search")!();
    const qp = state.quickPicks[state.quickPicks.length - 1];
    assert.ok(qp?.visible, "the search quick pick is shown");
    const direct = lib.search("test", 50);
    assert.ok(direct.hits.length > 0, "the fake home holds a session with the word");
    qp.type("test");
    for (let i = 0; i < 400 && qp.items.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    assert.equal(qp.items.length, direct.hits.length);
    assert.match(qp.title, /^Search Sessions: \d+ match(es)?/);
    const first = qp.items[0];
    assert.equal(first.hit.uri.fsPath, direct.hits[0].path);
    state.shown.length = 0;
    qp.accept(0);
    for (let i = 0; i < 400 && state.shown.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    assert.equal(state.shown[0].uri.fsPath, direct.hits[0].path);
    assert.equal(state.shown[0].options.selection.start.line, direct.hits[0].line - 1, "opened at the match's line");
    assert.equal(qp.visible, false);
  });
});
