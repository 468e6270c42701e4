/** convertToLlm's text for pi's own roles (pi-mono packages/coding-agent/src/core/messages.ts). */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Msg } from "../../server/src/engine/model/types.js";
import { bashExecutionText, llmUserContent } from "../../server/src/engine/formats/pi/convert-to-llm.js";

const origin = { kind: "entry" as const, line: 0, entryId: "e1" };
const msg = (m: Partial<Msg>): Msg => ({ role: "user", origin, ...m }) as Msg;

describe("agent message text (convertToLlm)", () => {
  it("compaction and branch summaries go out wrapped in their prefixes", () => {
    const c = llmUserContent(msg({ role: "compactionSummary", summary: "S" })) as any[];
    assert.equal(c[0].text, "The conversation history before this point was compacted into the following summary:\n\n<summary>\nS\n</summary>");
    const b = llmUserContent(msg({ role: "branchSummary", summary: "B" })) as any[];
    assert.equal(b[0].text, "The following is a summary of a branch that this conversation came back from:\n\n<summary>\nB</summary>");
  });
  it("bash executions: command, fenced output or (no output), cancel, exit code, truncation note", () => {
    assert.equal(bashExecutionText(msg({ role: "bashExecution", command: "ls", output: "a\nb", exitCode: 0 })), "Ran `ls`\n```\na\nb\n```");
    assert.equal(bashExecutionText(msg({ role: "bashExecution", command: "x", output: "", exitCode: 2 })), "Ran `x`\n(no output)\n\nCommand exited with code 2");
    assert.equal(bashExecutionText(msg({ role: "bashExecution", command: "x", output: "o", cancelled: true, exitCode: 2 })), "Ran `x`\n```\no\n```\n\n(command cancelled)");
    assert.equal(
      bashExecutionText(msg({ role: "bashExecution", command: "x", output: "o", truncated: true, fullOutputPath: "/tmp/f" })),
      "Ran `x`\n```\no\n```\n\n[Output truncated. Full output: /tmp/f]",
    );
    assert.equal(bashExecutionText(msg({ role: "bashExecution", command: "x", output: "o", truncated: true })), "Ran `x`\n```\no\n```");
  });
  it("custom string content becomes one text block; other roles are untouched", () => {
    assert.deepEqual(llmUserContent(msg({ role: "custom", content: "hi" })), [{ type: "text", text: "hi" }]);
    const blocks = [{ type: "text", text: "x" }];
    assert.equal(llmUserContent(msg({ role: "custom", content: blocks })), blocks);
    assert.equal(llmUserContent(msg({ role: "user", content: "u" })), undefined);
  });
});
