/**
 * Deterministic synthetic pi (v3) sessions for the benchmark. A turn is four messages: a user
 * prompt, an assistant tool call (with thinking), the tool result and an assistant answer,
 * about 5 KB together, so 100 MB holds about 80k messages and 20k tool calls.
 *
 * Ids: "reused" cycles `bash_0..bash_49` across the whole session (kimi / copilot restart a
 * `${tool}_${n}` counter), so at 100 MB each id has about 400 calls, 800 occurrences;
 * "unique" gives every call its own id. Same seed, same bytes.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";

export type IdMode = "reused" | "unique";

export interface SessionMeta {
  file: string;
  mode: IdMode;
  bytes: number;
  lines: number;
  messages: number;
  calls: number;
  /** Id hovered in the LSP step, its 0-based position (inside the id string), and its occurrences. */
  hoverId: string;
  hoverLine: number;
  hoverCharacter: number;
  hoverOccurrences: number;
  /** A user-message line near the middle (0-based), and the last entry's id (parent of an append). */
  middleLine: number;
  lastId: string;
}

/** mulberry32: a tiny deterministic PRNG. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = "the a of to in file line test build error module function return value session tool call result output context prune chain turn message user assistant read write edit grep find npm node src index config path json parse string number array object async await promise server client request response".split(" ");

function pool(rand: () => number, count: number, chars: number, sep: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = "";
    while (s.length < chars) s += WORDS[Math.floor(rand() * WORDS.length)] + (rand() < 0.1 ? sep : " ");
    out.push(s.slice(0, chars));
  }
  return out;
}

const VERSION = 1;

export function sessionName(mode: IdMode, mb: number): string {
  return `pi-${mode}-${mb}mb-v${VERSION}.jsonl`;
}

/** Writes (or reuses, when already generated) a session of about `mb` megabytes into `dir`. */
export function generateSession(dir: string, mode: IdMode, mb: number): SessionMeta {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, sessionName(mode, mb));
  const metaFile = `${file}.meta.json`;
  if (existsSync(file) && existsSync(metaFile)) return JSON.parse(readFileSync(metaFile, "utf8")) as SessionMeta;
  const target = mb * 1024 * 1024;
  const rand = rng(0x5eed + mb);
  const prompts = pool(rand, 97, 160, ". ");
  const thoughts = pool(rand, 89, 320, ". ");
  const outputs = pool(rand, 83, 2950, "\n");
  const answers = pool(rand, 79, 420, ". ");
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = openSync(tmp, "w");
  let buf: string[] = [];
  let bufLen = 0;
  let bytes = 0;
  let lines = 0;
  const emit = (obj: unknown) => {
    const s = JSON.stringify(obj) + "\n";
    buf.push(s);
    bufLen += s.length;
    bytes += s.length; // ASCII only: characters are bytes
    lines++;
    if (bufLen > 1 << 20) {
      writeSync(fd, buf.join(""));
      buf = [];
      bufLen = 0;
    }
  };
  emit({ type: "session", version: 3, id: `bench-${mode}-${mb}`, timestamp: "2026-01-01T00:00:00.000Z", cwd: "/bench" });
  let entry = 0;
  let parent: string | null = null;
  const base = Date.UTC(2026, 0, 1);
  const message = (message: Record<string, unknown>) => {
    const id = `e${++entry}`;
    emit({ type: "message", id, parentId: parent, timestamp: new Date(base + entry * 1000).toISOString(), message: { ...message, timestamp: base + entry * 1000 } });
    parent = id;
  };
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const usage = { input: 1200, output: 80, cacheRead: 0, cacheWrite: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  let calls = 0;
  let messages = 0;
  const occurrences = new Map<string, number>();
  const firstCallLine = new Map<string, number>();
  let middleLine = -1;
  while (bytes < target) {
    if (middleLine < 0 && bytes >= target / 2) middleLine = lines;
    message({ role: "user", content: [{ type: "text", text: pick(prompts) }] });
    const id = mode === "reused" ? `bash_${calls % 50}` : `toolu_${calls.toString(36).padStart(8, "0")}`;
    calls++;
    if (!firstCallLine.has(id)) firstCallLine.set(id, lines);
    occurrences.set(id, (occurrences.get(id) ?? 0) + 2);
    message({
      role: "assistant",
      content: [
        { type: "thinking", thinking: pick(thoughts) },
        { type: "toolCall", id, name: "bash", arguments: { command: `grep -rn ${pick(WORDS)} src/${pick(WORDS)}` } },
      ],
      api: "anthropic-messages",
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      usage,
      stopReason: "toolUse",
    });
    message({ role: "toolResult", toolCallId: id, toolName: "bash", content: [{ type: "text", text: pick(outputs) }], isError: false });
    message({ role: "assistant", content: [{ type: "text", text: pick(answers) }], api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", usage, stopReason: "stop" });
    messages += 4;
  }
  writeSync(fd, buf.join(""));
  closeSync(fd);
  renameSync(tmp, file);
  // Hover target: reused -> bash_0 (the most frequent id); unique -> the id of the middle call.
  const hoverId = mode === "reused" ? "bash_0" : `toolu_${Math.floor(calls / 2).toString(36).padStart(8, "0")}`;
  const hoverLine = firstCallLine.get(hoverId)!;
  const meta: SessionMeta = {
    file,
    mode,
    bytes,
    lines,
    messages,
    calls,
    hoverId,
    hoverLine,
    hoverCharacter: -1,
    hoverOccurrences: occurrences.get(hoverId) ?? 0,
    middleLine: middleLine < 0 ? 1 : middleLine,
    lastId: parent ?? "",
  };
  writeFileSync(metaFile, JSON.stringify(meta, null, 2));
  return meta;
}

/** The 0-based character inside the id's string on its call line (read lazily: one line). */
export function hoverCharacterOf(lineText: string, id: string): number {
  const at = lineText.indexOf(`"id":"${id}"`);
  return at < 0 ? 0 : at + 7;
}
