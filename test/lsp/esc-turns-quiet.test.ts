/**
 * Issue 23, "Problems panel noise": a healthy pi session had one `partial-message` information item
 * per Esc (22 on one real session). A turn the user stopped is normal use and pi leaves it out of
 * the request, so it is a hint now (VS Code shows it in the editor and the hover, not in the
 * Problems panel); an errored turn stays information. Over a real stdio connection.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { LspClient } from "../helpers/lsp-client.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

const INFORMATION = 3;
const HINT = 4;
const textOf = (m: string | { value: string }) => (typeof m === "string" ? m : m.value);

describe("turns stopped with Esc stay out of the Problems panel", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start({});
  });
  after(async () => {
    await c.stop();
  });

  it("three Esc turns publish three hints and no information; an errored turn stays information", async () => {
    const specs: Spec[] = [{ user: 1 }];
    let t = 2;
    for (let i = 0; i < 3; i++) specs.push({ assistant: t++, text: "half an answer", stopReason: "aborted" }, { user: t++ });
    specs.push({ assistant: t++, text: "overloaded", stopReason: "error" }, { user: t++ }, { assistant: t++, text: "done" });
    const uri = "file:///virtual/esc-turns.jsonl";
    c.open(uri, sessionText(specs));
    const d = await c.diagnosticsFor(uri, 1);
    const partial: number[][] = d.filter((x) => x.code === "partial-message").map((x) => [x.range.start.line + 1, x.severity ?? 0]).sort((a, b) => a[0] - b[0]);
    assert.deepEqual(partial, [[3, HINT], [5, HINT], [7, HINT], [9, INFORMATION]]);
    assert.ok(d.filter((x) => x.severity !== HINT).every((x) => !/Turn aborted before it finished/.test(textOf(x.message))), "no Problems-panel item for an Esc");
    assert.match(textOf(d.find((x) => x.severity === HINT)!.message), /^Turn aborted before it finished; pi does not send it\./, "VS Code shows the hint's text on hover in the editor");
  });
});
