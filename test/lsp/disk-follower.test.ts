/**
 * Issue 11 item 4, the server side without a connection: a followed file's appends are read as
 * appended bytes and patched into the same parsed lines (not read again), a character split
 * across two writes waits for its end, anything but an append (truncation) reads the file again,
 * and unfollowing releases it. The lines always equal a fresh parse of the file.
 */
import assert from "node:assert/strict";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, describe, it } from "node:test";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { completeUtf8Length, DiskFollower } from "../../server/src/lsp/disk-follower.js";
import { sessionText } from "../helpers/session-builder.js";

const dir = mkdtempSync(join(tmpdir(), "ti-follow-"));
const shape = (p: ParsedText) => [...p.lines.all()].map((l) => [l.line, l.offset, l.text, l.eol, JSON.stringify(l.value), l.parseError]);

describe("DiskFollower", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("patches appended bytes into the same lines, waits for a split character, re-reads after a truncation, releases on unfollow", async () => {
    const path = join(dir, "s.jsonl");
    writeFileSync(path, sessionText([{ user: 1 }, { assistant: 2, calls: ["bash_1"] }, { result: 3, id: "bash_1" }]));
    const uri = pathToFileURL(path).href;
    const changed: string[] = [];
    const f = new DiskFollower((u) => changed.push(u), 20);
    assert.equal(f.follow(uri), true);
    assert.equal(f.follow("untitled:x"), false);
    const first = f.source(uri)!;
    assert.deepEqual(shape(first.parsed), shape(parseText(readFileSync(path, "utf8"))));

    const line = JSON.stringify({ type: "message", id: "u9", parentId: "e3", timestamp: "2026-01-01T00:00:09.000Z", message: { role: "user", content: "héllo ✓", timestamp: 9 } }) + "\n";
    const bytes = Buffer.from(line);
    const cut = bytes.indexOf(Buffer.from("✓")) + 1; // inside the 3-byte character
    appendFileSync(path, bytes.subarray(0, cut));
    const mid = f.source(uri)!;
    assert.equal(mid.parsed, first.parsed, "the same lines, patched");
    assert.ok(![...mid.parsed.lines.all()].some((l) => l.text.includes("\ufffd")), "half a character is not decoded");
    appendFileSync(path, bytes.subarray(cut));
    const done = f.source(uri)!;
    assert.equal(done.parsed, first.parsed);
    assert.ok(done.stamp > first.stamp);
    assert.deepEqual(shape(done.parsed), shape(parseText(readFileSync(path, "utf8"))));

    // The watcher reports a change on disk (debounced).
    appendFileSync(path, line.replace("u9", "u10"));
    const deadline = Date.now() + 5000;
    while (!changed.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(changed.slice(0, 1), [uri]);
    assert.deepEqual(shape(f.source(uri)!.parsed), shape(parseText(readFileSync(path, "utf8"))));

    writeFileSync(path, sessionText([{ user: 1 }]));
    const reread = f.source(uri)!;
    assert.notEqual(reread.parsed, first.parsed, "a truncated file is read again");
    assert.deepEqual(shape(reread.parsed), shape(parseText(readFileSync(path, "utf8"))));

    assert.equal(f.unfollow(uri), true);
    assert.deepEqual(f.followedUris(), []);
    assert.equal(f.source(uri), null);
  });

  it("completeUtf8Length leaves out only an incomplete last character", () => {
    const b = Buffer.from("a✓é😀");
    assert.equal(completeUtf8Length(b), b.length);
    for (let cut = 1; cut < b.length; cut++) {
      const n = completeUtf8Length(b.subarray(0, cut));
      assert.ok(n <= cut && !b.subarray(0, n).toString("utf8").includes("\ufffd"), `cut ${cut}`);
      assert.ok(cut - n < 4);
    }
  });
});
