/**
 * A task history written on one line and longer than the server's format sniff (256 KB: it
 * reads whole lines of the head only): Roo Code's `api_conversation_history.json` of a long task,
 * opened as VS Code opens it (languageId `json`) through the built server, is read as Roo Code's
 * from the start of its text: the status names the agent and the diagnostics are `check`'s. Before,
 * such a history (any over 256 KB, most real ones) got nothing in the editor while `check` read it.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/index.js";
import { checkJson } from "../../server/src/presentation/report.js";
import { CORPUS } from "../helpers/corpus.js";
import { LspClient } from "../helpers/lsp-client.js";
import { genericOnly } from "../helpers/provider-diagnostics.js";

const TASK = join(CORPUS, "roo-code", "jsboige-roo-state-manager-bc93a6f7.api_conversation_history.json");

describe("a one-line task history over 256 KB opened in the editor", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start();
  });
  after(async () => {
    await c.stop();
  });

  it("is read as Roo Code's, with check's diagnostics (the last turn's call left without its result)", async () => {
    const items = JSON.parse(readFileSync(TASK, "utf8"));
    // a long task (the real history three times over) stopped between a native call and its result
    const call = { role: "assistant", content: [{ type: "text", text: "Reading." }, { type: "tool_use", id: "toolu_01LongTaskCall", name: "read_file", input: { path: "a.ts" } }], ts: 1760000000000 };
    const text = JSON.stringify([...items, ...items, ...items, call]);
    assert.ok(text.length > 256 * 1024 && !text.includes("\n"));
    const uri = "file:///home/u/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks/bc93/api_conversation_history.json";
    const from = c.published.length;
    const nFrom = c.notifications.length;
    c.open(uri, text, 1, "json");
    const d = await c.diagnosticsFor(uri, 1, from);
    const st = await c.status(uri, nFrom);
    assert.equal(st.isSession, true);
    assert.equal(st.format, "roo-code");
    const cli = checkJson("x.json", analyze(text)).findings;
    assert.ok(cli.some((f) => f.code === "pending-call"), "the call without its result is found");
    assert.deepEqual(genericOnly(d).map((x) => x.code).sort(), cli.map((f) => f.code).sort());
  });
});
