/**
 * Issue 25 item 2: Gemini CLI's JSON-document sessions (`~/.gemini/tmp/<project>/chats/session-*.json`,
 * before 0.40) are session files everywhere the JSONL ones are. The names come from the format
 * profiles' `documentFileName` (server/src/engine); the extension keeps its own list
 * (extension/src/sessionFiles.ts: it does not import the engine), and package.json's menu clause
 * says it once more: all three agree. The session library lists and checks them in Gemini CLI's
 * standard folder (and GEMINI_CLI_HOME's), beside the CLI's JSONL sessions; a `session-*.json` that
 * is no Gemini session is counted as not a session, and other JSON files are not listed.
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileNameGlob, FORMAT_PROFILES, isSessionFileName, SESSION_DOCUMENT_GLOBS, SESSION_DOCUMENT_NAMES } from "../../server/src/engine/index.js";
import { libraryRoots, listSessionFiles, standardRoots } from "../../server/src/library/folders.js";
import { Library } from "../../server/src/library/library.js";
import { expandPaths } from "../../server/src/cli/session-paths.js";
import { explorerWhenClause, globRegExp, isSessionDocument, isSessionPath, SESSION_DOCUMENT_GLOBS as EXTENSION_GLOBS, SESSION_DOCUMENT_SELECTOR } from "../../extension/src/sessionFiles.js";
import { CORPUS } from "../helpers/corpus.js";

const ROOT = resolve(__dirname, "..", "..");

describe("JSON-document session names: the profiles, the extension and package.json agree", () => {
  it("the server's globs come from the profiles' documentFileName (Gemini CLI: session-*.json)", () => {
    const names = (FORMAT_PROFILES as readonly { documentFileName?: RegExp }[]).flatMap((p) => (p.documentFileName ? [p.documentFileName] : []));
    assert.deepEqual(SESSION_DOCUMENT_NAMES, names);
    assert.ok(names.length >= 1);
    assert.deepEqual(SESSION_DOCUMENT_GLOBS, names.map(fileNameGlob));
    assert.ok(SESSION_DOCUMENT_GLOBS.includes("session-*.json"));
    assert.equal(fileNameGlob(/^a\.b-.*\.json$/), "a.b-*.json");
    assert.throws(() => fileNameGlob(/session-.*\.json/), /anchored/);
    assert.throws(() => fileNameGlob(/^session-\d+\.json$/), /no glob form/);
  });

  it("the extension's one list is the server's; its selector sends JSON files of those names only", () => {
    assert.deepEqual([...EXTENSION_GLOBS], [...SESSION_DOCUMENT_GLOBS]);
    // the glob back as a regular expression is the profile's documentFileName
    assert.deepEqual(EXTENSION_GLOBS.map((g) => globRegExp(g).source), SESSION_DOCUMENT_NAMES.map((r) => r.source));
    // and a store session's read-only document (OpenCode's database: storeSessions.ts), by its scheme
    assert.deepEqual(SESSION_DOCUMENT_SELECTOR, [{ language: "jsonl" }, ...SESSION_DOCUMENT_GLOBS.map((g) => ({ language: "json", pattern: `**/${g}` })), { language: "json", scheme: "transcript-inspector-store" }]);
    const doc = (languageId: string, path: string) => ({ languageId, uri: { path } });
    assert.equal(isSessionDocument(doc("json", "/h/.gemini/tmp/abc/chats/session-2026-01-16T18-34-3739ef95.json")), true);
    assert.equal(isSessionDocument(doc("jsonl", "/x/any.jsonl")), true);
    assert.equal(isSessionDocument(doc("json", "/w/package.json")), false);
    assert.equal(isSessionDocument({ languageId: "json", uri: { path: "/ses_1.json", scheme: "transcript-inspector-store" } }), true, "a store session's document");
    assert.equal(isSessionDocument(doc("json", "/w/session-x.json.bak")), false);
    assert.equal(isSessionDocument(doc("json", "/w/my-session-x.json")), false);
    assert.equal(isSessionDocument(doc("json", "/h/.cline/data/sessions/1784094124598_rruoq/1784094124598_rruoq.messages.json")), true, "Cline's messages file");
    assert.equal(isSessionDocument(doc("plaintext", "/w/session-x.json")), false);
    for (const [path, is] of [["/a/b.jsonl", true], ["/a/B.JSONL", true], ["/a/session-1.json", true], ["/a/settings.json", false], ["/a/session-1.jsonl", true], ["/session-dir/x.json", false]] as const) {
      assert.equal(isSessionPath(path), is, path);
      assert.equal(isSessionFileName(path.slice(path.lastIndexOf("/") + 1)), is && !path.endsWith(".JSONL"), path);
    }
  });

  it("package.json: activates on JSON, and the explorer's menu clause is the extension's", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    assert.ok(pkg.activationEvents.includes("onLanguage:json"));
    assert.ok(pkg.activationEvents.includes("onLanguage:jsonl"));
    const explorer = pkg.contributes.menus["explorer/context"].find((m: any) => m.command === "transcriptInspector.openInspectorToSide");
    assert.equal(explorer.when, explorerWhenClause());
    assert.equal(explorer.when, "resourceExtname == .jsonl || resourceFilename =~ /^session-.*\\.json$/ || resourceFilename =~ /^.*\\.messages\\.json$/ || resourceFilename =~ /^api_conversation_history\\.json$/");
  });
});

describe("the session library lists Gemini CLI's JSON sessions in its standard folder", () => {
  let home: string;
  let moved: string;
  let cacheDir: string;
  const paths: Record<string, string> = {};
  before(() => {
    home = mkdtempSync(join(tmpdir(), "ti-gemini-home-"));
    moved = mkdtempSync(join(tmpdir(), "ti-gemini-moved-"));
    cacheDir = mkdtempSync(join(tmpdir(), "ti-gemini-cache-"));
    const chats = join(home, ".gemini", "tmp", "0b7dfb1274ee51b3", "chats");
    mkdirSync(chats, { recursive: true });
    paths.doc = join(chats, "session-2026-01-16T18-34-3739ef95.json");
    copyFileSync(join(CORPUS, "gemini-cli", "agent-sessions-gemini-small.json"), paths.doc);
    paths.big = join(chats, "session-2025-10-01T10-00-pomodoro.json");
    copyFileSync(join(CORPUS, "gemini-cli", "ai-sessions-pomodoro-2.5-pro.json"), paths.big);
    paths.jsonl = join(chats, "session-2026-02-01T09-00-v040.jsonl");
    copyFileSync(join(CORPUS, "gemini-cli", "agent-sessions-gemini-jsonl-v040.jsonl"), paths.jsonl);
    // a session-*.json that is not a Gemini session, and JSON files of other names
    paths.notGemini = join(chats, "session-notes.json");
    writeFileSync(paths.notGemini, JSON.stringify({ title: "notes", items: [1, 2, 3] }, null, 2));
    paths.logs = join(home, ".gemini", "tmp", "0b7dfb1274ee51b3", "logs.json");
    writeFileSync(paths.logs, JSON.stringify([{ sessionId: "x", messageId: 0, type: "user", message: "hi" }], null, 2));
    writeFileSync(join(home, ".gemini", "settings.json"), "{}");
    const movedChats = join(moved, ".gemini", "tmp", "p", "chats");
    mkdirSync(movedChats, { recursive: true });
    paths.movedDoc = join(movedChats, "session-2026-01-16T18-34-aaaa.json");
    copyFileSync(join(CORPUS, "gemini-cli", "agent-sessions-gemini-small.json"), paths.movedDoc);
  });
  after(() => {
    for (const d of [home, moved, cacheDir]) rmSync(d, { recursive: true, force: true });
  });

  it("lists session-*.json beside session-*.jsonl, not logs.json or settings.json", async () => {
    const root = standardRoots(home, {}).find((r) => r.agent === "gemini-cli")!;
    assert.equal(root.path, join(home, ".gemini", "tmp"));
    const { files } = await listSessionFiles(root);
    assert.deepEqual(files.map((f) => f.path).sort(), [paths.big, paths.doc, paths.jsonl, paths.notGemini].sort());
    // GEMINI_CLI_HOME moves the folder
    const movedRoot = standardRoots(home, { GEMINI_CLI_HOME: moved }).find((r) => r.agent === "gemini-cli")!;
    assert.deepEqual((await listSessionFiles(movedRoot)).files.map((f) => f.path), [paths.movedDoc]);
    // `check DIR` walks the same names
    assert.deepEqual(expandPaths([join(home, ".gemini")]).paths.sort(), [paths.big, paths.doc, paths.jsonl, paths.notGemini].sort());
  });

  it("checks them as Gemini CLI sessions; the other session-*.json is not a session", async () => {
    const lib = new Library({ roots: libraryRoots({ home, env: {} }), cacheDir });
    try {
      await lib.scanAndWait();
      const s = lib.summary();
      assert.equal(s.sessions, 3, "the two JSON documents and the JSONL session");
      assert.equal(s.notSessions, 1);
      assert.equal(lib.session(paths.notGemini), undefined);
      assert.deepEqual(s.byAgent.map((a) => [a.key, a.sessions]), [["gemini-cli", 3]]);
      for (const p of [paths.doc, paths.big]) {
        const x = lib.session(p)!;
        assert.ok(x, p);
        assert.equal(x.agent, "gemini-cli");
        assert.ok(x.messages > 0, `${p}: ${x.messages} messages`);
        assert.ok(x.title.length > 0);
      }
      assert.equal(lib.session(paths.doc)!.title, "Hello");
    } finally {
      lib.dispose();
    }
  });
});
