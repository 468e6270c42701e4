/**
 * Issue 22, item 5, for Claude Code: a field the analysis reads (claude-code-field-rules.ts)
 * holding another JSON type is one `unknown-entry` warning on its line naming the field, and the
 * rest of the file is read: the template (every entry kind of the fixtures and corpus) as Claude
 * Code writes it has none; each case of every field given every JSON type has at most one, on
 * its own line, and the other lines stay entries.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze, type Analysis } from "../../server/src/engine/index.js";
import { fieldCases, formatTemplate, singleCase } from "../helpers/field-types.js";

const WRONG_TYPE = /^Fields? of the wrong type\./;
const wrongTypeFindings = (a: Analysis) => a.findings.filter((f) => f.code === "unknown-entry" && WRONG_TYPE.test(f.message));
const TEMPLATE = formatTemplate("claude-code");
const LINES = TEMPLATE.split("\n").filter((l) => l).map((l) => JSON.parse(l));

describe("a Claude Code field of the wrong type is one finding (issue 22, item 5)", () => {
  const base = analyze(TEMPLATE);

  it("the template as Claude Code writes it: no wrong-type finding", () => {
    assert.equal(base.session.format, "claude-code");
    assert.deepEqual(wrongTypeFindings(base).map((f) => `${f.line}: ${f.message}`), []);
  });

  it("examples: a usage count that is a string, a tool_use id that is a number", () => {
    const line = LINES.findIndex((v) => v.type === "assistant" && v.message?.usage && typeof v.message.usage.output_tokens === "number");
    assert.ok(line >= 0);
    const a = analyze(singleCase(TEMPLATE, line, ["message", "usage", "output_tokens"], "9"));
    const here = wrongTypeFindings(a).filter((f) => f.line === line);
    assert.equal(here.length, 1);
    assert.match(here[0].message, /`message\.usage\.output_tokens` is a string where Claude Code writes a number: it is read as not recorded/);
    assert.equal(a.session.entries.length, base.session.entries.length);

    const call = LINES.findIndex((v) => Array.isArray(v.message?.content) && v.message.content.some((b: any) => b?.type === "tool_use"));
    const at = LINES[call].message.content.findIndex((b: any) => b?.type === "tool_use");
    const c = analyze(singleCase(TEMPLATE, call, ["message", "content", at, "id"], 7));
    assert.match(wrongTypeFindings(c).find((f) => f.line === call)!.message, /`message\.content\.\d+\.id` is a number where Claude Code writes a string/);
  });

  it("each case: wrong-type findings only on the field's line, at most one; the other lines still read as entries", () => {
    const entryLines = (a: Analysis, skip: number) => a.session.entries.map((e) => e.line).filter((l) => l !== skip);
    const failures: string[] = [];
    let found = 0;
    for (const c of fieldCases([{ format: "claude-code", name: "claude-code-template", text: TEMPLATE }])) {
      const a = analyze(c.text);
      const wrong = wrongTypeFindings(a);
      const show = `line ${c.line} ${c.path.join(".")} = ${JSON.stringify(c.value)}`;
      if (wrong.some((f) => f.line !== c.line)) failures.push(`${show}: a wrong-type finding on another line`);
      if (wrong.length > 1) failures.push(`${show}: ${wrong.length} findings on its line`);
      if (wrong.length === 1) found++;
      const structural = c.path.length === 1 && ["type", "uuid", "parentUuid", "logicalParentUuid", "message"].includes(String(c.path[0]));
      if (!structural && JSON.stringify(entryLines(a, c.line)) !== JSON.stringify(entryLines(base, c.line))) failures.push(`${show}: other lines are no longer read as entries`);
    }
    assert.deepEqual(failures.slice(0, 20), []);
    assert.ok(found >= 100, `${found} wrong-type findings`);
  });
});
