/**
 * Issues 21 and 28: findings on Codex files speak of Codex (never pi), appear only where Codex's
 * reading loses or makes something up, are never errors, and their repairs keep what the file
 * holds: the insert repair writes Codex's own "aborted" output, byte for byte, and never for a
 * call whose output the file holds (test/helpers/repair-properties.ts `assertKeepsResults`).
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { CORPUS } from "../helpers/corpus.js";
import { checkEachRepair, checkFixAll } from "../helpers/repair-properties.js";

const FIXTURES = join(__dirname, "..", "fixtures", "codex");
const fixture = (name: string) => readFileSync(join(FIXTURES, `${name}.jsonl`), "utf8");

/** Every Codex file this checkout has: the constructed rollouts, and the corpus's Codex files when present. */
function codexFiles(): { name: string; text: string }[] {
  const out = readdirSync(FIXTURES).filter((f) => f.endsWith(".jsonl")).sort().map((f) => ({ name: `fixtures/codex/${f}`, text: readFileSync(join(FIXTURES, f), "utf8") }));
  const dir = join(CORPUS, "codex");
  if (existsSync(dir)) for (const f of readdirSync(dir).filter((x) => x.endsWith(".jsonl")).sort()) out.push({ name: `corpus/codex/${f}`, text: readFileSync(join(dir, f), "utf8") });
  return out.filter((f) => analyze(f.text).session.format === "codex");
}

const READING_CODES = new Set(["resume-refused", "undecodable-line", "orphan-output", "dangling-call", "pending-call"]);
const PI = /\bpi\b|pi-ai|pi-condense|convertToLlm/;

const env = (type: string, payload: unknown, s: number) => ({ timestamp: `2026-01-01T00:00:${String(s).padStart(2, "0")}.000Z`, type, payload });
const META = env("session_meta", { id: "0c0de000-0000-4000-8000-000000000042", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w", originator: "codex_cli_rs", cli_version: "0.171.0" }, 0);
const jsonl = (objs: unknown[]) => objs.map((o) => JSON.stringify(o)).join("\n") + "\n";
const user = (text: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });
const say = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text }] });

describe("findings on Codex files", () => {
  const files = codexFiles();

  it("no finding on any Codex file mentions pi, the generic ones and every provider's included", () => {
    assert.ok(files.length >= readdirSync(FIXTURES).length - 1);
    for (const f of files) {
      const a = analyze(f.text);
      for (const x of a.findings) assert.doesNotMatch(x.message, PI, `${f.name}:${x.line + 1} ${x.code}`);
      for (const x of providerVerdicts(a, { target: "all" }).findings) assert.doesNotMatch(x.message, PI, `${f.name}:${x.line + 1} ${x.code} (provider)`);
    }
  });

  it("Codex's reading never makes an error, and says nothing where Codex reads the file fine", () => {
    for (const f of files) {
      const a = analyze(f.text);
      for (const x of a.findings) if (READING_CODES.has(x.code)) assert.notEqual(x.severity, "error", `${f.name}:${x.line + 1} ${x.code}`);
    }
    // Codex sends these as stored: nothing made up, nothing dropped (docs/research/codex-resume.md section 11)
    for (const name of ["duplicate-output", "output-before-call", "reasoning-without-id", "subagent-child-minimal", "history-mode-legacy", "thread-rolled-back", "compacted-replacement-history", "compacted-no-replacement-history", "compacted-twice", "ghost-snapshot", "long-output"])
      assert.deepEqual(analyze(fixture(name)).findings.filter((x) => READING_CODES.has(x.code)), [], name);
  });

  it("each file gets the findings its reading calls for", () => {
    const at = (name: string) => analyze(fixture(name)).findings.filter((x) => READING_CODES.has(x.code)).map((x) => `${x.line + 1}:${x.code}:${x.severity}`);
    assert.deepEqual(at("call-without-output-mid"), ["7:dangling-call:warning"]);
    assert.deepEqual(at("call-without-output-end"), ["16:pending-call:information"], "the file ends inside the call's turn");
    assert.deepEqual(at("turn-aborted-no-marker"), ["13:dangling-call:warning"], "the turn was aborted after the call");
    assert.deepEqual(at("orphan-output"), ["8:orphan-output:information", "16:orphan-output:information"]);
    assert.deepEqual(at("line-without-timestamp"), ["6:dangling-call:warning", "7:undecodable-line:warning", "11:undecodable-line:warning"]);
    assert.deepEqual(at("unknown-item-type"), ["11:undecodable-line:warning"], "the unknown item type (L6), line type (L9) and system message (L10) are dropped by design");
    assert.deepEqual(at("history-mode-paginated"), ["17:resume-refused:information"]);
    assert.deepEqual(at("legacy-bare"), ["1:resume-refused:information"]);
  });

  it("every quick fix and fix-all keep what the file holds, on every Codex file", () => {
    for (const f of files) {
      checkEachRepair(f.text);
      checkFixAll(f.text);
    }
  });
});

describe("the insert repair writes Codex's own made-up output", () => {
  it("of each call's kind, byte for byte as Codex writes a rollout line, at the end of the call's turn (the line before's timestamp)", () => {
    const r = fixAll(fixture("other-call-types-without-output"));
    assert.equal(r.done.get("insert-missing-result"), 1);
    const added = [...r.lines.all()].filter((l) => l.origin === -1).map((l) => l.text);
    assert.deepEqual(added, [
      '{"timestamp":"2026-11-20T10:00:12.000Z","type":"response_item","payload":{"type":"custom_tool_call_output","call_id":"call_ct_1","output":"aborted"}}',
      '{"timestamp":"2026-11-20T10:00:12.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_ls_1","output":"aborted"}}',
      '{"timestamp":"2026-11-20T10:00:12.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_fc_with_id","output":"aborted"}}',
    ]);
    assert.deepEqual(r.analysis.findings, [], "Codex then reads the file without making anything up");
  });

  it("a tool search call gets a tool_search_output with no tools, as Codex makes it", () => {
    const t = jsonl([META, env("response_item", user("find a tool"), 1), env("response_item", { type: "tool_search_call", call_id: "ts_1", execution: "client", arguments: { query: "x" } }, 2), env("response_item", say("done"), 3)]);
    assert.deepEqual(analyze(t).findings.map((f) => `${f.line}:${f.code}`), ["2:dangling-call"]);
    const r = fixAll(t);
    assert.deepEqual([...r.lines.all()].filter((l) => l.origin === -1).map((l) => l.text), ['{"timestamp":"2026-01-01T00:00:03.000Z","type":"response_item","payload":{"type":"tool_search_output","call_id":"ts_1","status":"completed","execution":"client","tools":[]}}']);
    assert.deepEqual(r.analysis.findings, []);
  });

  it("never for a call whose output the file holds, though Codex cannot read it: fix-all says why", () => {
    for (const name of ["line-without-timestamp", "output-invalid-content"]) {
      const t = fixture(name);
      const r = fixAll(t);
      assert.equal(r.done.get("insert-missing-result") ?? 0, 0, name);
      const left = r.analysis.findings.filter((f) => f.code === "dangling-call");
      assert.ok(left.length > 0, name);
      for (const f of left) assert.ok(r.skipped.some((s) => s.line === f.line && s.code === "dangling-call" && s.reason.length > 0), `${name}:${f.line + 1}`);
      checkFixAll(t);
    }
  });
});
