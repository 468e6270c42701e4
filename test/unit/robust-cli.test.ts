/**
 * Issue 15: the CLI against hostile input and file systems, run as a real process on dist/cli.js.
 */
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, closeSync, existsSync, linkSync, lstatSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { readForFix, writeFileSafely } from "../../server/src/cli/write-file-safely.js";
import { entryOf, sessionText, type Spec } from "../helpers/session-builder.js";

const ROOT = resolve(__dirname, "..", "..");
const CLI = join(ROOT, "dist", "cli.js");
let dir = "";
/** Bounded: a hang is a failure (the process is killed), not a stuck test run. */
const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 60_000 });
let n = 0;
function file(name: string, text: string | Buffer): string {
  const p = join(dir, `${++n}-${name}`);
  writeFileSync(p, text);
  return p;
}
const ORPHAN: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "x_1" }, { user: 5 }, { assistant: 6, text: "ok" }];
const orphanText = () => sessionText(ORPHAN);
const deep = (k: number) => "[".repeat(k) + "]".repeat(k);

before(() => {
  const b = spawnSync(process.execPath, [join(ROOT, "scripts", "build.mjs")], { cwd: ROOT, encoding: "utf8" });
  assert.equal(b.status, 0, b.stderr);
  dir = mkdtempSync(join(tmpdir(), "ti-robust-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe("check and render never stop at one bad file", () => {
  it("a line nested 10,000 levels deep with a finding: reported, and the other files too", () => {
    const lines = orphanText().split("\n");
    lines[4] = lines[4].replace('"toolCallId"', `"deep":${deep(10000)},"toolCallId"`);
    const bad = file("deep.jsonl", lines.join("\n"));
    const good = file("good.jsonl", orphanText());
    const r = cli("check", bad, good);
    assert.doesNotMatch(r.stderr, /internal error/);
    assert.match(r.stdout, /deep.jsonl:5:1 error malformed-line Line nested too deeply to read\. It is nested more than 1000 levels deep/);
    assert.match(r.stdout, new RegExp(`good.jsonl:5:\\d+ error orphan-result`));
    assert.equal(r.status, 1);
  });
  it("check with one unreadable file still reports the others; exit status the worst", () => {
    const good = file("good2.jsonl", orphanText());
    const r = cli("check", join(dir, "missing.jsonl"), good);
    assert.match(r.stdout, /good2.jsonl:5:\d+ error orphan-result/);
    assert.match(r.stderr, /missing.jsonl.*no such file/);
    assert.equal(r.status, 2);
  });
});

describe("hostile sidecars", () => {
  const session = () => sessionText([{ user: 1 }, { assistant: 2, text: "ok" }]);
  it("a sidecar symlinked to /dev/zero is a finding, read nothing", () => {
    const p = file("zero.jsonl", session());
    symlinkSync("/dev/zero", p + ".acp.json");
    const r = cli("check", "--format", "json", p);
    assert.equal(r.signal, null, "finished");
    const f = JSON.parse(r.stdout).files[0].findings.filter((x: any) => x.code === "acp-sidecar-invalid");
    assert.equal(f.length, 1);
    assert.match(f[0].message, /not a regular file/);
  });
  it("a FIFO sidecar does not block", () => {
    const p = file("fifo.jsonl", session());
    execFileSync("mkfifo", [p + ".acp.json"]);
    const r = cli("check", "--format", "json", p);
    assert.equal(r.signal, null, "finished (not killed by the bound)");
    const f = JSON.parse(r.stdout).files[0].findings.filter((x: any) => x.code === "acp-sidecar-invalid");
    assert.equal(f.length, 1);
  });
  it("a sidecar over the size cap is a finding", () => {
    const p = file("big.jsonl", session());
    writeFileSync(p + ".acp.json", `{"blocks":[],"pad":"${"x".repeat(70 * 1024 * 1024)}"}`);
    const r = cli("check", "--format", "json", p);
    const f = JSON.parse(r.stdout).files[0].findings.filter((x: any) => x.code === "acp-sidecar-invalid");
    assert.equal(f.length, 1);
    assert.match(f[0].message, /larger than/);
  });
  it("wrong field types end in a finding, not exit 2", () => {
    const p = file("types.jsonl", session());
    writeFileSync(p + ".acp.json", '{"blocks":[],"messageRefs":{"byRef":{"m1":5}}}');
    const r = cli("check", "--format", "json", p);
    assert.notEqual(r.status, 2, r.stderr);
    assert.equal(JSON.parse(r.stdout).files[0].findings.filter((x: any) => x.code === "acp-sidecar-invalid").length, 1);
  });
});

describe("terminal output escapes control, bidi and zero-width characters", () => {
  const hostile = "x\u001b]0;pwned\u0007\u001b]52;c;ZXZpbA==\u0007\u202Eevil\u200B";
  it("check (ids, messages, parse-error excerpts) and render --format text", () => {
    const lines = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: hostile }]).split("\n");
    lines.splice(3, 0, `{"bad": "${hostile}`);
    const p = file("esc.jsonl", lines.join("\n"));
    for (const args of [["check", p], ["render", "--format", "text", p]]) {
      const r = cli(...args);
      assert.doesNotMatch(r.stdout + r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/, args[0]);
    }
    assert.match(cli("check", p).stdout, /\\x1b\]0;pwned\\x07/);
  });
});

describe("fix on the file system", () => {
  it("keeps the mode (0600) and writes a backup beside it; --no-backup writes none", () => {
    const p = file("mode.jsonl", orphanText());
    chmodSync(p, 0o600);
    const r = cli("fix", p);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(statSync(p).mode & 0o777, 0o600);
    assert.ok(!readFileSync(p, "utf8").includes('"x_1"'));
    assert.equal(readFileSync(p + ".bak", "utf8"), orphanText());
    assert.equal(statSync(p + ".bak").mode & 0o777, 0o600);
    const q = file("nobak.jsonl", orphanText());
    assert.equal(cli("fix", "--no-backup", q).status, 0);
    assert.ok(!existsSync(q + ".bak"));
    assert.deepEqual(readdirSync(dir).filter((f) => /ti-fix|\.tmp/.test(f)), [], "no temp file left");
  });
  it("refuses a read-only file (exit 1, clear message, file unchanged)", () => {
    const p = file("ro.jsonl", orphanText());
    chmodSync(p, 0o444);
    const r = cli("fix", p);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /read-only/);
    assert.equal(readFileSync(p, "utf8"), orphanText());
  });
  it("a symlink: fixes the link's target and says so; the link stays a link", () => {
    const target = file("target.jsonl", orphanText());
    const link = join(dir, "link.jsonl");
    symlinkSync(target, link);
    const r = cli("fix", "--no-backup", link);
    assert.equal(r.status, 0, r.stderr);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readlinkSync(link), target);
    assert.ok(!readFileSync(target, "utf8").includes('"x_1"'));
    assert.match(r.stdout, /symbolic link/);
  });
  it("a hard-linked file is fixed in place: every name of it sees the repair", () => {
    const p = file("hard.jsonl", orphanText());
    linkSync(p, p + ".other");
    const r = cli("fix", "--no-backup", p);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.ok(!readFileSync(p, "utf8").includes('"x_1"'));
    assert.equal(readFileSync(p + ".other", "utf8"), readFileSync(p, "utf8"));
  });
  it("not a regular file (a directory, a FIFO) is refused, and the other files are still fixed", () => {
    const fifo = join(dir, "fix-fifo.jsonl");
    execFileSync("mkfifo", [fifo]);
    const good = file("fixme.jsonl", orphanText());
    const r = cli("fix", "--no-backup", fifo, dir, good);
    assert.equal(r.signal, null);
    assert.match(r.stderr, /fix-fifo.jsonl.*not a regular file/);
    assert.ok(!readFileSync(good, "utf8").includes('"x_1"'));
    assert.match(r.stdout, /fixme.jsonl: removed 1/);
    assert.ok(r.status! >= 1);
  });
  it("every file is processed and reported; exit status the worst", () => {
    const good = file("fixme2.jsonl", orphanText());
    const r = cli("fix", "--no-backup", join(dir, "nope.jsonl"), good);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /nope.jsonl.*no such file/);
    assert.match(r.stdout, /fixme2.jsonl: removed 1/);
  });
  it("--dry-run prints the changed fields per line and writes nothing", () => {
    const p = file("dry-fields.jsonl", orphanText());
    const r = cli("fix", "--dry-run", p);
    assert.equal(readFileSync(p, "utf8"), orphanText());
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.split("\n");
    assert.equal(lines[0], `${p} (dry run: what fix would change)`);
    // the orphan's line removed (its start shown, cut), its child re-parented: one field, not the whole line
    assert.match(r.stdout, /^line \d+: removed \{.*"x_1"/m);
    assert.match(r.stdout, /^line \d+: changed\n {4}parentId: "e\d+" -> "e3"$/m);
    assert.doesNotMatch(r.stdout, /^[-+@]/m, "no unified diff");
    assert.ok(lines.every((l) => l.length <= 160), "no whole long lines");
  });
  it("--dry-run --unified prints a unified diff and writes nothing", () => {
    const p = file("dry.jsonl", orphanText());
    const r = cli("fix", "--dry-run", "--unified", p);
    assert.equal(readFileSync(p, "utf8"), orphanText());
    assert.match(r.stdout, /^--- /m);
    assert.match(r.stdout, /^\+\+\+ /m);
    assert.match(r.stdout, /^@@ -\d+(,\d+)? \+\d+(,\d+)? @@/m);
    assert.match(r.stdout, /^-.*"x_1"/m);
    assert.match(r.stdout, /^\+.*"parentId":"e3"/m);
  });
  it("works on bytes: invalid UTF-8 on lines it does not touch comes back identical", () => {
    const lines = orphanText().split("\n").map((l) => Buffer.from(l + "\n"));
    lines[1] = Buffer.from(lines[1].toString().replace("user at 1", "user \u0000at").replace("\u0000", "\\u0000"));
    const bad = Buffer.concat([Buffer.from(lines[1].subarray(0, 60)), Buffer.from([0xff, 0xfe, 0xc3]), lines[1].subarray(60)]);
    lines[1] = bad;
    const p = file("bytes.jsonl", Buffer.concat(lines));
    const r = cli("fix", "--no-backup", p);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const out = readFileSync(p);
    assert.ok(out.includes(bad), "the line with invalid bytes is byte-identical");
    assert.ok(!out.includes(Buffer.from("\ufffd")));
  });
  it("an orphan whose parent line is gone: says why it is not removed", () => {
    const lines = orphanText().split("\n");
    lines.splice(3, 1); // the a_1 result (e3) is gone: x_1's parent e3 names nothing
    const p = file("gone.jsonl", lines.join("\n"));
    // Only the orphans: re-linking x_1's broken parent (a repair of its own) would settle it.
    const r = cli("fix", "--no-backup", "--only", "orphan-result", p);
    assert.doesNotMatch(r.stdout, /need another fix/);
    assert.match(r.stdout, /x_1.*parent.*e3/);
    assert.equal(r.status, 1);
  });
});

describe("fix on a file an agent keeps open (issue 22)", () => {
  it("repairs in place: the same inode, and every line the agent appends afterwards lands in the file", () => {
    const p = file("held.jsonl", orphanText());
    const ino = statSync(p).ino;
    const fd = openSync(p, "a"); // the agent's handle, held across the fix (O_APPEND, as Codex's writer)
    try {
      const r = cli("fix", "--no-backup", p);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      assert.equal(statSync(p).ino, ino, "the same file, not a new one renamed over it");
      assert.ok(!readFileSync(p, "utf8").includes('"x_1"'));
      const later = Array.from({ length: 10 }, (_, k) => JSON.stringify(entryOf({ user: 100 + k }, `l${k}`, null)) + "\n");
      for (const l of later) writeSync(fd, l);
      const text = readFileSync(p, "utf8");
      for (const l of later) assert.ok(text.includes(l), "a line written after the fix is in the file");
      assert.ok(text.endsWith(later.join("")));
    } finally {
      closeSync(fd);
    }
  });
});

describe("writeFileSafely", () => {
  it("refuses when the file changed since it was read, and leaves the change", () => {
    const p = file("live.jsonl", orphanText());
    const read = readForFix(p);
    assert.ok(read.ok);
    writeFileSync(p, orphanText() + JSON.stringify(entryOf({ user: 9 }, "e9", "e6")) + "\n");
    const w = writeFileSafely(read.file, Buffer.from("x\n"), { backup: false });
    assert.equal(w.ok, false);
    assert.match(w.ok ? "" : w.message, /changed/);
    assert.ok(readFileSync(p, "utf8").includes('"e9"'));
  });
});
