/**
 * Issue 20: the provider verdicts continue the previous version's instead of merging every hit
 * again (engine/providers/verdicts.ts). What is asserted is which parts were made again: an
 * appended line that sends nothing new keeps the findings and verdicts (the same objects); an
 * appended message that adds a hit keeps every earlier finding object and makes only the new one;
 * and each version equals the verdicts of a fresh analysis of the same text.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { providerVerdicts, type ProviderVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { LineDocument } from "../../server/src/lsp/line-document.js";
import { analyzeOptions, DEFAULT_SETTINGS } from "../../server/src/lsp/settings.js";
import { Store } from "../../server/src/lsp/store.js";
import { verdictsOf } from "../../server/src/lsp/provider-findings.js";
import { entryOf, sessionText, type Spec } from "../helpers/session-builder.js";

const URI = "file:///nonexistent-dir/verdicts-kept.jsonl";

describe("provider verdicts continued across versions", () => {
  // Ids reused across turns: Chat Completions and Responses reject them (colliding-id), one finding per id.
  const specs: Spec[] = [];
  for (let k = 1; k <= 30; k++) specs.push({ user: 4 * k }, { assistant: 4 * k + 1, calls: [`bash_${k % 3}`] }, { result: 4 * k + 2, id: `bash_${k % 3}` });
  const store = new Store();
  const doc = LineDocument.create(URI, "jsonl", 1, sessionText(specs));
  let version = 1;
  let parent = `e${specs.length}`;
  const append = (spec: Spec) => {
    const id = `e${Number(parent.slice(1)) + 1}`;
    const at = doc.lines().lines.length;
    LineDocument.update(doc, [{ range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, text: `${JSON.stringify(entryOf(spec, id, parent))}\n` }], ++version);
    parent = id;
  };
  const verdicts = (): ProviderVerdicts => {
    const a = store.get(URI, version, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS).analysis!;
    const pv = verdictsOf(a, "openai-chat");
    // Each version equals the verdicts of a fresh analysis of its text.
    const fresh = providerVerdicts(analyze(doc.getText(), analyzeOptions(DEFAULT_SETTINGS)), { target: "openai-chat" });
    assert.deepEqual(pv, fresh, `version ${version}: the continued verdicts equal a fresh analysis's`);
    return pv;
  };

  it("keeps the findings and verdicts when an appended line sends nothing new", () => {
    const first = verdicts();
    assert.ok(first.findings.some((f) => f.code === "colliding-id"), "the session has provider findings");
    append({ custom: "bench-note", data: { n: 1 } });
    const next = verdicts();
    assert.equal(next.findings, first.findings, "the same findings list: nothing merged again");
    assert.equal(next.verdicts, first.verdicts, "the same verdicts");
  });

  it("makes only the new finding when an appended turn adds a hit, keeping every earlier finding object", () => {
    const before = verdicts();
    const firstNew = doc.lines().lines.length;
    // A new turn: user prompt, an assistant message whose call reuses an id, its result.
    append({ user: 1000 });
    append({ assistant: 1001, calls: ["bash_1"] });
    append({ result: 1002, id: "bash_1" });
    const after = verdicts();
    assert.notEqual(after.findings, before.findings);
    // What the new turn changes may be made again: its own lines' findings, and bash_1's (its count of calls changed).
    const touched = (f: (typeof after.findings)[number]) => f.line >= firstNew || f.toolCallId === "bash_1";
    const made = after.findings.filter((f) => !before.findings.includes(f));
    assert.ok(made.length >= 1, "the new turn's findings are made");
    for (const f of made) assert.ok(touched(f), `${f.code} on line ${f.line + 1} (${f.toolCallId}) was made again, though the new turn did not touch it`);
    const untouched = after.findings.filter((f) => !touched(f));
    assert.ok(untouched.length >= 2, "findings the new turn did not touch");
    for (const f of untouched) assert.ok(before.findings.includes(f), `${f.code} on line ${f.line + 1} kept`);
  });
});
