/** The format registry: one reader per agent, detection by registry order, names for the extension. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseText } from "../../server/src/engine/model/parse.js";
import { detectFormat, FORMAT_PROFILES, formatProfile, SESSION_FORMATS } from "../../server/src/engine/formats/registry.js";
import { buildContext, readSession } from "../../server/src/engine/session/read-session.js";
import { corpusFiles } from "../helpers/corpus.js";

describe("format registry", () => {
  it("lists one reader per name, and SESSION_FORMATS are their names", () => {
    const names = FORMAT_PROFILES.map((r) => r.name);
    assert.equal(new Set(names).size, names.length);
    assert.deepEqual([...SESSION_FORMATS], names);
    for (const n of names) assert.equal(formatProfile(n)?.name, n);
    assert.equal(formatProfile("unknown"), undefined);
  });

  it("detects every corpus file as the format of its directory", () => {
    const files = corpusFiles();
    assert.ok(files.length > 0);
    for (const f of files) assert.equal(detectFormat(parseText(f.text).lines.held), f.name.split("/")[0], f.name);
  });

  it("a file no reader claims is unknown and yields an empty session", () => {
    const s = readSession('{"a":1}\n{"b":2}\n');
    assert.equal(s.format, "unknown");
    assert.deepEqual([s.entries.length, s.branch.length, s.findings.length], [0, 0, 0]);
  });

  it("each reader points tree findings at its own keys", () => {
    const dup = (id: string, parent: string) => `{"type":"user","uuid":"${id}","parentUuid":${parent},"sessionId":"s","message":{"role":"user","content":"x"}}`;
    const s = readSession([dup("u1", "null"), dup("u1", '"u1"'), dup("u2", '"nope"')].join("\n") + "\n");
    assert.equal(s.format, "claude-code");
    assert.deepEqual(s.findings.find((f) => f.code === "duplicate-entry-id")?.path, ["uuid"]);
    assert.deepEqual(s.findings.find((f) => f.code === "broken-parent")?.path, ["parentUuid"]);
  });

  it("a pi message's context copy keeps its keys as they are, a `__proto__` key included", () => {
    const header = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/"}';
    const user = '{"type":"message","id":"e1","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"hi","__proto__":{"polluted":true},"timestamp":1}}';
    const [m] = buildContext(readSession(`${header}\n${user}\n`));
    assert.equal(Object.getPrototypeOf(m), Object.prototype);
    assert.ok(Object.hasOwn(m, "__proto__"));
    assert.equal((m as any).polluted, undefined);
    assert.deepEqual(Object.keys(m), ["role", "content", "__proto__", "timestamp", "origin"]);
  });
});
