// Writes samples/sample-session.jsonl: a pi session that shows every finding the engine has.
//   node --import tsx scripts/make-sample.ts
import { writeFileSync } from "node:fs";
import { entryOf, type Spec } from "../test/helpers/session-builder.js";

// The two chain ranges (b5, b7) hold what real ranges hold: long tool output that the chain
// summary replaces. That is what makes the sample's "after" visibly smaller than its "before".
const testRun = [
  "> vitest run",
  "",
  ...Array.from({ length: 40 }, (_, i) =>
    i % 13 === 4
      ? ` FAIL  src/parser.test.ts > parse > nested arrays #${i}\n   AssertionError: expected [ 1, [ 2 ] ] to deeply equal [ 1, [ 2, 3 ] ]\n    at src/parser.test.ts:${40 + i}:21`
      : ` ✓ src/${["lexer", "parser", "printer", "cli"][i % 4]}.test.ts > case ${i} (${(i * 7) % 23 + 1} ms)`,
  ),
  "",
  " Test Files  1 failed | 3 passed (4)",
  "      Tests  3 failed | 37 passed (40)",
].join("\n");
const patch = [
  "--- a/src/parser.ts",
  "+++ b/src/parser.ts",
  ...Array.from({ length: 30 }, (_, i) =>
    i % 3 === 0 ? `-  const item${i} = readItem(tokens, pos);` : i % 3 === 1 ? `+  const item${i} = readNested(tokens, pos, depth + 1);` : `   pos = skipWhitespace(tokens, pos + ${i});`,
  ),
  "patched parser.ts (30 lines changed)",
].join("\n");

const specs: Spec[] = [
  { assistant: 500, text: "Welcome back. (written by an extension before the first prompt)" }, // leading-non-user
  { user: 1000, text: "Run the test suite and fix what fails." },
  { assistant: 1100, calls: ["bash_18"] },
  { result: 1150, id: "bash_18", text: testRun },
  { assistant: 1200, text: "Three tests fail in parser.ts." },
  { user: 2000, text: "Fix the parser." },
  { assistant: 2100, calls: ["bash_23"] },
  { result: 2150, id: "bash_23", text: patch },
  { assistant: 2200, text: "Patched." },
  { user: 3000, text: "Now run lint and the tests again." },
  { assistant: 3100, calls: ["bash_23", "lint_24"] }, // colliding-id + id-set-drop-hazard
  { result: 3150, id: "bash_23", text: "all tests pass" },
  { result: 3160, id: "lint_24", text: "<img src=x onerror=alert(1)> lint clean" },
  { result: 3170, id: "bash_99", text: "stale result spliced in by hand" }, // orphan-result
  { user: 4000, text: "Write the changelog." },
  { assistant: 4100, calls: ["write_1", "write_1"] }, // duplicate-call-id
  { result: 4150, id: "write_1" },
  { result: 4160, id: "write_1" },
  { assistant: 4200, calls: ["read_2", "grep_3"] },
  { result: 4250, id: "read_2" },
  { customMessage: "other-extension", content: "A notice spliced in mid-turn." }, // barrier: dangling-call for grep_3
  { result: 4300, id: "grep_3" }, // orphan after the barrier
  { user: 5000, text: "Deploy it." },
  { assistant: 5100, calls: ["deploy_1"], stopReason: "aborted" }, // partial-message
  { result: 5150, id: "deploy_1", isError: true, text: "aborted" }, // error-turn-results
  { user: 6000, text: "Try the deploy again." },
  { assistant: 6100, calls: ["deploy_2", "notify_3"] }, // pending-call at the end
  { result: 6150, id: "deploy_2", text: "deployed" },
  { chain: { blockId: "b5", start: 1000, final: 1200, dropped: ["bash_18"] } },
  { chain: { blockId: "b7", start: 2000, final: 2200, dropped: ["bash_23", "edit_5"] } }, // range-id-mismatch
  { chain: { blockId: "b9", start: 4000, final: null, dropped: ["write_1"] } }, // unresolved-range
];
const lines = [JSON.stringify({ type: "session", version: 3, id: "sample-session", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/work/sample" })];
let parent: string | null = null;
specs.forEach((s, i) => {
  const id = `e${i + 1}`;
  const e = entryOf(s, id, parent);
  lines.push(JSON.stringify(e));
  parent = id;
  if (i === 8) {
    // off the active branch: an entry with a broken parent and one with a duplicate id
    lines.push(JSON.stringify({ type: "label", id: "lbl1", parentId: "e0-gone", timestamp: "2026-01-01T00:00:09.500Z", targetId: "e9", label: "patched" }));
    lines.push(JSON.stringify({ type: "session_info", id: "lbl1", parentId: "e9", timestamp: "2026-01-01T00:00:09.600Z", name: "duplicate id" }));
    lines.push('{"type":"message","id":"cut","parentId":"e9","message":{"role":"user","content":"half a li');
    lines.push(JSON.stringify({ type: "future_entry", id: "fut1", parentId: "e2", timestamp: "2026-01-01T00:00:09.700Z" }));
  }
});
writeFileSync("samples/sample-session.jsonl", lines.join("\n") + "\n");
