/// <reference types="mocha" />
/**
 * Issue 25 item 2 in the real extension host: a Gemini CLI chat of one JSON document
 * (`session-*.json`) opens in VS Code's JSON language and gets the server's diagnostics on the
 * JSON text (the call id's own line and columns) and its hover; a `session-*.json` that is no
 * Gemini chat and a JSON file of another name get none.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import { activeExtension, closeAll, codeOf, diagnosticsWhere, hoverText, open, workspaceDir } from "./helpers.js";

const SOURCE = "transcript-inspector";
const CALL = "write_file-1761077079637-de5db03a65079";

/** A chat as Gemini CLI before 0.40 writes it (JSON.stringify(conversation, null, 2)); its call has no result. */
const CHAT = JSON.stringify(
  {
    sessionId: "99ebeb3d-f6b5-4bf9-8ca6-5140591d96bb",
    projectHash: "98f54143ab4e86b28c3afee0f50f2f51cfb2ed3898f54143ab4e86b28c3afee0",
    startTime: "2025-10-21T20:04:20.819Z",
    lastUpdated: "2025-10-21T20:08:49.642Z",
    messages: [
      { id: "u1", timestamp: "2025-10-21T20:04:20.819Z", type: "user", content: "Create index.html." },
      {
        id: "g1",
        timestamp: "2025-10-21T20:04:39.638Z",
        type: "gemini",
        content: "I will create the file.",
        model: "gemini-2.5-pro",
        toolCalls: [{ id: CALL, name: "write_file", args: { file_path: "/tmp/p/index.html", content: "<!DOCTYPE html>" }, status: "success", timestamp: "2025-10-21T20:04:40.000Z" }],
      },
    ],
  },
  null,
  2,
);

let n = 0;
/** A file of exactly this name in a fresh folder of the temp workspace. */
function fileNamed(name: string, text: string): vscode.Uri {
  const dir = path.join(workspaceDir(), "scratch", `gemini-${++n}`, "chats");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
  return vscode.Uri.file(path.join(dir, name));
}

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);

describe("Gemini CLI JSON chats (real VS Code extension host)", function () {
  before(async () => {
    await activeExtension();
  });
  afterEach(closeAll);

  it("a session-*.json opens as JSON and gets diagnostics on the call id's line, and a hover there", async () => {
    const uri = fileNamed("session-2025-10-21T20-04-99ebeb3d.json", CHAT);
    const editor = await open(uri);
    assert.equal(editor.document.languageId, "json");
    const ds = await diagnosticsWhere(uri, "a dangling-call on the Gemini chat", (d) => d.some((x) => codeOf(x) === "dangling-call"));
    const d = ds.find((x) => codeOf(x) === "dangling-call")!;
    const lines = CHAT.split("\n");
    const idLine = lines.findIndex((l) => l.includes(`"id": "${CALL}"`));
    assert.equal(d.range.start.line, idLine, "on the id's own line, not the message's first");
    assert.equal(editor.document.getText(d.range), `"${CALL}"`);
    const at = new vscode.Position(idLine, lines[idLine].indexOf(CALL) + 2);
    const text = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", uri, at));
    assert.match(text, /Tool-call id/);
  });

  it("a session-*.json that is no Gemini chat, and package.json, get none of the extension's diagnostics", async () => {
    const chat = fileNamed("session-2025-10-21T20-04-aaaa.json", CHAT);
    const notChat = fileNamed("session-notes.json", JSON.stringify({ sessionName: "notes", messages: [{ id: "a", toolCalls: [{ id: "x" }] }] }, null, 2));
    const other = fileNamed("package.json", CHAT);
    await open(notChat);
    await open(other);
    // the chat opened last: once its diagnostics are in, the others were answered before it
    await open(chat);
    await diagnosticsWhere(chat, "the chat's diagnostics", (d) => d.some((x) => x.source === SOURCE));
    await new Promise((r) => setTimeout(r, 1000));
    assert.deepEqual(ours(notChat), []);
    assert.deepEqual(ours(other), [], "a JSON file of another name never reaches the server");
  });
});
