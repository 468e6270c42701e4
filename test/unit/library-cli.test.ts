/**
 * Issue 26: `transcript-inspector library` on a fake home (every agent the engine reads): the
 * table, the rejected sessions with the provider's error text, subagent problems, the summary
 * line, JSON, search, the exit status as `check`'s, bad usage; the built CLI with its worker
 * threads gives the same answer, and a second run uses the cache.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { parseLibraryArgs, runLibrary } from "../../server/src/cli/library-command.js";
import { type FakeHome, makeFakeHome } from "../helpers/library-home.js";

const ROOT = resolve(__dirname, "..", "..");
const CLI = join(ROOT, "dist", "cli.js");

function sink(): { stream: Writable; text: () => string } {
  const parts: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      parts.push(String(chunk));
      cb();
    },
  });
  return { stream, text: () => parts.join("") };
}

describe("library command", () => {
  let h: FakeHome;
  let cache: string;
  before(() => {
    h = makeFakeHome();
    cache = mkdtempSync(join(tmpdir(), "ti-library-cli-"));
  });
  after(() => {
    h.cleanup();
    rmSync(cache, { recursive: true, force: true });
  });

  it("parses its options; unknown ones and providers are usage errors", () => {
    assert.deepEqual(parseLibraryArgs(["--json", "--provider", "anthropic", "--jobs=3", "a", "b"]), { json: true, noCache: false, provider: "anthropic", jobs: 3, dirs: ["a", "b"], help: false });
    assert.throws(() => parseLibraryArgs(["--frobnicate"]), /unknown option --frobnicate/);
    assert.throws(() => parseLibraryArgs(["--provider", "acme"]), /unknown provider acme/);
    assert.throws(() => parseLibraryArgs(["--jobs", "0"]), /--jobs needs a whole number/);
  });

  it("JSON: the summary and every session of every agent, the exit status as check's", async (t) => {
    if (h.have.size === 0) return t.skip("no shared corpus");
    const out = sink();
    const err = sink();
    const status = await runLibrary(["--json", "--cache", cache], { home: h.home, env: {}, stdout: out.stream, stderr: err.stream as any });
    const j = JSON.parse(out.text());
    assert.deepEqual(new Set(j.sessions.map((s: any) => s.agent)), h.have);
    assert.equal(j.summary.sessions, j.sessions.length);
    assert.equal(status, j.sessions.some((s: any) => s.errors > 0) ? 1 : 0);
    assert.ok(j.sessions.every((s: any) => Array.isArray(s.children) && Array.isArray(s.linkIssues)));
  });

  it("text: the table, the sessions the provider would reject with its error text, subagent problems, the summary line", async (t) => {
    if (!h.paths.codexRejected || !h.paths.ccParent) return t.skip("corpus files missing");
    const out = sink();
    const reads: string[] = [];
    await runLibrary(["--cache", cache, "--search", "showcol2"], { home: h.home, env: {}, stdout: out.stream, stderr: sink().stream as any, onRead: (p) => reads.push(p) });
    const text = out.text();
    assert.deepEqual(reads, [], "the second run reads from the cache");
    assert.match(text, /^AGENT +DAY +MSGS +ERR +WARN +VERDICT +TOKENS +COST +SESSION$/m);
    assert.match(text, /~\/\.codex\/sessions\/2026\/11\/20\/rollout-[^ ]+\.jsonl/);
    assert.match(text, /^Would be rejected \(\d+\):$/m);
    assert.match(text, /rollout-2026-11-20T10-00-00-[^:]+\.jsonl:\d+ OpenAI Responses: colliding-id: .*Duplicate 'call_id'/);
    assert.match(text, /^Subagents and forks \(\d+ problems?\):$/m);
    assert.match(text, /missing-child: Subagent file missing; Claude Code keeps each subagent it runs in a file of its own/);
    assert.match(text, /^Search "showcol2": \d+ match/m);
    assert.match(text, /^\d+ sessions, \d+ would be rejected .*tokens recorded; <?\$\d+\.\d\d at the prices of \d{4}-\d\d-\d\d/m);
  });

  it("--prices prices with a LiteLLM file; DIR arguments replace the standard folders; a missing DIR exits 2", async (t) => {
    if (!h.paths.ccRewind) return t.skip("corpus file missing");
    const prices = join(cache, "prices.json");
    writeFileSync(prices, JSON.stringify({ "claude-sonnet-4-20250514": { input_cost_per_token: 1, output_cost_per_token: 1, cache_read_input_token_cost: 0, cache_creation_input_token_cost: 0 } }));
    const out = sink();
    const status = await runLibrary(["--json", "--no-cache", "--prices", prices, join(h.home, ".claude/projects/-workspace-other"), join(h.home, "nowhere")], { home: h.home, env: {}, stdout: out.stream, stderr: sink().stream as any });
    assert.equal(status, 2, "a DIR that is not there");
    const j = JSON.parse(out.text());
    assert.equal(j.sessions.length, 1);
    const s = j.sessions[0];
    assert.equal(j.summary.priceTable.source, prices);
    for (const m of s.models) if (m.model.startsWith("claude-sonnet-4-2025")) assert.equal(m.cost, m.tokens.input + m.tokens.output);
  });

  it("the built CLI checks on worker threads and says the same; bad usage exits 2", (t) => {
    if (!existsSync(CLI) || !existsSync(join(ROOT, "dist", "library-worker.js"))) return t.skip("dist/ not built");
    if (h.have.size === 0) return t.skip("no shared corpus");
    const env = { ...process.env, HOME: h.home, CODEX_HOME: "", CLAUDE_CONFIG_DIR: "", PI_CODING_AGENT_SESSION_DIR: "" };
    const fresh = mkdtempSync(join(tmpdir(), "ti-library-cli2-"));
    try {
      const r1 = spawnSync(process.execPath, [CLI, "library", "--json", "--jobs", "2", "--cache", fresh], { env, encoding: "utf8" });
      const r2 = spawnSync(process.execPath, [CLI, "library", "--json", "--cache", fresh], { env, encoding: "utf8" });
      const a = JSON.parse(r1.stdout);
      const b = JSON.parse(r2.stdout);
      assert.equal(r1.status, r2.status);
      assert.equal(a.summary.headline, b.summary.headline);
      assert.deepEqual(new Set(a.sessions.map((s: any) => s.agent)), h.have);
      assert.deepEqual(
        a.sessions.map((s: any) => [s.path, s.errors, s.rejects]),
        b.sessions.map((s: any) => [s.path, s.errors, s.rejects]),
      );
      const bad = spawnSync(process.execPath, [CLI, "library", "--nope"], { env, encoding: "utf8" });
      assert.equal(bad.status, 2);
      assert.match(bad.stderr, /^transcript-inspector: unknown option --nope\n$/);
      const help = spawnSync(process.execPath, [CLI, "library", "--help"], { env, encoding: "utf8" });
      assert.equal(help.status, 0);
      assert.match(help.stdout, /^Usage: transcript-inspector library/);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
