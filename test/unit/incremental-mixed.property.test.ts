/**
 * Issue 11 item 3: appends and in-place edits mixed, from short sessions on, through the language
 * server's store. Property (fixed seed, bounded runs, no timing): after every step the analysis and
 * the provider verdicts (detected target and `all`) equal a fresh analysis of the text. The lines
 * mix models (a switch of provider or a `model_change`), empty texts, thinking with and without a
 * signature, error and aborted turns, repeated ids, results that pair or not and bash runs; edits
 * change a text, an error flag, a result's id, a call's id or a stop reason. Short sessions matter:
 * with one assistant message before a change, provider rules check a request whose array the
 * builder changed in place (a review found a stale per-array memo that way).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { LineDocument } from "../../server/src/lsp/line-document.js";
import { analyzeOptions, DEFAULT_SETTINGS } from "../../server/src/lsp/settings.js";
import { Store } from "../../server/src/lsp/store.js";
import { analysisShape, verdictShape } from "../helpers/analysis-shape.js";

const SEED = 1107;
const RUNS = 120;
const URI = "file:///nonexistent-dir/mixed.jsonl";
const HEADER = JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/t" });
const MODELS = [
  ["anthropic-messages", "anthropic", "claude-sonnet-4-5"],
  ["openai-responses", "openai", "gpt-5"],
  ["google-generative-ai", "google", "gemini-2.5-pro"],
  ["bedrock-converse-stream", "amazon-bedrock", "anthropic.claude-x"],
];

/** Picks from a list of draws (fast-check shrinks them). */
const picker = (draws: number[]) => {
  let i = 0;
  return (n: number) => draws[i++ % draws.length] % n;
};

interface Writer {
  n: number;
  leaf: string | null;
  ts: number;
}

/** One session line, decided by `pick`. */
function lineOf(w: Writer, pick: (n: number) => number): string {
  const id = `x${w.n++}`;
  const ts = ++w.ts;
  const when = new Date(Date.UTC(2027, 0, 1) + ts * 1000).toISOString();
  const parentId = w.leaf;
  w.leaf = id;
  const message = (m: Record<string, unknown>) => JSON.stringify({ type: "message", id, parentId, timestamp: when, message: { ...m, timestamp: ts } });
  const [api, provider, model] = MODELS[pick(10) < 7 ? 0 : pick(MODELS.length)];
  const assistant = (content: unknown[], stopReason: string) => message({ role: "assistant", content, api, provider, model, stopReason });
  const call = () => ({ type: "toolCall", id: `c${pick(4)}`, name: "bash", arguments: {} });
  switch (pick(12)) {
    case 0:
    case 1:
      return message({ role: "user", content: [{ type: "text", text: pick(6) ? `u${ts}` : "" }] });
    case 2:
    case 3: {
      const content: unknown[] = [call()];
      if (pick(2)) content.push(call());
      if (pick(3) === 0) content.unshift({ type: "text", text: pick(2) ? "t" : "" });
      if (pick(4) === 0) content.push({ type: "thinking", thinking: "th", thinkingSignature: pick(2) ? "sig" : undefined });
      return assistant(content, "toolUse");
    }
    case 4:
      return assistant([call()], pick(2) ? "error" : "aborted");
    case 5:
    case 6:
    case 7:
      return message({ role: "toolResult", toolCallId: `c${pick(4)}`, toolName: "bash", content: [{ type: "text", text: pick(4) ? "ok" : "" }], isError: pick(3) === 0 });
    case 8:
      return assistant([{ type: "text", text: pick(3) ? "done" : "" }], "stop");
    case 9:
      return assistant([{ type: "thinking", thinking: "x", thinkingSignature: "s" }, { type: "text", text: "a" }, { type: "thinking", thinking: "y" }], "stop");
    case 10:
      return JSON.stringify({ type: "model_change", id, parentId, timestamp: when, provider, modelId: model });
    default:
      return message({ role: "bashExecution", command: "ls", output: "", exitCode: 0, cancelled: false, truncated: false, excludeFromContext: pick(2) === 0 });
  }
}

function edited(text: string, kind: number, v: number): string {
  switch (kind) {
    case 0:
      return text.replace(/"text":"([^"]*)"/, (_m, t: string) => `"text":"${t ? "" : `e${v}`}"`);
    case 1:
      return text.includes('"isError":false') ? text.replace('"isError":false', '"isError":true') : text.replace('"isError":true', '"isError":false');
    case 2:
      return text.replace(/"toolCallId":"c(\d)"/, (_m, d: string) => `"toolCallId":"c${(Number(d) + 1) % 4}"`);
    case 3:
      return text.replace(/"stopReason":"(\w+)"/, (_m, s: string) => `"stopReason":"${s === "error" ? "toolUse" : "error"}"`);
    default:
      return text.replace(/"toolCall","id":"c(\d)"/, (_m, d: string) => `"toolCall","id":"c${(Number(d) + 1) % 4}"`);
  }
}

const draws = fc.array(fc.nat(1000), { minLength: 12, maxLength: 12 });
const step = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("append" as const), lines: fc.array(draws, { minLength: 1, maxLength: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("edit" as const), at: fc.nat(1000), how: fc.nat(4) }) },
);

describe("appends and edits mixed (language server)", () => {
  it("from short sessions on, every version's analysis and verdicts equal a fresh analysis", () => {
    fc.assert(
      fc.property(fc.array(draws, { maxLength: 5 }), fc.array(step, { minLength: 1, maxLength: 12 }), (start, steps) => {
        const w: Writer = { n: 0, leaf: null, ts: 0 };
        const text = [HEADER, ...start.map((d) => lineOf(w, picker(d)))].join("\n") + "\n";
        const store = new Store();
        const doc = LineDocument.create(URI, "jsonl", 1, text);
        let st = store.get(URI, 1, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
        verdictShape(st.analysis!);
        verdictShape(st.analysis!, "all");
        let version = 1;
        for (const s of steps) {
          version++;
          const lines = doc.lines().lines;
          if (s.kind === "edit" && lines.length > 2) {
            const at = 1 + (s.at % (lines.length - 2));
            const old = lines.at(at)!.text;
            LineDocument.update(doc, [{ range: { start: { line: at, character: 0 }, end: { line: at, character: old.length } }, text: edited(old, s.how, version) }], version);
          } else {
            const body = (s.kind === "append" ? s.lines : [[0]]).map((d) => lineOf(w, picker(d))).join("\n") + "\n";
            const end = doc.positionAt(doc.getText().length);
            LineDocument.update(doc, [{ range: { start: end, end }, text: body }], version);
          }
          st = store.get(URI, version, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
          const fresh = analyze(doc.getText(), analyzeOptions(DEFAULT_SETTINGS));
          assert.deepEqual(analysisShape(st.analysis!), analysisShape(fresh), `v${version}: analysis`);
          assert.deepEqual(verdictShape(st.analysis!), verdictShape(fresh), `v${version}: verdicts`);
          assert.deepEqual(verdictShape(st.analysis!, "all"), verdictShape(fresh, "all"), `v${version}: verdicts (all)`);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
