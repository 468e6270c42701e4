/**
 * Type confusion, exhaustively (issue 22, item 5): every field of every entry kind of every
 * format, given a value of every JSON type. A template per format holds each entry kind the
 * engine reads (pi: a session built here with every entry type, message role, block type and
 * pi-condense record; Claude Code and Codex: the fixtures and corpus files, where each kind's
 * first line is taken in its own file); a case is one template with one field of one line
 * replaced. `fieldCases` lists them; the property test and `npm run fuzz` run them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isObject, splitLines } from "../../server/src/engine/index.js";
import { corpusFiles } from "./corpus.js";

/** One value of each JSON type. */
export const JSON_TYPE_VALUES: readonly unknown[] = [null, true, 7, "x", [], {}];

const ts = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();

/** A pi v3 session with every entry type, message role, content block and pi-condense record, on one branch. */
export function piTemplate(): string {
  const out: Record<string, unknown>[] = [];
  let n = 0;
  let parent: string | null = null;
  const add = (e: Record<string, unknown>) => {
    const id = `e${++n}`;
    out.push({ id, parentId: parent, timestamp: ts(n), ...e });
    parent = id;
    return id;
  };
  const usage = { input: 10, output: 5, cacheRead: 2, cacheWrite: 1, totalTokens: 18, cost: { input: 0.1, output: 0.2, cacheRead: 0, cacheWrite: 0, total: 0.3 } };
  const assistant = (content: unknown[], extra: Record<string, unknown> = {}) => ({ role: "assistant", content, api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4", usage, stopReason: "toolUse", timestamp: n * 1000, ...extra });
  out.push({ type: "session", version: 3, id: "tmpl", timestamp: ts(0), cwd: "/work", provider: "anthropic", modelId: "claude-sonnet-4" });
  add({ type: "model_change", provider: "anthropic", modelId: "claude-sonnet-4" });
  add({ type: "thinking_level_change", thinkingLevel: "high" });
  const firstUser = add({ type: "message", message: { role: "user", content: [{ type: "text", text: "start" }, { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" }], timestamp: 1000 } });
  add({ type: "message", message: assistant([{ type: "thinking", thinking: "plan", thinkingSignature: "sig" }, { type: "text", text: "calling" }, { type: "toolCall", id: "bash_1", name: "bash", arguments: { command: "ls" } }]) });
  add({ type: "message", message: { role: "toolResult", toolCallId: "bash_1", toolName: "bash", content: [{ type: "text", text: "a\nb" }, { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" }], details: { exitCode: 0 }, isError: false, timestamp: 3000 } });
  add({ type: "message", message: assistant([{ type: "text", text: "done" }], { stopReason: "stop" }) });
  add({ type: "message", message: { role: "user", content: "a string prompt", timestamp: 5000 } });
  add({ type: "message", message: assistant([{ type: "toolCall", id: "read_2", name: "read", arguments: { path: "/work/a.ts" } }, { type: "toolCall", id: "bash_3", name: "bash", arguments: { command: "x".repeat(600) } }]) });
  add({ type: "message", message: { role: "toolResult", toolCallId: "read_2", toolName: "read", content: [{ type: "text", text: "file" }], isError: false, timestamp: 7000 } });
  add({ type: "message", message: { role: "toolResult", toolCallId: "bash_3", toolName: "bash", content: [{ type: "text", text: "boom" }], isError: true, timestamp: 7001 } });
  add({
    type: "custom",
    customType: "context-prune-index",
    data: {
      toolCalls: [{ toolCallId: "read_2", toolName: "read", args: { path: "/work/a.ts" }, resultText: "file", isError: false, resultTimestamp: 7000 }],
      backfilled: true,
      refs: [{ shortId: "t1", toolCallId: "read_2", resultTimestamp: 7000 }],
    },
  });
  add({ type: "custom_message", customType: "context-prune-summary", content: "summary of t1", display: false, details: [{ shortId: "t1", toolCallId: "read_2", resultTimestamp: 7000 }] });
  add({ type: "custom", customType: "context-prune-dedup-alias", data: { newToolCallId: "bash_1", newResultTimestamp: 3000, originalToolCallId: "read_2", originalResultTimestamp: 7000 } });
  add({ type: "message", message: { role: "bashExecution", command: "make", output: "ok", exitCode: 0, cancelled: false, truncated: false, fullOutputPath: "/tmp/o", timestamp: 8000 } });
  add({ type: "message", message: { role: "custom", customType: "note", content: [{ type: "text", text: "note" }], display: true, details: {}, timestamp: 8500 } });
  add({ type: "message", message: { role: "system", content: "be brief", timestamp: 8600 } });
  add({ type: "custom_message", customType: "other-extension", content: [{ type: "text", text: "ext" }], display: true, details: { a: 1 } });
  add({ type: "label", targetId: firstUser, label: "start" });
  add({ type: "session_info", name: "template" });
  add({ type: "usage", usage });
  add({ type: "message", message: { role: "user", content: [{ type: "text", text: "chain start" }], timestamp: 9000 } });
  add({ type: "message", message: assistant([{ type: "toolCall", id: "bash_4", name: "bash", arguments: { command: "echo" } }]) });
  add({ type: "message", message: { role: "toolResult", toolCallId: "bash_4", toolName: "bash", content: [{ type: "text", text: "echo" }], isError: false, timestamp: 9200 } });
  add({ type: "message", message: assistant([{ type: "thinking", thinking: "end" }, { type: "text", text: "chain end" }], { stopReason: "stop", timestamp: 9300 }) });
  add({
    type: "custom",
    customType: "context-prune-chain",
    data: { blockId: "b1", startUserTimestamp: 9000, finalAssistantTimestamp: 9300, droppedToolCallIds: ["bash_4"], droppedOccurrenceKeys: ["bash_4@9200"], protectedToolCallIds: [], toolRefs: ["t1"], compressedAt: 9400, rangeSummaryText: "chain summary" },
  });
  const edited = add({ type: "message", message: { role: "user", content: [{ type: "text", text: "to edit" }], timestamp: 9500 } });
  add({ type: "context_edit", targetId: edited, replacement: { content: "edited" } });
  add({ type: "message", message: assistant([{ type: "text", text: "partial" }], { stopReason: "error", errorMessage: "overloaded", timestamp: 9600 }) });
  add({ type: "branch_summary", fromId: firstUser, summary: "the other branch", details: { files: [] } });
  add({ type: "compaction", summary: "so far", firstKeptEntryId: firstUser, tokensBefore: 1234, details: { readFiles: [] }, fromHook: false });
  add({ type: "message", message: { role: "branchSummary", summary: "s", fromId: firstUser, timestamp: 9700 } });
  add({ type: "message", message: { role: "compactionSummary", summary: "s", tokensBefore: 1, timestamp: 9800 } });
  add({ type: "message", message: { role: "user", content: [{ type: "text", text: "last" }], timestamp: 9900 } });
  add({ type: "message", message: assistant([{ type: "toolCall", id: "bash_5", name: "bash", arguments: {} }], { stopReason: "aborted", timestamp: 9950 }) });
  add({ type: "message", message: { role: "toolResult", toolCallId: "nowhere_9", toolName: "bash", content: [{ type: "text", text: "orphan" }], isError: false, timestamp: 9960 } });
  add({ type: "future_entry", anything: { at: 1 } });
  return out.map((e) => JSON.stringify(e)).join("\n") + "\n";
}

/** An entry kind: the format's words for what a line is (type, role, subtype, block types). */
export function kindOf(format: string, v: unknown): string {
  if (!isObject(v)) return `${format} not-an-object`;
  const blocks = (c: unknown) => (Array.isArray(c) ? [...new Set(c.map((b) => (isObject(b) ? String(b.type) : typeof b)))].sort().join("+") : typeof c);
  if (format === "pi") {
    const m = isObject(v.message) ? v.message : undefined;
    return ["pi", v.type, m?.role, m && blocks(m.content), v.customType].filter((x) => x !== undefined).join(" ");
  }
  if (format === "claude-code") {
    const m = isObject(v.message) ? v.message : undefined;
    return ["claude-code", v.type, v.subtype, m?.role, m && blocks(m.content), v.isSidechain ? "sidechain" : undefined, v.isCompactSummary ? "compact-summary" : undefined].filter((x) => x !== undefined).join(" ");
  }
  const p = isObject(v.payload) ? v.payload : v;
  return ["codex", v.type, p.type, p.role, p.type === "message" ? blocks(p.content) : undefined].filter((x) => x !== undefined).join(" ");
}

/** Every path in a JSON value (objects' keys, arrays' first `maxItems` elements), the root excluded. */
export function pathsOf(v: unknown, maxItems = 4, maxPaths = 400): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (x: unknown, p: (string | number)[]) => {
    if (out.length >= maxPaths) return;
    if (Array.isArray(x))
      x.slice(0, maxItems).forEach((c, i) => {
        out.push([...p, i]);
        walk(c, [...p, i]);
      });
    else if (isObject(x))
      for (const k of Object.keys(x)) {
        out.push([...p, k]);
        walk(x[k], [...p, k]);
      }
  };
  walk(v, []);
  return out;
}

/** `v` with the value at `path` replaced by `to` (a copy). */
export function withField(v: unknown, path: (string | number)[], to: unknown): unknown {
  if (path.length === 0) return to;
  const [k, ...rest] = path;
  const copy: any = Array.isArray(v) ? [...v] : { ...(v as object) };
  copy[k] = withField(copy[k], rest, to);
  return copy;
}

export interface Template {
  format: "pi" | "claude-code" | "codex";
  name: string;
  text: string;
}

const FIXTURES = join(__dirname, "..", "fixtures");
const HEAD_LINES = 80;

function head(text: string, n = HEAD_LINES): string {
  return splitLines(text).slice(0, n).map((l) => l.text + (l.eol || "\n")).join("");
}

/** The templates: pi's built here; Claude Code's and Codex's are the fixtures and corpus files (their first lines). */
export function templates(): Template[] {
  const out: Template[] = [{ format: "pi", name: "pi-template", text: piTemplate() }];
  for (const format of ["claude-code", "codex"] as const) {
    for (const f of readdirSync(join(FIXTURES, format)).filter((x) => x.endsWith(".jsonl")).sort())
      out.push({ format, name: `fixtures/${format}/${f}`, text: head(readFileSync(join(FIXTURES, format, f), "utf8")) });
    for (const f of corpusFiles().filter((c) => c.name.startsWith(format + "/"))) out.push({ format, name: `corpus/${f.name}`, text: head(f.text) });
  }
  for (const f of corpusFiles().filter((c) => c.name.startsWith("pi/"))) out.push({ format: "pi", name: `corpus/${f.name}`, text: head(f.text) });
  return out;
}

/**
 * One session per format holding the first line of every entry kind the templates have: pi's
 * template as it is; Claude Code's kind lines chained one to the next (`parentUuid` set to the line
 * before's `uuid`, so every line is on the active branch and read); Codex's after the first
 * `session_meta` (rollouts are linear already).
 */
export function formatTemplate(format: Template["format"], list: Template[] = templates()): string {
  if (format === "pi") return piTemplate();
  const seen = new Set<string>();
  const out: Record<string, unknown>[] = [];
  for (const t of list.filter((x) => x.format === format))
    for (const l of splitLines(t.text)) {
      let v: unknown;
      try {
        v = JSON.parse(l.text);
      } catch {
        continue;
      }
      const kind = kindOf(format, v);
      if (!isObject(v) || seen.has(kind)) continue;
      seen.add(kind);
      out.push(v);
    }
  if (format === "codex") {
    const meta = out.findIndex((v) => v.type === "session_meta");
    if (meta > 0) out.unshift(...out.splice(meta, 1));
  } else {
    let prev: unknown = null;
    for (const v of out)
      if (typeof v.uuid === "string") {
        if ("parentUuid" in v) v.parentUuid = prev;
        prev = v.uuid;
      }
  }
  return out.map((v) => JSON.stringify(v)).join("\n") + "\n";
}

/** Structural fields: mutated one at a time (in a batch they would move other lines off the branch). */
const STRUCTURAL = new Set(["type", "id", "parentId", "uuid", "parentUuid", "logicalParentUuid", "role", "message", "payload", "isSidechain", "version"]);

export interface Batch {
  /** The mutations applied together (at most one per line). */
  cases: { line: number; path: (string | number)[] }[];
  value: unknown;
  text: string;
}

/**
 * The cases of one template in batches: for each value, the j-th path of every line (but the
 * first, and structural fields) changed at once, one batch per j; the first line's paths and
 * structural fields one per batch. A batch that throws is taken apart by the caller.
 */
export function* batchedCases(text: string, values: readonly unknown[] = JSON_TYPE_VALUES): Generator<Batch> {
  const lines = splitLines(text);
  const parsed = lines.map((l) => {
    try {
      return JSON.parse(l.text) as unknown;
    } catch {
      return undefined;
    }
  });
  const paths = parsed.map((v) => (v === undefined ? [] : pathsOf(v)));
  const alone = (i: number, p: (string | number)[]) => i === 0 || (p.length <= 2 && STRUCTURAL.has(String(p[p.length - 1])));
  const apply = (muts: { line: number; path: (string | number)[] }[], value: unknown) => {
    const byLine = new Map(muts.map((m) => [m.line, m.path]));
    return lines.map((l, i) => (byLine.has(i) ? JSON.stringify(withField(parsed[i], byLine.get(i)!, value)) : l.text) + l.eol).join("");
  };
  for (const value of values) {
    const own = (i: number, p: (string | number)[]) => JSON.stringify(p.reduce((x: any, k) => x?.[k], parsed[i])) === JSON.stringify(value);
    const max = Math.max(0, ...paths.map((p) => p.length));
    for (let j = 0; j < max; j++) {
      const cases = [];
      for (let i = 0; i < lines.length; i++) {
        const p = paths[i][j];
        if (p && !alone(i, p) && !own(i, p)) cases.push({ line: i, path: p });
      }
      if (cases.length) yield { cases, value, text: apply(cases, value) };
    }
    for (let i = 0; i < lines.length; i++)
      for (const p of paths[i]) if (alone(i, p) && !own(i, p)) yield { cases: [{ line: i, path: p }], value, text: apply([{ line: i, path: p }], value) };
  }
}

/** The text of one mutation of a batch alone. */
export function singleCase(text: string, line: number, path: (string | number)[], value: unknown): string {
  const lines = splitLines(text);
  return lines.map((l, i) => (i === line ? JSON.stringify(withField(JSON.parse(l.text), path, value)) : l.text) + l.eol).join("");
}

export interface FieldCase {
  format: string;
  template: string;
  kind: string;
  line: number;
  path: (string | number)[];
  value: unknown;
  text: string;
}

/**
 * Every case: for each entry kind, its first line in the first template holding it; every path of
 * that line; every value of `JSON_TYPE_VALUES` (one that equals the field's own is skipped).
 */
export function* fieldCases(list: Template[] = templates()): Generator<FieldCase> {
  const seen = new Set<string>();
  for (const t of list) {
    const lines = splitLines(t.text);
    for (let i = 0; i < lines.length; i++) {
      let v: unknown;
      try {
        v = JSON.parse(lines[i].text);
      } catch {
        continue;
      }
      const kind = kindOf(t.format, v);
      if (seen.has(kind)) continue;
      seen.add(kind);
      for (const path of pathsOf(v)) {
        const own = JSON.stringify(path.reduce((x: any, k) => x?.[k], v));
        for (const value of JSON_TYPE_VALUES) {
          if (JSON.stringify(value) === own) continue;
          const text = lines.map((l, j) => (j === i ? JSON.stringify(withField(v, path, value)) : l.text) + l.eol).join("");
          yield { format: t.format, template: t.name, kind, line: i, path, value, text };
        }
      }
    }
  }
}
