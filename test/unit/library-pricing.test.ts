/**
 * Issue 26, cost: recorded usage priced per model with the dated table that ships (a LiteLLM
 * subset), or a LiteLLM file from disk; model ids matched as agents record them; cache reads and
 * writes at their own rates; the search snippet's context.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { PRICE_TABLE, PRICE_TABLE_DATE } from "../../server/src/library/price-table.js";
import { costOf, priceOf, priceTableOf, readPriceFile, shippedPriceTable } from "../../server/src/library/pricing.js";
import { readLinesOf, SearchIndex, SNIPPET_LINE_BYTES, snippetOf } from "../../server/src/library/search-index.js";
import { summarizeFile } from "../../server/src/library/summarize.js";

describe("library: prices", () => {
  it("ships a dated table of the agents' models in LiteLLM's shape", () => {
    assert.match(PRICE_TABLE_DATE, /^\d{4}-\d\d-\d\d$/);
    const t = shippedPriceTable();
    assert.equal(t.prices.size, Object.keys(PRICE_TABLE).length);
    for (const m of ["claude-sonnet-4-5", "claude-opus-4-1", "claude-haiku-4-5", "gpt-5", "gpt-5-codex", "o3"]) assert.ok(t.prices.get(m), m);
  });

  it("matches model ids as agents record them: exact, provider prefix, Bedrock region, date suffix, longest prefix", () => {
    const t = shippedPriceTable();
    const sonnet45 = t.prices.get("claude-sonnet-4-5");
    assert.equal(priceOf(t, "claude-sonnet-4-5-20250929"), sonnet45);
    assert.equal(priceOf(t, "anthropic/claude-sonnet-4-5"), sonnet45);
    assert.equal(priceOf(t, "us.anthropic.claude-sonnet-4-5-20250929-v1:0"), sonnet45);
    assert.equal(priceOf(t, "claude-sonnet-4"), t.prices.get("claude-sonnet-4-20250514"), "an undated id takes the table's dated one");
    assert.equal(priceOf(t, "gpt-5.1-codex-max-high"), t.prices.get("gpt-5.1-codex-max"));
    assert.equal(priceOf(t, "gpt-5"), t.prices.get("gpt-5"));
    assert.equal(priceOf(t, "totally-unknown-model"), undefined);
    assert.equal(priceOf(t, "gpt-50"), undefined, "a prefix only counts at a separator");
  });

  it("prices uncached input, output, cache reads and cache writes each at its own rate", () => {
    const p = { input: 3e-6, output: 15e-6, cacheRead: 0.3e-6, cacheWrite: 3.75e-6 };
    const c = costOf(p, { input: 1000, output: 100, cacheRead: 10_000, cacheWrite: 2000, reasoning: 50 });
    assert.ok(Math.abs(c - (1000 * 3e-6 + 100 * 15e-6 + 10_000 * 0.3e-6 + 2000 * 3.75e-6)) < 1e-12, "reasoning is inside output, not priced twice");
    assert.equal(costOf({ input: 1, output: 1 }, { input: 0, output: 0, cacheRead: 2, cacheWrite: 3, reasoning: 0 }), 5, "no cache price: the input rate");
  });

  it("refreshes offline from a LiteLLM file, dated by the file, skipping entries without token prices", () => {
    const dir = mkdtempSync(join(tmpdir(), "ti-prices-"));
    try {
      const f = join(dir, "model_prices_and_context_window.json");
      writeFileSync(f, JSON.stringify({ sample_spec: { input_cost_per_token: "x" }, "my-model": { input_cost_per_token: 1e-6, output_cost_per_token: 2e-6, litellm_provider: "acme" }, "image-model": { output_cost_per_image: 0.1 } }));
      const t = readPriceFile(f);
      assert.equal(t.prices.size, 1);
      assert.deepEqual(t.prices.get("my-model"), { input: 1e-6, output: 2e-6, cacheRead: undefined, cacheWrite: undefined });
      assert.match(t.date, /^\d{4}-\d\d-\d\d$/);
      writeFileSync(f, "[]");
      assert.throws(() => readPriceFile(f), /not a LiteLLM price file/);
      assert.equal(priceTableOf({}, "d", "s").prices.size, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("library: the search index", () => {
  it("adds, replaces and removes a session's documents; stays within its size bound; survives JSON", async () => {
    const ix = new SearchIndex(100);
    assert.equal(ix.set("/a.jsonl", { size: 1, mtimeMs: 1, agent: "pi", title: "A" }, [{ line: 0, kind: "prompt", text: "alpha beta" }]), true);
    assert.equal(ix.set("/b.jsonl", { size: 1, mtimeMs: 1, agent: "pi", title: "B" }, [{ line: 0, kind: "prompt", text: "x".repeat(200) }]), false, "over the budget");
    assert.equal(ix.stats().notIndexed, 1);
    ix.set("/a.jsonl", { size: 2, mtimeMs: 2, agent: "pi", title: "A" }, [{ line: 3, kind: "answer", text: "gamma" }]);
    assert.equal(ix.has("/a.jsonl", 2, 2), true);
    assert.equal(ix.has("/a.jsonl", 1, 1), false);
    await ix.idle();
    assert.equal(ix.busy, false);
    assert.equal(ix.search("gamma").total, 1);
    assert.equal(ix.search("alpha").total, 0, "the replaced documents are gone");
    const back = SearchIndex.fromJSON(JSON.parse(JSON.stringify(ix.toJSON())), 100);
    assert.equal(back.stats().documents, 1);
    assert.equal(back.stats().chars, 5);
    back.remove("/a.jsonl");
    await back.idle();
    assert.equal(back.stats().documents, 0);
    assert.equal(SearchIndex.fromJSON({ version: 999 }).stats().documents, 0, "a cache of another version starts afresh");
  });

  it("shows a match in context: JSON escapes read as text, the matched terms marked", () => {
    const line = JSON.stringify({ message: { content: "lots of words before ".repeat(10) + "the needle is here\nand after" } });
    const { snippet, ranges } = snippetOf(line, ["needle"]);
    assert.ok(snippet.startsWith("…"));
    assert.ok(snippet.length <= 170);
    assert.equal(snippet.slice(ranges[0][0], ranges[0][1]), "needle");
    assert.doesNotMatch(snippet, /\\n/);
  });
});

describe("library: usage by model", () => {
  it("counts each record under the model of the turn it belongs to, when the model changes between turns (Codex: token_count has no model)", () => {
    const dir = mkdtempSync(join(tmpdir(), "ti-models-"));
    try {
      const ts = (s: number) => `2026-11-20T10:00:${String(s).padStart(2, "0")}.000Z`;
      const line = (s: number, type: string, payload: object) => JSON.stringify({ timestamp: ts(s), type, payload });
      const usage = (input: number) => ({ input_tokens: input, cached_input_tokens: 0, output_tokens: 1, reasoning_output_tokens: 0, total_tokens: input + 1 });
      const turn = (s: number, id: number, model: string, input: number) => [
        line(s, "event_msg", { type: "task_started", turn_id: `t${id}` }),
        line(s + 1, "turn_context", { turn_id: `t${id}`, cwd: "/w", approval_policy: "never", sandbox_policy: { type: "read-only" }, model, summary: "auto" }),
        line(s + 2, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: `task ${id}` }] }),
        line(s + 3, "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: `done ${id}` }] }),
        line(s + 4, "event_msg", { type: "token_count", info: { total_token_usage: usage(input), last_token_usage: usage(input), model_context_window: 200000 } }),
        line(s + 5, "event_msg", { type: "task_complete", turn_id: `t${id}` }),
      ];
      const lines = [
        line(0, "session_meta", { id: "0c0de000-0000-4000-8000-0000000000aa", timestamp: ts(0), cwd: "/w", originator: "codex_cli_rs", cli_version: "0.171.0", source: "cli", model_provider: "openai" }),
        ...turn(1, 1, "gpt-5", 100),
        ...turn(10, 2, "o3", 20),
        ...turn(20, 3, "o3", 3),
        ...turn(30, 4, "gpt-5", 1000),
      ];
      const file = join(dir, "rollout-2026-11-20T10-00-00-0c0de000-0000-4000-8000-0000000000aa.jsonl");
      writeFileSync(file, lines.join("\n") + "\n");
      const { session } = summarizeFile(file, { prices: shippedPriceTable() });
      const byModel = Object.fromEntries(session.models.map((m) => [m.model, [m.responses, m.tokens.input]]));
      assert.deepEqual(byModel, { "gpt-5": [2, 1100], o3: [2, 23] });
      assert.equal(session.tokens.input, 1123);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("library: a search hit's line read from disk", () => {
  it("reads only the wanted lines, split as the engine splits them (LF, CRLF, lone CR), across read chunks, a long line cut to its start", () => {
    const dir = mkdtempSync(join(tmpdir(), "ti-lines-"));
    try {
      const long = "x".repeat(SNIPPET_LINE_BYTES + 5000);
      const filler = "f".repeat(1024 * 1024 + 17); // the next lines start past the first read chunk
      const parts = ['{"a":1}', "\n", '{"b":"é"}', "\r\n", '{"c":3}', "\r", filler, "\n", long, "\n", '{"last":"no newline"}'];
      const file = join(dir, "s.jsonl");
      writeFileSync(file, parts.join(""));
      const got = readLinesOf(file, new Set([1, 2, 4, 5]));
      assert.deepEqual([...got.keys()].sort(), [1, 2, 4, 5]);
      assert.equal(got.get(1), '{"b":"é"}');
      assert.equal(got.get(2), '{"c":3}');
      assert.equal(got.get(4), long.slice(0, SNIPPET_LINE_BYTES));
      assert.equal(got.get(5), '{"last":"no newline"}');
      assert.deepEqual([...readLinesOf(file, new Set([9]))], [], "a line past the end: nothing");
      assert.deepEqual([...readLinesOf(join(dir, "gone.jsonl"), new Set([0]))], [], "a file gone: nothing, no throw");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
