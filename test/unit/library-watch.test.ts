/**
 * Issue 26 item 1: new and growing sessions appear live, with bounded watching. The library
 * watches the folders that hold sessions (at most MAX_WATCHED, the most recently active, plus the
 * roots): a session written into a watched folder appears without a rescan being asked for, and a
 * home with more session folders than that watches no more. Waits are on events (a bounded poll
 * of the library's own state), never on a duration.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { libraryRoots } from "../../server/src/library/folders.js";
import { Library, MAX_WATCHED } from "../../server/src/library/library.js";

function piSession(id: string, cwd: string, t: string): string {
  const lines = [
    { type: "session", version: 3, id, timestamp: t, cwd },
    { type: "message", id: "u", parentId: null, timestamp: t, message: { role: "user", content: [{ type: "text", text: `question ${id}` }], timestamp: 1 } },
    { type: "message", id: "a", parentId: "u", timestamp: t, message: { role: "assistant", content: [{ type: "text", text: "answer" }], api: "anthropic-messages", provider: "anthropic", model: "claude", stopReason: "stop", timestamp: 2 } },
  ];
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

/** Resolves when `ok()` holds; checks after each library change and on a short poll (a guard of 60 s fails the test). */
async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`never: ${what}`);
}

describe("library: live watching, bounded (issue 26)", () => {
  const FOLDERS = MAX_WATCHED + 20;
  let home: string;
  let lib: Library;
  let changes = 0;
  before(async () => {
    home = mkdtempSync(join(tmpdir(), "ti-library-watch-"));
    const base = join(home, ".pi", "agent", "sessions");
    for (let i = 0; i < FOLDERS; i++) {
      const dir = join(base, `--project-${i}--`);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, "s.jsonl");
      writeFileSync(file, piSession(`s${i}`, `/w/project-${i}`, "2026-01-01T00:00:00.000Z"));
      const when = new Date(Date.UTC(2026, 0, 1) + i * 60_000);
      utimesSync(file, when, when); // folder i is more recently active than folder i - 1
    }
    lib = new Library({ roots: libraryRoots({ home, env: {} }), onChange: () => void changes++ });
    lib.startWatching();
    await lib.scanAndWait();
  });
  after(() => {
    lib.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  it(`watches at most ${MAX_WATCHED} session folders (the most recently active) and the roots`, () => {
    assert.equal(lib.all().size, FOLDERS);
    const watched = [...(lib as unknown as { watchers: Map<string, unknown> }).watchers.keys()];
    const roots = libraryRoots({ home, env: {} }).length;
    assert.ok(watched.length <= MAX_WATCHED + roots, `${watched.length} folders watched`);
    assert.ok(watched.some((d) => d.endsWith(`--project-${FOLDERS - 1}--`)), "the newest folder is watched");
    assert.ok(!watched.some((d) => d.endsWith("--project-0--")), "the oldest folder is not");
  });

  it("a session written into a watched folder appears without a rescan being asked for", async () => {
    const from = changes;
    const file = join(home, ".pi", "agent", "sessions", `--project-${FOLDERS - 1}--`, "new.jsonl");
    writeFileSync(file, piSession("fresh", `/w/project-${FOLDERS - 1}`, "2026-02-01T00:00:00.000Z"));
    await until(() => lib.all().has(file), "the new session in the library");
    assert.equal(lib.all().get(file)!.title, "question fresh");
    await until(() => changes > from, "a change reported to the view");
  });

  it("a growing session is checked again: its message count follows the appended lines", async () => {
    const file = join(home, ".pi", "agent", "sessions", `--project-${FOLDERS - 1}--`, "new.jsonl");
    const more = { type: "message", id: "u2", parentId: "a", timestamp: "2026-02-01T00:00:01.000Z", message: { role: "user", content: [{ type: "text", text: "again" }], timestamp: 3 } };
    const before = lib.all().get(file)!.messages;
    writeFileSync(file, piSession("fresh", `/w/project-${FOLDERS - 1}`, "2026-02-01T00:00:00.000Z") + JSON.stringify(more) + "\n");
    await until(() => (lib.all().get(file)?.messages ?? 0) > before, "the appended message counted");
  });
});
