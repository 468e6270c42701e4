// Session files the UI suite writes into its temp workspace (test/e2e/ui.mjs), built here so the
// suite needs nothing but the sample and the shared corpus:
//   conversation.jsonl  pi: Markdown, an edit call (a diff), a bash call and its result, an orphan result
//   two-roots.jsonl     Claude Code: two root conversations in one file (issue 23 item 4)
//   ghost.jsonl         Claude Code: line 5 answers a call that does not exist (Anthropic rejects it)
//   big-session.jsonl   pi, about 12 MB: VS Code's "very large file" notice in code-server (issue 23 item 6)
import fs from "node:fs";
import path from "node:path";

const at = (n) => new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();

function piLines(specs) {
  const lines = [JSON.stringify({ type: "session", version: 3, id: "e2e-session", timestamp: at(0), cwd: "/work/e2e" })];
  let parent = null;
  specs.forEach((s, i) => {
    const id = `e${i + 1}`;
    const base = { type: "message", id, parentId: parent, timestamp: at(i + 1) };
    let message;
    if (s.user !== undefined) message = { role: "user", content: [{ type: "text", text: s.user }], timestamp: (i + 1) * 1000 };
    else if (s.result !== undefined) message = { role: "toolResult", toolCallId: s.result, toolName: s.tool ?? "bash", content: [{ type: "text", text: s.text }], isError: false, timestamp: (i + 1) * 1000 };
    else {
      const content = [];
      if (s.text) content.push({ type: "text", text: s.text });
      for (const c of s.calls ?? []) content.push({ type: "toolCall", id: c.id, name: c.name, arguments: c.args });
      message = { role: "assistant", content, api: "anthropic-messages", provider: "anthropic", model: "claude", stopReason: s.calls?.length ? "toolUse" : "stop", timestamp: (i + 1) * 1000 };
    }
    lines.push(JSON.stringify({ ...base, message }));
    parent = id;
  });
  return lines;
}

export const CONVERSATION_MARKDOWN = "Plan for the fix";
export function conversationText() {
  return (
    piLines([
      { user: `# ${CONVERSATION_MARKDOWN}\n\nMake **retries** configurable and keep \`MAX_RETRIES\` as the default:\n\n\`\`\`ts\nexport const MAX_RETRIES = 3;\n\`\`\`` },
      { text: "I'll change the constant.", calls: [{ id: "edit_1", name: "edit", args: { path: "src/retry.ts", oldText: "export const MAX_RETRIES = 3;\n", newText: "export const MAX_RETRIES = Number(process.env.RETRIES ?? 3);\n" } }] },
      { result: "edit_1", tool: "edit", text: "Edited src/retry.ts" },
      { calls: [{ id: "bash_1", name: "bash", args: { command: "npm test -- retry" } }] },
      { result: "bash_1", text: "PASS src/retry.test.ts\n  ✓ uses RETRIES (3 ms)" },
      { result: "bash_9", text: "a result whose call is gone" },
      { text: "Done: **retries** now come from `RETRIES`." },
    ]).join("\n") + "\n"
  );
}

const ccBase = (uuid, parent, n) => ({ parentUuid: parent, isSidechain: false, userType: "external", cwd: "/work/e2e", sessionId: "11111111-2222-4333-8444-555555555555", version: "2.1.90", uuid, timestamp: at(n) });

/** Two Claude Code conversations: `first` and `second` question-answer turns, the second last. */
export function twoRootsText(first = 3, second = 2) {
  const lines = [];
  let n = 0;
  for (const [prefix, turns, topic] of [["aaaaaaaa-aaaa", first, "the parser"], ["bbbbbbbb-bbbb", second, "the release notes"]]) {
    let parent = null;
    for (let t = 0; t < turns; t++)
      for (const role of ["user", "assistant"]) {
        const uuid = `${prefix}-0000-4000-8000-${String(++n).padStart(12, "0")}`;
        const message = role === "user" ? { role, content: `Question ${t + 1} about ${topic}` } : { id: `msg_${prefix}_${t}`, role, model: "claude-sonnet-4-5", content: [{ type: "text", text: `Answer ${t + 1} about ${topic}.` }], stop_reason: "end_turn" };
        lines.push(JSON.stringify({ ...ccBase(uuid, parent, n), type: role, message }));
        parent = uuid;
      }
  }
  return lines.join("\n") + "\n";
}

/** Claude Code: a prompt, a call and its result, an answer, then (line 5) a result of a call that does not exist. */
export function ghostText() {
  const u = (k) => `00000000-0000-4000-8000-${String(k).padStart(12, "0")}`;
  const lines = [
    { ...ccBase(u(1), null, 1), type: "user", message: { role: "user", content: "List the files." } },
    { ...ccBase(u(2), u(1), 2), type: "assistant", message: { id: "msg_1", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "tool_use", id: "toolu_01list", name: "Bash", input: { command: "ls" } }], stop_reason: "tool_use" }, requestId: "req_1" },
    { ...ccBase(u(3), u(2), 3), type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01list", content: "a.txt", is_error: false }] } },
    { ...ccBase(u(4), u(3), 4), type: "assistant", message: { id: "msg_2", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: "One file: a.txt." }], stop_reason: "end_turn" }, requestId: "req_2" },
    { ...ccBase(u(5), u(4), 5), type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01ghost", content: "late output", is_error: false }] } },
  ];
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}
export const GHOST_ERROR =
  'API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"messages.4.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01ghost. Each `tool_result` block must have a corresponding `tool_use` block in the previous message."}}';

/** A pi session of about `mb` MB (long tool outputs), ending with an orphan result (a finding). */
export function writeBigSession(file, mb = 12) {
  const out = fs.openSync(file, "w");
  try {
    const specs = [];
    const chunk = "x".repeat(4000);
    const turns = Math.ceil((mb * 1024 * 1024) / 4600);
    for (let t = 0; t < turns; t++) specs.push({ user: `Step ${t}` }, { calls: [{ id: `bash_${t}`, name: "bash", args: { command: `run ${t}` } }] }, { result: `bash_${t}`, text: `${t} ${chunk}` });
    specs.push({ result: "bash_gone", text: "a result whose call is gone" });
    for (const l of piLines(specs)) fs.writeSync(out, l + "\n");
  } finally {
    fs.closeSync(out);
  }
  return fs.statSync(file).size;
}

/** The showcase session (two Agent calls) and one subagent's transcript where Claude Code keeps it. */
export function writeSubagentSession(corpus, ws) {
  const id = "55550000-0000-4000-8000-000000000001";
  const session = path.join(ws, `${id}.jsonl`);
  fs.copyFileSync(path.join(corpus, "claude-code", "daaain-minimal-showcase-parallel-agents.jsonl"), session);
  fs.mkdirSync(path.join(ws, id, "subagents"), { recursive: true });
  fs.copyFileSync(path.join(corpus, "claude-code", "daaain-subagent-showcol2.jsonl"), path.join(ws, id, "subagents", "agent-showcol2.jsonl"));
  return `${id}.jsonl`;
}
