/** README's table of agents is the format registry's (repair/agent-table-doc.ts), and what it names is so. */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { FORMAT_PROFILES } from "../../server/src/engine/formats/registry.js";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { REPAIRS } from "../../server/src/engine/repair/index.js";
import { AGENT_TABLE_END, AGENT_TABLE_START, agentRepairs, agentTableReadme, EVERY_AGENT_CHECKS, withAgentTable } from "../../server/src/engine/repair/agent-table-doc.js";
import type { FixKind } from "../../server/src/engine/model/finding-kit.js";
import { isFindingCode } from "../../server/src/engine/rules/registry.js";
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
    for (const p of FORMAT_PROFILES) {
      const d = p.doc;
      assert.ok(d.files.length > 0 && d.reads && d.sends && d.versions, p.name);
      assert.ok(p.sessionFolders?.length, `${p.name}: the Files cell is under its session folder`);
      for (const c of d.checks) assert.ok(isFindingCode(c), `${p.name}: ${c} is a finding code`);
      assert.equal(new Set(d.checks).size, d.checks.length, `${p.name}: each code once`);
      for (const c of d.checks) assert.ok(!EVERY_AGENT_CHECKS.includes(c as never), `${p.name}: ${c} is every agent's, listed under the table`);
      for (const k of agentRepairs(p)) assert.ok(REPAIRS[k], `${p.name}: ${k} is a registered repair`);
      for (const v of p.readingVersions ?? []) assert.ok(d.versions.includes(v), `${p.name}: versions tried name ${v}`);
    }
  });

  // The agent's corpus and fixtures, analysed once for the two tests below.
  const analysed = [CORPUS, FIXTURES].flatMap((dir) =>
    readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => /\.jsonl?$/.test(f) && statSync(join(dir, f)).size <= 2_000_000)
      .map((f) => ({ name: f, a: analyze(readFileSync(join(dir, f), "utf8")) })),
  );

  it("every code found on an agent's corpus and fixtures is in its row or every agent's", () => {
    const checked = new Map(FORMAT_PROFILES.map((p) => [p.name as string, new Set<string>([...p.doc.checks, ...EVERY_AGENT_CHECKS])]));
    let n = 0;
    for (const { name, a } of analysed) {
      const codes = checked.get(a.session.format);
      if (!codes) continue;
      for (const x of a.findings) {
        assert.ok(codes.has(x.code), `${name} (${a.session.format}): ${x.code} is not in the agent's row`);
        n++;
      }
    }
    assert.ok(n > 0);
  });

  it("a repair the table leaves out of an agent's row (its offeredOn says no) is offered on none of the agent's corpus and fixtures", () => {
    let tried = 0;
    for (const { name, a } of analysed) {
      const p = FORMAT_PROFILES.find((x) => x.name === a.session.format);
      if (!p) continue;
      const left = (Object.keys(REPAIRS) as FixKind[]).filter((k) => REPAIRS[k].offeredOn && !REPAIRS[k].offeredOn!(p));
      for (const f of a.findings)
        for (const k of left) {
          const plan = REPAIRS[k].plan?.(a, f.line, f.toolCallId, false);
          assert.ok(!plan || "reason" in plan, `${name} (${p.name}): ${k} offered on ${f.code} at line ${f.line + 1}`);
          tried++;
        }
    }
    assert.ok(tried > 0);
  });
});
