/**
 * Issue 20: what the server publishes after a change is continued too. A finding the new version
 * still has (the same object: the occurrence rules keep the findings of an id whose calls did not
 * change), on lines the document still holds as they were, keeps its diagnostic (the same object:
 * not located, escaped and measured again); one that reads an edited line gets a new one. Either
 * way the published list equals what a fresh server state publishes for the same text.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LineDocument } from "../../server/src/lsp/line-document.js";
import { DEFAULT_SETTINGS } from "../../server/src/lsp/settings.js";
import { Store } from "../../server/src/lsp/store.js";
import { ProviderTargets } from "../../server/src/lsp/provider-targets.js";
import { prunedHints } from "../../server/src/lsp/diagnostics.js";
import { boundSource } from "../../server/src/lsp/diagnostics-bound.js";
import { entryOf, sessionText, type Spec } from "../helpers/session-builder.js";

const URI = "file:///nonexistent-dir/diagnostics-kept.jsonl";

describe("published diagnostics continued across versions", () => {
  // Ids reused across turns (colliding-id, with related places), and an orphan result (an error).
  const specs: Spec[] = [];
  for (let k = 1; k <= 12; k++) specs.push({ user: 4 * k }, { assistant: 4 * k + 1, calls: [`bash_${k % 2}`] }, { result: 4 * k + 2, id: `bash_${k % 2}` });
  specs.push({ result: 100, id: "ghost_1" });
  const doc = LineDocument.create(URI, "jsonl", 1, sessionText(specs));
  const store = new Store();
  const targets = new ProviderTargets();
  const publish = (s: Store, t: ProviderTargets, version: number, d = doc) => {
    const st = s.get(URI, version, { parsed: d.lines(), text: () => d.getText() }, DEFAULT_SETTINGS);
    return boundSource(t.diagnosticSource(st, DEFAULT_SETTINGS, prunedHints(st.model!, URI, DEFAULT_SETTINGS)), URI).diagnostics;
  };
  const fresh = () => publish(new Store(), new ProviderTargets(), doc.version, LineDocument.create(URI, "jsonl", doc.version, doc.getText()));

  it("keeps the diagnostics of findings an append does not touch, and remakes those on an edited line", () => {
    const first = publish(store, targets, 1);
    assert.ok(first.some((d) => d.code === "colliding-id" && (d.relatedInformation?.length ?? 0) > 0), "colliding-id with related places");
    assert.ok(first.some((d) => d.code === "orphan-result"));

    // An appended custom entry: every finding stays, on the same lines.
    const at = doc.lines().lines.length;
    LineDocument.update(doc, [{ range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, text: `${JSON.stringify(entryOf({ custom: "note" }, "e999", `e${specs.length}`))}\n` }], 2);
    const second = publish(store, targets, 2);
    assert.deepEqual(second, fresh(), "appended: equal to a fresh state's");
    assert.equal(second.length, first.length);
    const colliding = second.filter((d) => d.code === "colliding-id");
    assert.ok(colliding.length >= 2);
    for (const d of colliding) assert.ok(first.includes(d), `colliding-id on line ${d.range.start.line}: kept`);

    // A call line of a reused id edited (its arguments, not its id): the diagnostics that read it are made again, the others kept.
    const line = colliding[0].relatedInformation![0].location.range.start.line;
    const old = doc.lines().lines.at(line)!.text;
    assert.ok(old.includes('"command":"run '), "the related place is a call line");
    LineDocument.update(doc, [{ range: { start: { line, character: 0 }, end: { line, character: old.length } }, text: old.replace('"command":"run ', '"command":"run edited ') }], 3);
    const third = publish(store, targets, 3);
    assert.deepEqual(third, fresh(), "edited: equal to a fresh state's");
    let remade = 0;
    for (const d of third.filter((x) => x.code === "colliding-id")) {
      const onEdited = d.range.start.line === line || (d.relatedInformation ?? []).some((r) => r.location.range.start.line === line);
      const before = second.find((x) => x.code === d.code && x.range.start.line === d.range.start.line && x.message === d.message);
      if (onEdited) assert.notEqual(d, before, `${d.code} on line ${d.range.start.line}: made again (it reads the edited line)`);
      else assert.equal(d, before, `${d.code} on line ${d.range.start.line}: kept`);
      remade += onEdited ? 1 : 0;
    }
    assert.ok(remade >= 1, "a diagnostic read the edited line");
  });
});
