/** `fix --only results-split` (in process): merges a Claude Code turn's split results into one line, once. */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { main } from "../../server/src/cli.js";
import { ccSession, text, toolResult, toolUse } from "../helpers/provider-sessions.js";

const dir = mkdtempSync(join(tmpdir(), "ti-merge-split-"));
const run = (...args: string[]) => {
  let stdout = "";
  const code = main(args, (s) => (stdout += s));
  return { code, stdout };
};

describe("fix --only results-split", () => {
  it("merges the results, keeps every other line's bytes, and does nothing the second time", () => {
    const s = ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a"), toolUse("toolu_b")] }, { user: [toolResult("toolu_a")] }, { user: [toolResult("toolu_b")] }, { assistant: [text("done")] }]);
    const p = join(dir, "split.jsonl");
    writeFileSync(p, s);
    const r = run("fix", "--no-backup", "--only", "results-split", p);
    assert.match(r.stdout, /merged the split results of 1 turn/);
    const out = readFileSync(p, "utf8").split("\n");
    const old = s.split("\n");
    assert.deepEqual(out.slice(0, 2), old.slice(0, 2));
    assert.equal(out[3], old[4].replace('"parentUuid":"u4"', '"parentUuid":"u3"'));
    assert.equal(out.length, old.length - 1);
    const again = run("fix", "--no-backup", "--only", "results-split", p);
    assert.match(again.stdout, /nothing to fix/);
  });
});
