/** The rule table, package.json's severityOverrides and the README's code sections agree. */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { REPAIRS } from "../../server/src/engine/repair/index.js";
import { occurrenceFindings } from "../../server/src/engine/rules/occurrence-identity.js";
import { indexOccurrences } from "../../server/src/engine/model/occurrence-index.js";
import { CODE_TABLE, codeSpec, FINDING_CODES } from "../../server/src/engine/rules/registry.js";
import { PRUNED_CODE } from "../../server/src/lsp/diagnostics.js";
import { corpusFiles } from "../helpers/corpus.js";
import { sessionText } from "../helpers/session-builder.js";

const root = join(__dirname, "..", "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** README: `<a id="code-X"></a>**`X`** (severity...)` */
function readmeSections(): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of readme.matchAll(/<a id="code-([a-z-]+)"><\/a>\*\*`([a-z-]+)`\*\* \(([^)]*)\)/g)) {
    assert.equal(m[1], m[2], `anchor and title of ${m[1]} agree`);
    out.set(m[1], m[3]);
  }
  return out;
}

describe("rule table", () => {
  it("package.json's severityOverrides lists exactly the table's codes", () => {
    const listed: string[] = pkg.contributes.configuration.properties["transcriptInspector.severityOverrides"].propertyNames.enum;
    assert.deepEqual([...listed].sort(), [...FINDING_CODES].sort());
  });

  it("README documents exactly the table's codes (and the editor-only `pruned`), each under #code-<code>", () => {
    const anchors = [...readme.matchAll(/id="code-([a-z-]+)"/g)].map((m) => m[1]);
    assert.deepEqual([...anchors].sort(), [...FINDING_CODES, PRUNED_CODE].sort());
  });

  it("README states each code's default severity first and names its other severities", () => {
    const sections = readmeSections();
    for (const code of FINDING_CODES) {
      const text = sections.get(code);
      assert.ok(text, `README section for ${code}`);
      const spec = codeSpec(code);
      assert.equal(text!.split(/[;,/ ]/)[0], spec.severity, `${code}: README says (${text})`);
      for (const other of Object.keys(spec.otherSeverities ?? {})) assert.ok(text!.includes(other), `${code}: README names ${other}`);
    }
  });

  it("every code says what it follows, and every fix it offers is a registered repair", () => {
    for (const [code, spec] of Object.entries(CODE_TABLE)) {
      assert.ok(spec.description.length > 0 && spec.follows.length > 0, code);
      for (const kind of spec.fixes) assert.ok(REPAIRS[kind], `${code}: ${kind}`);
    }
  });

  it("every finding on the corpus, the fixtures and the sample has its code's default or a declared other severity", () => {
    const fixtures = join(root, "test", "fixtures");
    const fixtureTexts = readdirSync(fixtures, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".jsonl"))
      .map((f) => readFileSync(join(fixtures, f), "utf8"));
    const texts = [...corpusFiles().map((f) => f.text), ...fixtureTexts, readFileSync(join(root, "samples", "sample-session.jsonl"), "utf8")];
    let n = 0;
    for (const t of texts)
      for (const f of analyze(t).findings) {
        const spec = codeSpec(f.code);
        assert.ok(f.severity === spec.severity || (spec.otherSeverities && f.severity in spec.otherSeverities), `${f.code} as ${f.severity}`);
        n++;
      }
    assert.ok(n > 0);
  });

  it("a disabled code's rule does no work for it; the other codes of the rule still report", () => {
    const t = sessionText([
      { user: 1 },
      { assistant: 2, calls: ["c1", "c1"] },
      { result: 3, id: "c1" },
      { user: 4 },
      { assistant: 5, calls: ["c1"] },
      { result: 6, id: "c1" },
    ]);
    const idx = indexOccurrences(analyze(t).before);
    const all = occurrenceFindings(idx).map((f) => f.code);
    assert.ok(all.includes("colliding-id") && all.includes("duplicate-call-id"));
    const some = occurrenceFindings(idx, { has: (c) => c !== "colliding-id" }).map((f) => f.code);
    assert.ok(!some.includes("colliding-id") && some.includes("duplicate-call-id"));
    assert.ok(!analyze(t, { disabledCodes: ["colliding-id"] }).findings.some((f) => f.code === "colliding-id"));
  });
});
