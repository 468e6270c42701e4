/** README's table of agents is the format registry's (rules/agent-table-doc.ts), and what it names is so. */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { FORMAT_PROFILES } from "../../server/src/engine/formats/registry.js";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { REPAIRS } from "../../server/src/engine/repair/index.js";
import { AGENT_TABLE_END, AGENT_TABLE_START, agentRepairs, agentTableReadme, EVERY_AGENT_CHECKS, withAgentTable } from "../../server/src/engine/rules/agent-table-doc.js";
import { CODE_TABLE, isFindingCode } from "../../server/src/engine/rules/registry.js";
import { PROVIDER_RULES } from "../../server/src/engine/providers/rules.js";
import { CORPUS, FIXTURES } from "../helpers/corpus.js";

const root = join(__dirname, "..", "..");
const readme = readFileSync(join(root, "README.md"), "utf8");

/** The README's rows between the markers, by their first cell. */
function readmeRows(): Map<string, string> {
  const table = readme.slice(readme.indexOf(AGENT_TABLE_START), readme.indexOf(AGENT_TABLE_END));
  const rows = new Map<string, string>();
  for (const line of table.split("\n").slice(1)) {
    const m = /^\| ([^|]+?) \|/.exec(line);
    if (m && m[1] !== "Agent" && m[1] !== "---") rows.set(m[1], line);
  }
  return rows;
}

describe("README's table of agents", () => {
  it("is the table as the registry has it (regenerate: node --import tsx scripts/provider-rules-doc.ts)", () => {
    assert.equal(readme, withAgentTable(readme));
    assert.ok(readme.includes(agentTableReadme()));
  });

  it("has a row for every registered format and no other", () => {
    assert.deepEqual([...readmeRows().keys()], FORMAT_PROFILES.map((p) => p.label));
  });

  it("names finding codes and repairs that exist, and each agent's versions tried name the versions its reading models", () => {
    const providerCodes = new Set(PROVIDER_RULES.map((r) => r.code));
    for (const p of FORMAT_PROFILES) {
      const d = p.doc;
      assert.ok(d.files.length > 0 && d.reads && d.sends && d.versions, p.name);
      assert.ok(p.sessionFolders?.length, `${p.name}: the Files cell is under its session folder`);
      for (const c of d.checks) assert.ok(isFindingCode(c), `${p.name}: ${c} is a finding code`);
      assert.equal(new Set(d.checks).size, d.checks.length, `${p.name}: each code once`);
      for (const c of d.checks) assert.ok(!EVERY_AGENT_CHECKS.includes(c as never), `${p.name}: ${c} is every agent's, listed under the table`);
      for (const k of agentRepairs(d)) assert.ok(REPAIRS[k], `${p.name}: ${k} is a registered repair`);
      // an extra repair is one of a provider code's (the codes checked give the others)
      for (const k of d.alsoRepairs ?? [])
        assert.ok([...providerCodes].some((c) => isFindingCode(c) && (CODE_TABLE[c].fixes as readonly string[]).includes(k)), `${p.name}: ${k} repairs a provider code`);
      for (const v of p.readingVersions ?? []) assert.ok(d.versions.includes(v), `${p.name}: versions tried name ${v}`);
    }
  });

  it("every code found on an agent's corpus and fixtures is in its row or every agent's", () => {
    const checked = new Map(FORMAT_PROFILES.map((p) => [p.name as string, new Set<string>([...p.doc.checks, ...EVERY_AGENT_CHECKS])]));
    let n = 0;
    for (const dir of [CORPUS, FIXTURES])
      for (const f of readdirSync(dir, { recursive: true }).map(String)) {
        if (!/\.jsonl?$/.test(f) || statSync(join(dir, f)).size > 2_000_000) continue;
        const a = analyze(readFileSync(join(dir, f), "utf8"));
        const codes = checked.get(a.session.format);
        if (!codes) continue;
        for (const x of a.findings) {
          assert.ok(codes.has(x.code), `${f} (${a.session.format}): ${x.code} is not in the agent's row`);
          n++;
        }
      }
    assert.ok(n > 0);
  });
});
