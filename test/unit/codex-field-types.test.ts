/**
 * Issue 22, item 5, for Codex: a field the analysis reads outside Codex's own decoding
 * (codex-field-rules.ts: recorded usage, a turn's model) holding another JSON type is one
 * `unknown-entry` warning on its line naming the field, and the rest of the file is read. Fields
 * Codex's decoder refuses are the decoder's (the line is skipped, as Codex skips it); every case
 * over the Codex template (every entry kind of the fixtures and corpus, plus a token count with
 * both usages) gives at most one wrong-type finding, on its own line, and leaves the other lines'
 * entries as they were.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze, type Analysis } from "../../server/src/engine/index.js";
import { fieldCases, formatTemplate, singleCase } from "../helpers/field-types.js";

const WRONG_TYPE = /^Fields? of the wrong type\./;
const wrongTypeFindings = (a: Analysis) => a.findings.filter((f) => f.code === "unknown-entry" && WRONG_TYPE.test(f.message));
const usage = { input_tokens: 100, cached_input_tokens: 60, output_tokens: 9, reasoning_output_tokens: 4, total_tokens: 113 };
const TEMPLATE =
  formatTemplate("codex") +
  JSON.stringify({ timestamp: "2026-01-01T00:10:00.000Z", type: "turn_context", payload: { cwd: "/work", model: "gpt-5-codex", approval_policy: "never" } }) +
  "\n" +
  JSON.stringify({ timestamp: "2026-01-01T00:10:01.000Z", type: "event_msg", payload: { type: "token_count", info: { last_token_usage: usage, total_token_usage: usage } } }) +
  "\n";
const LINES = TEMPLATE.split("\n").filter((l) => l);
const USAGE_LINE = LINES.length - 1;
const CONTEXT_LINE = LINES.length - 2;

describe("a Codex field of the wrong type is one finding (issue 22, item 5)", () => {
  const base = analyze(TEMPLATE);

  it("the template as Codex writes it: no wrong-type finding; its usage is read", () => {
    assert.equal(base.session.format, "codex");
    assert.deepEqual(wrongTypeFindings(base), []);
    assert.equal(base.usage.records.find((r) => r.line === USAGE_LINE)?.output, 9);
  });

  it("examples: a token count that is a string, a turn's model that is a number", () => {
    const a = analyze(singleCase(TEMPLATE, USAGE_LINE, ["payload", "info", "last_token_usage", "output_tokens"], "9"));
    const here = wrongTypeFindings(a).filter((f) => f.line === USAGE_LINE);
    assert.equal(here.length, 1);
    assert.match(here[0].message, /`payload\.info\.last_token_usage\.output_tokens` is a string where Codex writes a number: it is read as not recorded/);
    assert.deepEqual(here[0].path, ["payload", "info", "last_token_usage", "output_tokens"]);
    assert.equal(a.usage.records.find((r) => r.line === USAGE_LINE)?.output, 0);
    assert.equal(a.session.entries.length, base.session.entries.length);

    const m = analyze(singleCase(TEMPLATE, CONTEXT_LINE, ["payload", "model"], 7));
    assert.match(wrongTypeFindings(m).find((f) => f.line === CONTEXT_LINE)!.message, /`payload\.model` is a number where Codex writes a string/);

    const info = analyze(singleCase(TEMPLATE, USAGE_LINE, ["payload", "info"], "x"));
    assert.equal(wrongTypeFindings(info).filter((f) => f.line === USAGE_LINE).length, 1);
  });

  it("each case: at most one wrong-type finding, on the field's line; the other lines still read as entries", () => {
    const entryLines = (a: Analysis, skip: number) => a.session.entries.map((e) => e.line).filter((l) => l !== skip);
    const failures: string[] = [];
    let found = 0;
    let cases = 0;
    for (const c of fieldCases([{ format: "codex", name: "codex-template", text: TEMPLATE }])) {
      cases++;
      const a = analyze(c.text);
      const wrong = wrongTypeFindings(a);
      const show = `line ${c.line} ${c.path.join(".")} = ${JSON.stringify(c.value)}`;
      if (wrong.some((f) => f.line !== c.line)) failures.push(`${show}: a wrong-type finding on another line`);
      if (wrong.length > 1) failures.push(`${show}: ${wrong.length} findings on its line`);
      if (wrong.length === 1) {
        found++;
        if (JSON.stringify(wrong[0].path) !== JSON.stringify(c.path)) failures.push(`${show}: the finding points at ${JSON.stringify(wrong[0].path)}`);
      }
      if (JSON.stringify(entryLines(a, c.line)) !== JSON.stringify(entryLines(base, c.line))) failures.push(`${show}: other lines are no longer read as entries`);
    }
    assert.deepEqual(failures.slice(0, 20), []);
    assert.ok(cases > 500 && found >= 40, `${cases} cases, ${found} wrong-type findings`);
  });
});
