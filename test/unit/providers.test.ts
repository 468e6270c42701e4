/**
 * Provider rules (issue 13): one constructed session per (rule, provider) cell of the table,
 * provider detection and severity, every corpus file's real verdicts, and a scan proving that no
 * rule's logic contains a provider's error text.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { PROVIDER_NAMES, type ProviderName } from "../../server/src/engine/model/provider-names.js";
import { buildRequest } from "../../server/src/engine/providers/request-build.js";
import { PROVIDER_RULES } from "../../server/src/engine/providers/rules.js";
import { providerRulesMarkdown, providerTableReadme, withReadmeTable } from "../../server/src/engine/providers/table-doc.js";
import { cellFor, providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { readSession } from "../../server/src/engine/session/read-session.js";
import { corpusFiles } from "../helpers/corpus.js";
import {
  call,
  ccSession,
  ccThinking,
  codexSession,
  cxCall,
  cxOut,
  cxReasoning,
  cxSay,
  cxUser,
  piSession,
  text,
  thinking,
  toolResult,
  toolUse,
} from "../helpers/provider-sessions.js";

const CHAT: ProviderName[] = ["openai-chat", "deepseek", "kimi", "qwen"];

interface Case {
  name: string;
  code: string;
  session: string;
  /** Exactly the providers that reject this session for `code`. */
  rejectedBy: ProviderName[];
}

const CASES: Case[] = [
  {
    name: "a result for a call that was never made",
    code: "orphan-result",
    session: ccSession([{ user: "hi" }, { assistant: [text("ok")] }, { user: [toolResult("toolu_x")] }]),
    rejectedBy: ["anthropic", "bedrock", ...CHAT, "openai-responses"],
  },
  {
    name: "a result whose call is two messages back (Responses pairs by call_id anywhere)",
    code: "orphan-result",
    session: ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a")] }, { user: [toolResult("toolu_a")] }, { assistant: [text("ok")] }, { user: [toolResult("toolu_a")] }]),
    rejectedBy: ["anthropic", "bedrock", ...CHAT],
  },
  {
    name: "a call never answered",
    code: "dangling-call",
    session: ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a")] }, { user: "go on" }, { assistant: [text("ok")] }, { user: "bye" }]),
    rejectedBy: ["anthropic", "bedrock", ...CHAT, "openai-responses"],
  },
  {
    name: "a call answered only after another assistant message",
    code: "dangling-call",
    session: ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a")] }, { user: "wait" }, { assistant: [text("ok")] }, { user: [toolResult("toolu_a")] }]),
    rejectedBy: ["anthropic", "bedrock", ...CHAT],
  },
  {
    name: "results after a user message instead of right after the calls",
    code: "results-not-adjacent",
    session: ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a")] }, { user: "wait" }, { user: [toolResult("toolu_a")] }]),
    rejectedBy: ["gemini"],
  },
  {
    name: "text before the results in the same message",
    code: "results-not-first",
    session: ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a")] }, { user: [text("note"), toolResult("toolu_a")] }]),
    rejectedBy: ["anthropic", "bedrock"],
  },
  {
    name: "two results of one turn on two lines",
    code: "results-split",
    session: ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a"), toolUse("toolu_b")] }, { user: [toolResult("toolu_a")] }, { user: [toolResult("toolu_b")] }]),
    rejectedBy: ["bedrock", "gemini"],
  },
  {
    name: "three results for two calls",
    code: "count-mismatch",
    session: ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a"), toolUse("toolu_b")] }, { user: [toolResult("toolu_a"), toolResult("toolu_b"), toolResult("toolu_a")] }]),
    rejectedBy: ["gemini", "mistral"],
  },
  {
    name: "one call answered twice",
    code: "duplicate-result",
    session: ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a"), toolUse("toolu_b")] }, { user: [toolResult("toolu_a"), toolResult("toolu_b"), toolResult("toolu_a")] }]),
    rejectedBy: [...CHAT],
  },
  {
    name: "the same id twice in one assistant message",
    code: "duplicate-call-id",
    session: piSession([{ user: "hi" }, { assistant: [call("a"), call("a")] }, { result: "a" }, { result: "a" }]),
    rejectedBy: ["anthropic", "bedrock", "openai-chat", "deepseek", "qwen", "openai-responses"],
  },
  {
    name: "one id used by calls of two turns (Kimi: by design)",
    code: "colliding-id",
    session: piSession([{ user: "hi" }, { assistant: [call("Read:1")] }, { result: "Read:1" }, { assistant: [call("Read:1")] }, { result: "Read:1" }, { assistant: [text("done")] }], "kimi"),
    rejectedBy: ["openai-chat", "deepseek", "qwen", "openai-responses"],
  },
  {
    name: "an empty assistant text that is not the last message",
    code: "empty-content",
    session: ccSession([{ user: "hi" }, { assistant: [text("")] }, { user: "again" }]),
    rejectedBy: ["anthropic"],
  },
  {
    name: "an error result with empty content",
    code: "empty-content",
    session: piSession([{ user: "hi" }, { assistant: [call("a")] }, { result: "a", content: [], isError: true }, { assistant: [text("ok")] }]),
    rejectedBy: ["bedrock"],
  },
  {
    name: "a conversation opening with assistant text",
    code: "leading-non-user",
    session: ccSession([{ assistant: [text("hello")] }, { user: "hi" }]),
    rejectedBy: ["bedrock"],
  },
  {
    name: "a conversation opening with a turn of calls",
    code: "leading-non-user",
    session: ccSession([{ assistant: [toolUse("toolu_a")] }, { user: [toolResult("toolu_a")] }]),
    rejectedBy: ["bedrock", "gemini"],
  },
  {
    name: "two user messages in a row",
    code: "role-alternation",
    session: ccSession([{ user: "one" }, { user: "two" }, { assistant: [text("ok")] }, { user: "three" }]),
    rejectedBy: ["bedrock"],
  },
  {
    name: "a request ending on an unfinished assistant message, Claude 4.6",
    code: "ends-with-assistant",
    session: ccSession([{ user: "hi" }, { assistant: [text("Sure, ")], stop: null, model: "claude-opus-4-6" }]),
    rejectedBy: ["anthropic", "bedrock", "gemini"],
  },
  {
    name: "a request ending on an unfinished assistant message, Claude 4.5 (prefill allowed)",
    code: "ends-with-assistant",
    session: ccSession([{ user: "hi" }, { assistant: [text("Sure, ")], stop: null, model: "claude-sonnet-4-5" }]),
    rejectedBy: ["bedrock", "gemini"],
  },
  {
    name: "thinking after text",
    code: "thinking-order",
    session: ccSession([{ user: "hi" }, { assistant: [text("a"), ccThinking("hmm", "sig")] }, { user: "ok" }]),
    rejectedBy: ["anthropic"],
  },
  {
    name: "latest-turn thinking without its signature",
    code: "thinking-altered",
    session: ccSession([{ user: "hi" }, { assistant: [ccThinking("hmm"), toolUse("toolu_a")] }, { user: [toolResult("toolu_a")] }]),
    rejectedBy: ["anthropic"],
  },
  {
    name: "Codex reasoning with its item id, without its following item and without encrypted_content",
    code: "reasoning-item-incomplete",
    session: codexSession([cxUser("hi"), cxReasoning("enc", "rs_1"), cxUser("again"), cxReasoning(undefined, "rs_2"), cxCall("call_1"), cxOut("call_1")]),
    rejectedBy: ["openai-responses"],
  },
  {
    name: "pi: a Responses reasoning item as the last block of its turn",
    code: "reasoning-item-incomplete",
    session: piSession(
      [{ user: "hi" }, { assistant: [text("a"), thinking("hmm", JSON.stringify({ type: "reasoning", id: "rs_1", summary: [], encrypted_content: "e" }))], stopReason: "stop" }, { user: "ok" }],
      "openai-responses",
    ),
    rejectedBy: ["openai-responses"],
  },
  {
    name: "DeepSeek thinking mode: a tool-call message of the latest turn without reasoning",
    code: "reasoning-content-missing",
    session: piSession([{ user: "hi" }, { assistant: [thinking("plan", "reasoning_content"), call("a")] }, { result: "a" }, { assistant: [call("b")] }, { result: "b" }], "deepseek"),
    rejectedBy: ["deepseek"],
  },
  {
    name: "a tool-call id outside Anthropic's pattern",
    code: "invalid-call-id",
    session: ccSession([{ user: "hi" }, { assistant: [toolUse("call|abc")] }, { user: [toolResult("call|abc")] }]),
    rejectedBy: ["anthropic"],
  },
  {
    name: "a tool-call id of 65 characters",
    code: "invalid-call-id",
    session: ccSession([{ user: "hi" }, { assistant: [toolUse("t".repeat(65))] }, { user: [toolResult("t".repeat(65))] }]),
    rejectedBy: ["anthropic"],
  },
  {
    name: "a tool name with a space",
    code: "invalid-tool-name",
    session: codexSession([cxUser("hi"), cxCall("call_1", "run shell"), cxOut("call_1"), cxSay("ok")]),
    rejectedBy: ["openai-responses"],
  },
];

/**
 * Claude Code repairs most of these shapes itself when it resumes (its After is what it sends,
 * issue 21: results that answer nothing dropped, calls without results removed, user messages
 * merged): its sessions check the cells on the conversation as written (Before).
 */
function rejectersFor(session: string, code: string): ProviderName[] {
  const a = analyze(session);
  const v = providerVerdicts(a.session.format === "claude-code" ? { ...a, after: a.before } : a, { target: "all" });
  return PROVIDER_NAMES.filter((p) => v.verdicts[p].findings.some((f) => f.code === code));
}

describe("provider rules: one session per (rule, provider) cell", () => {
  for (const c of CASES)
    it(`${c.code}: ${c.name}`, () => {
      assert.deepEqual(rejectersFor(c.session, c.code), [...c.rejectedBy].sort((a, b) => PROVIDER_NAMES.indexOf(a) - PROVIDER_NAMES.indexOf(b)));
    });

  it("every rejecting cell of the table has a case", () => {
    const covered = new Set(CASES.flatMap((c) => c.rejectedBy.map((p) => `${c.code}/${p}`)));
    const missing: string[] = [];
    for (const r of PROVIDER_RULES)
      for (const p of PROVIDER_NAMES) {
        if (cellFor(r, p)?.verdict !== "rejects") continue;
        if (r.code === "thought-signature-missing") continue; // pi-ai fills the signature: see below
        if (!covered.has(`${r.code}/${p}`)) missing.push(`${r.code}/${p}`);
      }
    assert.deepEqual(missing, []);
  });

  it("thought-signature-missing: pi-ai sends Gemini 3 a sentinel signature, so a pi session passes", () => {
    const s = piSession([{ user: "hi" }, { assistant: [call("a")] }, { result: "a" }], "gemini");
    assert.deepEqual(rejectersFor(s, "thought-signature-missing"), []);
  });

  it("thought-signature-missing: the check flags the first unsigned call of a Gemini 3 turn", () => {
    const session = readSession(piSession([{ user: "hi" }, { assistant: [call("a"), call("b")] }, { result: "a" }, { result: "b" }], "gemini"));
    const a = analyze(piSession([{ user: "hi" }, { assistant: [call("a"), call("b")] }, { result: "a" }, { result: "b" }], "gemini"));
    const req = buildRequest(a.after, { oneMessagePerLine: true, sameModel: () => true });
    const rule = PROVIDER_RULES.find((r) => r.code === "thought-signature-missing")!;
    const ctx = { session: { ...session, format: "unknown" as const }, beforeOf: () => undefined };
    const hits = rule.check(req, { ...ctx, targetModel: "gemini-3-pro-preview" }, "gemini-3");
    assert.deepEqual(hits.map((h) => h.toolCallId), ["a"]);
    assert.deepEqual(rule.check(req, { ...ctx, targetModel: "gemini-2.5-pro" }, "gemini-3"), []);
  });

  it("thinking-altered: pi-condense stripping the latest turn's thinking is caught by comparing with `before`", () => {
    // The chain's end assistant loses its thinking (pi-condense strips it at the range end).
    const s = piSession([
      { user: "hi" },
      { assistant: [thinking("plan", "sig1"), call("a")] },
      { result: "a" },
      { assistant: [thinking("more", "sig2"), call("b")] },
      { result: "b" },
    ]);
    const a = analyze(s);
    const v = providerVerdicts(a);
    // Unpruned: nothing altered.
    assert.equal(v.verdicts.anthropic.findings.some((f) => f.code === "thinking-altered"), false);
    const stripped = { ...a, after: a.after.map((m) => (m.role === "assistant" && a.after.indexOf(m) === 3 ? { ...m, content: m.content.filter((b: any) => b.type !== "thinking") } : m)) };
    const v2 = providerVerdicts(stripped);
    assert.deepEqual(v2.verdicts.anthropic.findings.map((f) => f.code), ["thinking-altered"]);
    assert.equal(v2.verdicts.anthropic.findings[0].line, 4);
  });

  it("pi: thinking without a signature goes to Anthropic as text (pi-ai), so it is not rejected", () => {
    const s = piSession([{ user: "hi" }, { assistant: [thinking("hmm"), call("a")] }, { result: "a" }]);
    assert.deepEqual(rejectersFor(s, "thinking-altered"), []);
  });

  it("pi: a call left without a result gets pi-ai's synthetic result: no missing result, but two user messages in a row", () => {
    const s = piSession([{ user: "hi" }, { assistant: [call("a")] }, { user: "go on" }, { assistant: [text("ok")] }]);
    assert.deepEqual(rejectersFor(s, "dangling-call"), []);
    assert.deepEqual(rejectersFor(s, "orphan-result"), []);
    const v = providerVerdicts(analyze(s), { target: "all" });
    assert.deepEqual(PROVIDER_NAMES.filter((p) => v.verdicts[p].rejects), ["bedrock"]);
    assert.deepEqual(v.verdicts.bedrock.findings.map((f) => f.code), ["role-alternation"]);
  });

  it("pi: an empty user text is left out by pi-ai's serialisers except Bedrock's", () => {
    const s = piSession([{ user: "hi" }, { assistant: [text("ok")] }, { user: [text(" ")] }, { user: "again" }]);
    assert.deepEqual(rejectersFor(s, "empty-content"), []);
    assert.deepEqual(rejectersFor(s, "role-alternation"), ["bedrock"]);
  });
});

describe("provider detection and severity", () => {
  it("pi: the target is the provider of the latest turn; a model_change moves it", () => {
    const s = piSession([{ user: "hi" }, { assistant: [text("a")], by: "anthropic" }, { user: "x" }, { assistant: [text("b")], by: "openai-responses" }]);
    const v = providerVerdicts(analyze(s));
    assert.equal(v.target, "openai-responses");
    assert.equal(v.targetSource, "session");
    assert.equal(v.targetModel, "gpt-5.1");
    assert.deepEqual(v.turns.map((t) => t.provider), ["anthropic", "openai-responses"]);
    const s2 = piSession([{ user: "hi" }, { assistant: [text("a")], by: "anthropic" }, { modelChange: "gemini" }, { user: "x" }]);
    assert.equal(providerVerdicts(analyze(s2)).target, "gemini");
  });

  it("pi: DeepSeek, Kimi and Qwen are told apart from OpenAI Chat", () => {
    for (const p of ["deepseek", "kimi", "qwen", "openai-chat", "mistral", "bedrock"] as const)
      assert.equal(providerVerdicts(analyze(piSession([{ user: "hi" }, { assistant: [text("a")], by: p }]))).target, p);
  });

  it("Claude Code goes to Anthropic (Bedrock for a Bedrock model id); Codex to OpenAI Responses", () => {
    assert.equal(providerVerdicts(analyze(ccSession([{ user: "hi" }, { assistant: [text("a")] }]))).target, "anthropic");
    assert.equal(providerVerdicts(analyze(ccSession([{ user: "hi" }, { assistant: [text("a")], model: "us.anthropic.claude-sonnet-4-5-v1:0" }]))).target, "bedrock");
    assert.equal(providerVerdicts(analyze(codexSession([cxUser("hi"), cxSay("a")]))).target, "openai-responses");
  });

  it("an option overrides the target", () => {
    const v = providerVerdicts(analyze(ccSession([{ user: "hi" }, { assistant: [text("a")] }])), { target: "gemini" });
    assert.equal(v.target, "gemini");
    assert.equal(v.targetSource, "option");
  });

  it("error where the target rejects, information naming the others where only they would", () => {
    const s = ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a"), toolUse("toolu_b")] }, { user: [toolResult("toolu_a")] }, { user: [toolResult("toolu_b")] }]);
    const a = analyze(s);
    const anthropic = providerVerdicts(a);
    assert.equal(anthropic.target, "anthropic");
    assert.equal(anthropic.verdicts.anthropic.rejects, false);
    const split = anthropic.findings.find((f) => f.code === "results-split")!;
    assert.equal(split.severity, "information");
    assert.match(split.message, /^Tool result `toolu_b` is in a later message than the other results of its turn\. Bedrock would reject this: "Expected toolResult blocks/);
    assert.match(split.message, /Gemini would reject this: "Please ensure/);
    assert.deepEqual(split.rejectedBy, ["bedrock", "gemini"]);
    const bedrock = providerVerdicts(a, { target: "bedrock" });
    const split2 = bedrock.findings.find((f) => f.code === "results-split")!;
    assert.equal(split2.severity, "error");
    assert.match(split2.message, /Bedrock rejects this: "/);
    assert.equal(bedrock.verdicts.bedrock.rejects, true);
  });

  it("colliding-id is a hint for Kimi, whose ids repeat by design, and an error for OpenAI Chat", () => {
    const s = piSession([{ user: "hi" }, { assistant: [call("Read:1")] }, { result: "Read:1" }, { assistant: [call("Read:1")] }, { result: "Read:1" }, { assistant: [text("done")] }], "kimi");
    const a = analyze(s);
    const kimi = providerVerdicts(a);
    assert.equal(kimi.target, "kimi");
    assert.deepEqual(kimi.quietCodes, ["colliding-id"]);
    assert.equal(kimi.verdicts.kimi.rejects, false);
    const f = kimi.findings.find((x) => x.code === "colliding-id")!;
    assert.equal(f.severity, "hint");
    assert.match(f.message, /normal for Kimi/);
    const chat = providerVerdicts(a, { target: "openai-chat" });
    assert.equal(chat.findings.find((x) => x.code === "colliding-id")!.severity, "error");
    assert.deepEqual(chat.quietCodes, []);
  });

  it("findings point at the offending line and JSON path", () => {
    const v = providerVerdicts(analyze(ccSession([{ user: "hi" }, { assistant: [toolUse("call|abc")] }, { user: [toolResult("call|abc")] }])));
    const f = v.findings.find((x) => x.code === "invalid-call-id")!;
    assert.equal(f.line, 1);
    assert.deepEqual(f.path, ["message", "content", 0, "id"]);
    assert.equal(f.toolCallId, "call|abc");
  });

  it("related lists stay bounded on a session with many violations", () => {
    const items: Parameters<typeof ccSession>[0] = [{ user: "hi" }];
    for (let i = 0; i < 200; i++) items.push({ assistant: [text(`t${i}`), ccThinking("x", "s")] }, { user: "u" });
    const v = providerVerdicts(analyze(ccSession(items)));
    assert.equal(v.verdicts.anthropic.count, 200);
    assert.equal(v.verdicts.anthropic.findings.length, 20);
    for (const f of v.findings) assert.ok((f.related ?? []).length <= 8);
  });
});

/** The real verdicts of every corpus file: the providers that reject it, and the target. */
const CORPUS_VERDICTS: Record<string, { target: ProviderName | null; rejectedBy: ProviderName[] }> = {
  "pi/inspector-branching.jsonl": { target: "openai-responses", rejectedBy: [] },
  "pi/inspector-error-message.jsonl": { target: null, rejectedBy: ["bedrock", "gemini"] },
  "pi/inspector-unknown-entry-ancestry.jsonl": { target: null, rejectedBy: [] },
  "pi/pi-mono-before-compaction-v1.jsonl": { target: "anthropic", rejectedBy: ["bedrock"] },
  "pi/pi-mono-large-session-v1.jsonl": { target: "anthropic", rejectedBy: ["bedrock"] },
  // Claude Code sends the compact summary and the next prompt as one user message (issue 21).
  "claude-code/daaain-dag-compact-after-rewind.jsonl": { target: "anthropic", rejectedBy: [] },
  "claude-code/daaain-edge-cases.jsonl": { target: "anthropic", rejectedBy: [] },
  "claude-code/daaain-minimal-showcase-parallel-agents.jsonl": { target: "anthropic", rejectedBy: ["bedrock", "openai-chat", "gemini", "deepseek", "kimi", "qwen"] },
  "claude-code/daaain-representative-messages.jsonl": { target: "anthropic", rejectedBy: [] },
  "claude-code/daaain-sidechain-integrated.jsonl": { target: "anthropic", rejectedBy: ["bedrock", "gemini"] },
  "claude-code/daaain-subagent-showcol2.jsonl": { target: "anthropic", rejectedBy: [] },
  "claude-code/daaain-todowrite-examples.jsonl": { target: "anthropic", rejectedBy: ["bedrock", "gemini"] },
  "codex/daaain-legacy-bare.jsonl": { target: "openai-responses", rejectedBy: [] },
  "codex/daaain-malformed.jsonl": { target: "openai-responses", rejectedBy: [] },
  "codex/daaain-parent-spawn.jsonl": { target: "openai-responses", rejectedBy: ["bedrock", "gemini"] },
  "codex/daaain-structured.jsonl": { target: "openai-responses", rejectedBy: [] },
  // Codex refuses this file (its subagent meta has no `depth`: docs/research/codex-resume.md R2.4): nothing is sent
  "codex/daaain-subagent-child.jsonl": { target: "openai-responses", rejectedBy: [] },
};

describe("provider verdicts on the corpus", () => {
  const files = corpusFiles();
  it("every corpus file has expected verdicts", () => {
    assert.deepEqual(files.map((f) => f.name).sort(), Object.keys(CORPUS_VERDICTS).sort());
  });
  for (const f of files)
    it(f.name, () => {
      const want = CORPUS_VERDICTS[f.name];
      const v = providerVerdicts(analyze(f.text));
      assert.equal(v.target, want.target);
      assert.deepEqual(PROVIDER_NAMES.filter((p) => v.verdicts[p].rejects), PROVIDER_NAMES.filter((p) => want.rejectedBy.includes(p)));
      for (const finding of v.findings) {
        assert.equal(finding.severity, want.target && finding.rejectedBy.includes(want.target) ? "error" : finding.rejectedBy.length ? "information" : "hint");
        assert.ok(finding.line >= 0 && finding.line < v.turns.length + f.text.split("\n").length);
      }
    });
});

describe("provider error strings stay out of rule logic", () => {
  const errors = PROVIDER_RULES.flatMap((r) => Object.values(r.cells).map((c) => c?.error ?? "")).filter((e) => e.length > 0);
  // 32 characters: long enough that plain English shared with an error text does not count.
  const W = 32;
  const windows = new Set<string>();
  for (const e of errors) for (let i = 0; i + W <= e.length; i++) windows.add(e.slice(i, i + W));

  it("no check function contains 32 characters of any provider's error text", () => {
    for (const r of PROVIDER_RULES) {
      const src = r.check.toString();
      for (let i = 0; i + W <= src.length; i++) assert.ok(!windows.has(src.slice(i, i + W)), `${r.code}: ${src.slice(i, i + 40)}`);
    }
  });

  it("outside the table's `error:` entries, no provider source file contains an error text", () => {
    const dir = join(__dirname, "..", "..", "server", "src", "engine", "providers");
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".ts"))) {
      const code = readFileSync(join(dir, name), "utf8")
        .split("\n")
        .filter((l) => !/^\s*(\/\/|\*|\/\*\*)/.test(l) && !/\berror: "/.test(l))
        .join("\n");
      for (let i = 0; i + W <= code.length; i++) assert.ok(!windows.has(code.slice(i, i + W)), `${name}: ${code.slice(i, i + 40)}`);
    }
  });
});

describe("docs/provider-rules.md", () => {
  it("is the table as the code has it (regenerate: node --import tsx scripts/provider-rules-doc.ts)", () => {
    assert.equal(readFileSync(join(__dirname, "..", "..", "docs", "provider-rules.md"), "utf8"), providerRulesMarkdown());
  });

  it("README's rule × provider table is the table as the code has it (same script)", () => {
    const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");
    assert.equal(readme, withReadmeTable(readme));
    assert.ok(readme.includes(providerTableReadme()));
  });
});

describe("Codex's own reasoning items (issue 21)", () => {
  it("reasoning items stored without ids, as Codex writes them, are accepted by the Responses API: no finding, also on an interrupted turn", () => {
    // an interrupted turn: reasoning, then the user speaks again; the real session went on after it
    const t = codexSession([cxUser("hi"), cxReasoning("enc"), cxUser("stop, do this instead"), cxReasoning("enc2"), cxCall("call_1"), cxOut("call_1")]);
    const v = providerVerdicts(analyze(t), { target: "openai-responses" });
    assert.deepEqual(v.findings.filter((f) => f.code === "reasoning-item-incomplete"), []);
  });
});
