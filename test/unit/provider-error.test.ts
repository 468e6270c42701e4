/**
 * Issue 23 item 8a, "paste a provider error": the place an error names in the request the
 * provider rejected (Anthropic's `messages.4.content.0`, OpenAI Chat's `messages[4]` and
 * DeepSeek's "at message index 2", the Responses API's `input[2]`) is found in the engine's
 * request model and mapped to the file line it came from.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/index.js";
import { locateProviderError, parseProviderError } from "../../server/src/presentation/view-request-path.js";
import { claudeCodeText } from "../helpers/claude-code-builder.js";
import { sessionText } from "../helpers/session-builder.js";

/**
 * A Claude Code session whose last line (5) answers a call that does not exist, written after the
 * answer (a later timestamp, as a writer stamps it). Claude Code 2.0.31 sends that result as it is
 * (it has no pairing repair), and Anthropic answers with the error below; 2.1.112 drops it before
 * sending (ensureToolResultPairing), so no 2.1 request carries it: the place is located in what
 * 2.0.31 sends (docs/research/claude-code-resume.md 5.7, 8.1).
 */
function ghostSession(): string {
  const base = claudeCodeText([{ calls: ["toolu_1"] }, { calls: [] }]);
  const last = JSON.parse(base.trim().split("\n").at(-1)!);
  return base + JSON.stringify({ ...last, uuid: "00000000-0000-4000-8000-0000000000ff", parentUuid: last.uuid, type: "user", timestamp: "2026-01-01T00:00:05.000Z", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_ghost", content: "late", is_error: false }] } }) + "\n";
}

/** pi: user (line 2), assistant with two calls (3), their results (4, 5), the answer (6). */
const PI = sessionText([{ user: 1 }, { assistant: 2, calls: ["call_a", "call_b"] }, { result: 3, id: "call_a" }, { result: 4, id: "call_b" }, { assistant: 5, text: "done" }]);

describe("parseProviderError: the place and the API's counting", () => {
  it("reads Anthropic's, Bedrock's, Chat's, DeepSeek's and the Responses API's wordings", () => {
    assert.deepEqual(parseProviderError("messages.12.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01ABC. Each `tool_result` block must have a corresponding `tool_use` block in the previous message."), { shape: "messages", path: "messages.12.content.0", index: 12, part: 0, ids: ["toolu_01ABC"], provider: "anthropic" });
    assert.equal(parseProviderError("Expected toolResult blocks at messages.3.content for the following Ids: tooluse_x1")?.provider, "bedrock");
    assert.deepEqual(parseProviderError("Invalid parameter: Duplicate value for 'tool_call_id' of 'call_7' in messages[7] and messages[8].", "kimi"), { shape: "chat", path: "messages[7]", index: 7, ids: ["call_7"], provider: "kimi" });
    assert.equal(parseProviderError("Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'. (param: messages.[3].role)")?.path, "messages[3]");
    assert.deepEqual(parseProviderError("Missing reasoning_content field in the assistant message at message index 2"), { shape: "chat", path: "messages[2]", index: 2, ids: [], provider: "deepseek" });
    assert.deepEqual(parseProviderError("Missing required parameter: 'input[5].encrypted_content'."), { shape: "responses", path: "input[5]", index: 5, ids: [], provider: "openai-responses" });
    assert.equal(parseProviderError("400 Bad Request: something else"), null);
  });
});

describe("locateProviderError: the file line behind the place", () => {
  it("Anthropic: messages.4.content.0 is the orphan result on line 5", () => {
    const a = analyze(ghostSession(), { agentVersion: "2.0" });
    const r = locateProviderError(a, "API Error: 400 messages.4.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_ghost. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.")!;
    assert.equal(r.provider, "anthropic");
    assert.equal(r.line, 5);
    assert.equal(r.toolCallId, "toolu_ghost");
    assert.match(r.what!, /^user message \(result of toolu_ghost\)$/);
    assert.deepEqual(r.lines, [5]);
    assert.equal(r.note, undefined, "the id the error names is where the path points");
    // the message before it: the answer on line 4
    assert.equal(locateProviderError(a, "messages.3: all messages must have non-empty content")!.line, 4);
    // 2.1.112 drops the result before sending: its request has no such place, and the answer says so
    const r21 = locateProviderError(analyze(ghostSession()), "messages.4.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_ghost.")!;
    assert.equal(r21.line, null);
    assert.match(r21.note!, /toolu_ghost is not in Anthropic's request/);
  });

  it("OpenAI Chat: one message per tool result, the system prompt first; the id picks the count", () => {
    const a = analyze(PI);
    const r = locateProviderError(a, "Invalid parameter: Duplicate value for 'tool_call_id' of 'call_b' in messages[4] and messages[5].")!;
    assert.equal(r.line, 5, "call_b's result");
    assert.equal(r.toolCallId, "call_b");
    assert.match(r.note!, /Counted with the system prompt as messages\[0\]/);
    // without a system prompt the same id is one earlier: that count is taken, and said
    const r2 = locateProviderError(a, "Duplicate value for 'tool_call_id' of 'call_b' in messages[3].")!;
    assert.equal(r2.line, 5);
    assert.match(r2.note!, /Counted without a system prompt first/);
    // DeepSeek names no id: the usual count (the system prompt first), said so
    const d = locateProviderError(a, "Missing reasoning_content field in the assistant message at message index 2")!;
    assert.equal(d.provider, "deepseek");
    assert.equal(d.line, 3);
    assert.match(d.what!, /^assistant message/);
    assert.match(d.note!, /names no tool-call id/);
  });

  it("Responses: one item per call and output", () => {
    const a = analyze(PI);
    // user (0), function_call a (1), function_call b (2), output a (3), output b (4), message (5)
    const r = locateProviderError(a, "No tool output found for function call call_b at input[4].")!;
    assert.equal(r.line, 5);
    assert.match(r.what!, /^function_call_output item \(result of call_b\)$/);
    assert.equal(locateProviderError(a, "Invalid 'input[1]': bad item")!.line, 3);
  });

  it("a place past the request's end says so; a text without a place is null", () => {
    const a = analyze(PI);
    const r = locateProviderError(a, "messages.40.content.0: unexpected tool_use_id found in tool_result blocks: toolu_x")!;
    assert.equal(r.line, null);
    assert.match(r.note!, /has 4 messages: messages\.40\.content\.0 is past its end/);
    assert.equal(locateProviderError(a, "rate limited, try again"), null);
  });
});
