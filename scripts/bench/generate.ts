/**
 * Deterministic synthetic sessions for the benchmark, in each agent's layout (`format`: pi,
 * claude-code, codex). A turn is a user prompt, an assistant tool call (with thinking or
 * reasoning), its result and an assistant answer, about 5-6 KB together, so 100 MB holds about
 * 20k turns (pi: 80k messages and 20k tool calls).
 *
 * Ids: "reused" draws every call's id from a pool of 50 (pi: `bash_0..bash_49`, as kimi / copilot
 * restart a `${tool}_${n}` counter; Claude Code: `toolu_01R…`; Codex: `call_R…`), so at 100 MB
 * each id has hundreds of calls and twice as many occurrences; "unique" gives every call its own
 * id. Same seed, same bytes. Each session's meta (a `.meta.json` beside it) names the id to
 * hover, a middle line to edit; `appendedLine` writes the line an append adds, in its format.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";

export type IdMode = "reused" | "unique";
export type Format = "pi" | "claude-code" | "codex";
export const FORMATS: readonly Format[] = ["pi", "claude-code", "codex"];

export interface SessionMeta {
  file: string;
  format: Format;
  mode: IdMode;
  bytes: number;
  lines: number;
  /** Message lines in the format's own sense: pi `message` entries, Claude Code `user`/`assistant` lines, Codex `response_item` lines. */
  messages: number;
  calls: number;
  /** Id hovered in the LSP step, its 0-based line (a line that holds the id), and its occurrences (calls and results). */
  hoverId: string;
  hoverLine: number;
  hoverCharacter: number;
  hoverOccurrences: number;
  /** A user-prompt line near the middle (0-based; it holds `"text":"`), and the last entry's id (pi: `id`, Claude Code: `uuid`; Codex: none), the parent of an append. */
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

export function sessionName(mode: IdMode, mb: number, format: Format = "pi"): string {
  return `${format}-${mode}-${mb}mb-v${VERSION}.jsonl`;
}

/** Buffered output plus what every format's generator counts while it writes. */
class Sink {
  lines = 0;
  bytes = 0;
  messages = 0;
  calls = 0;
  middleLine = -1;
  readonly occurrences = new Map<string, number>();
  readonly firstCallLine = new Map<string, number>();
  private buf: string[] = [];
  private bufLen = 0;
  constructor(
    private readonly fd: number,
    readonly target: number,
  ) {}
  emit(obj: unknown): void {
    const s = JSON.stringify(obj) + "\n";
    this.buf.push(s);
    this.bufLen += s.length;
    this.bytes += s.length; // ASCII only: characters are bytes
    this.lines++;
    if (this.bufLen > 1 << 20) this.flush();
  }
  flush(): void {
    writeSync(this.fd, this.buf.join(""));
    this.buf = [];
    this.bufLen = 0;
  }
  /** Marks the next line as the middle line once half the target is written (call before a user prompt). */
  markMiddle(): void {
    if (this.middleLine < 0 && this.bytes >= this.target / 2) this.middleLine = this.lines;
  }
  /** The next line is a call of `id` (its first line is the hover line); its result comes later. */
  call(id: string): void {
    this.calls++;
    if (!this.firstCallLine.has(id)) this.firstCallLine.set(id, this.lines);
    this.occurrences.set(id, (this.occurrences.get(id) ?? 0) + 2);
  }
  get done(): boolean {
    return this.bytes >= this.target;
  }
}

interface Written {
  /** The hover id: the most reused one, or the middle call's. */
  hoverId: string;
  lastId: string;
}

/** Writes (or reuses, when already generated) a session of about `mb` megabytes into `dir`. */
export function generateSession(dir: string, mode: IdMode, mb: number, format: Format = "pi"): SessionMeta {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, sessionName(mode, mb, format));
  const metaFile = `${file}.meta.json`;
  if (existsSync(file) && existsSync(metaFile)) {
    const known = JSON.parse(readFileSync(metaFile, "utf8")) as SessionMeta;
    if ((known.format ?? "pi") === format) return { ...known, format };
  }
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = openSync(tmp, "w");
  const sink = new Sink(fd, mb * 1024 * 1024);
  const w = format === "pi" ? writePi(sink, mode, mb) : format === "claude-code" ? writeClaudeCode(sink, mode, mb) : writeCodex(sink, mode, mb);
  sink.flush();
  closeSync(fd);
  renameSync(tmp, file);
  const meta: SessionMeta = {
    file,
    format,
    mode,
    bytes: sink.bytes,
    lines: sink.lines,
    messages: sink.messages,
    calls: sink.calls,
    hoverId: w.hoverId,
    hoverLine: sink.firstCallLine.get(w.hoverId)!,
    hoverCharacter: -1,
    hoverOccurrences: sink.occurrences.get(w.hoverId) ?? 0,
    middleLine: sink.middleLine < 0 ? 1 : sink.middleLine,
    lastId: w.lastId,
  };
  writeFileSync(metaFile, JSON.stringify(meta, null, 2));
  return meta;
}

/**
 * pi (v3): a turn is four messages: a user prompt, an assistant tool call (with thinking), the
 * tool result and an assistant answer. Ids: "reused" cycles `bash_0..bash_49`; "unique" gives
 * every call `toolu_<n>`. (Unchanged since v1: same bytes as before formats were added.)
 */
function writePi(sink: Sink, mode: IdMode, mb: number): Written {
  const rand = rng(0x5eed + mb);
  const prompts = pool(rand, 97, 160, ". ");
  const thoughts = pool(rand, 89, 320, ". ");
  const outputs = pool(rand, 83, 2950, "\n");
  const answers = pool(rand, 79, 420, ". ");
  sink.emit({ type: "session", version: 3, id: `bench-${mode}-${mb}`, timestamp: "2026-01-01T00:00:00.000Z", cwd: "/bench" });
  let entry = 0;
  let parent: string | null = null;
  const base = Date.UTC(2026, 0, 1);
  const message = (message: Record<string, unknown>) => {
    const id = `e${++entry}`;
    sink.emit({ type: "message", id, parentId: parent, timestamp: new Date(base + entry * 1000).toISOString(), message: { ...message, timestamp: base + entry * 1000 } });
    sink.messages++;
    parent = id;
  };
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const usage = { input: 1200, output: 80, cacheRead: 0, cacheWrite: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  const idOf = (n: number) => (mode === "reused" ? `bash_${n % 50}` : `toolu_${n.toString(36).padStart(8, "0")}`);
  while (!sink.done) {
    sink.markMiddle();
    message({ role: "user", content: [{ type: "text", text: pick(prompts) }] });
    const id = idOf(sink.calls);
    sink.call(id);
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
  }
  return { hoverId: mode === "reused" ? idOf(0) : idOf(Math.floor(sink.calls / 2)), lastId: parent ?? "" };
}

const ccUuid = (n: number) => `b3c40000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const CC_SESSION = "b3c40000-5e55-4000-8000-000000000001";
const CC_VERSION = "2.1.112";

/** The fields every Claude Code conversation line starts with (in Claude Code's key order). */
function ccBase(parent: string | null): Record<string, unknown> {
  return { parentUuid: parent, isSidechain: false, userType: "external", cwd: "/bench", sessionId: CC_SESSION, version: CC_VERSION, gitBranch: "main" };
}

/**
 * Claude Code 2.x: one line per content block. A turn: a user prompt; the response written as
 * an assistant line per block (thinking, then each tool_use), all with the response's
 * `message.id` and `requestId`, each parented to the line before it; each tool_result on a user
 * line of its own whose `parentUuid` is its own tool_use line, with `toolUseResult`; the answer
 * (a new response) continues from the last result. Every fourth turn has two parallel calls
 * (their results sit on sibling branches of the uuid tree). Ids: "unique" gives every call its
 * own `toolu_01…`; "reused" draws them from a pool of 50 (occurrences as with pi's reused ids).
 */
function writeClaudeCode(sink: Sink, mode: IdMode, mb: number): Written {
  const rand = rng(0xc1a0de + mb);
  const prompts = pool(rand, 97, 160, ". ");
  const thoughts = pool(rand, 89, 320, ". ");
  const outputs = pool(rand, 83, 1400, "\n");
  const answers = pool(rand, 79, 420, ". ");
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const base = Date.UTC(2026, 0, 1);
  let n = 0;
  let parent: string | null = null;
  /** One line after `parent` (or after `from`): the base fields, `fields`, uuid and timestamp, then `tail`. */
  const line = (fields: Record<string, unknown>, tail: Record<string, unknown> = {}, from: string | null = parent) => {
    const uuid = ccUuid(++n);
    sink.emit({ ...ccBase(from), ...fields, uuid, timestamp: new Date(base + n * 1000).toISOString(), ...tail });
    sink.messages++;
    return uuid;
  };
  const idOf = (k: number) => `toolu_01${mode === "reused" ? "R" : "U"}${(mode === "reused" ? k % 50 : k).toString(36).padStart(21, "0")}`;
  const usage = { input_tokens: 1200, cache_creation_input_tokens: 0, cache_read_input_tokens: 24000, output_tokens: 80, service_tier: "standard" };
  const assistant = (msgId: string, req: string, block: Record<string, unknown>, stop: string | null) =>
    line({ message: { id: msgId, type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [block], stop_reason: stop, stop_sequence: null, usage }, requestId: req, type: "assistant" });
  let turn = 0;
  while (!sink.done) {
    sink.markMiddle();
    parent = line({ type: "user", message: { role: "user", content: [{ type: "text", text: pick(prompts) }] } });
    const msgId = `msg_01Bench${(turn * 2).toString(36).padStart(14, "0")}`;
    const req = `req_01Bench${(turn * 2).toString(36).padStart(14, "0")}`;
    parent = assistant(msgId, req, { type: "thinking", thinking: pick(thoughts), signature: "EqBenchSignature" }, null);
    const width = turn % 4 === 3 ? 2 : 1;
    const callLines: [string, string][] = [];
    for (let i = 0; i < width; i++) {
      const id = idOf(sink.calls);
      sink.call(id);
      parent = assistant(msgId, req, { type: "tool_use", id, name: "Bash", input: { command: `grep -rn ${pick(WORDS)} src/${pick(WORDS)}`, description: "Search the sources" } }, i === width - 1 ? "tool_use" : null);
      callLines.push([id, parent]);
    }
    for (const [id, callLine] of callLines) {
      const out = pick(outputs);
      parent = line(
        { type: "user", message: { role: "user", content: [{ tool_use_id: id, type: "tool_result", content: out, is_error: false }] } },
        { toolUseResult: { stdout: out, stderr: "", interrupted: false, isImage: false }, sourceToolAssistantUUID: callLine },
        callLine,
      );
    }
    const answerId = `msg_01Bench${(turn * 2 + 1).toString(36).padStart(14, "0")}`;
    parent = assistant(answerId, `req_01Bench${(turn * 2 + 1).toString(36).padStart(14, "0")}`, { type: "text", text: pick(answers) }, "end_turn");
    turn++;
  }
  return { hoverId: mode === "reused" ? idOf(0) : idOf(Math.floor(sink.calls / 2)), lastId: parent ?? "" };
}

/**
 * Codex CLI rollout: `{"timestamp","type","payload"}` lines. A turn: `task_started`,
 * `turn_context`, the user message (a `response_item` message and its `user_message` event),
 * a `reasoning` item, a `function_call` (`exec_command`, `arguments` a JSON string) and its
 * `function_call_output`, the assistant message (item and `agent_message` event),
 * `task_complete`. Every fourth turn has two parallel calls (both calls, then both outputs).
 * Ids: "unique" gives every call its own `call_…`; "reused" draws them from a pool of 50.
 */
function writeCodex(sink: Sink, mode: IdMode, mb: number): Written {
  const rand = rng(0xc0de + mb);
  const prompts = pool(rand, 97, 160, ". ");
  const thoughts = pool(rand, 89, 320, ". ");
  const outputs = pool(rand, 83, 2400, "\n");
  const answers = pool(rand, 79, 420, ". ");
  const secrets = pool(rand, 31, 400, "");
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const base = Date.UTC(2026, 0, 1);
  let n = 0;
  const line = (type: string, payload: Record<string, unknown>) => {
    sink.emit({ timestamp: new Date(base + ++n * 1000).toISOString(), type, payload });
    if (type === "response_item") sink.messages++;
  };
  const idOf = (k: number) => `call_${mode === "reused" ? "R" : "U"}${(mode === "reused" ? k % 50 : k).toString(36).padStart(23, "0")}`;
  line("session_meta", { id: "0c0de000-0000-4000-8000-00000000be4c", timestamp: new Date(base).toISOString(), cwd: "/bench", originator: "codex_cli_rs", cli_version: "0.171.0", source: "cli", model_provider: "openai", base_instructions: { text: "Benchmark base instructions." } });
  let turn = 0;
  while (!sink.done) {
    const turnId = `01900000-0000-7000-8000-${(turn + 1).toString(16).padStart(12, "0")}`;
    line("event_msg", { type: "task_started", turn_id: turnId, model_context_window: 200000 });
    line("turn_context", { turn_id: turnId, cwd: "/bench", approval_policy: "never", sandbox_policy: { type: "read-only" }, model: "gpt-5.1-codex", summary: "auto" });
    sink.markMiddle();
    const prompt = pick(prompts);
    line("response_item", { type: "message", role: "user", content: [{ type: "input_text", text: prompt }] });
    line("event_msg", { type: "user_message", message: prompt, images: [] });
    line("response_item", { type: "reasoning", summary: [{ type: "summary_text", text: pick(thoughts) }], content: null, encrypted_content: `gAAAA${pick(secrets).replace(/ /g, "")}` });
    const width = turn % 4 === 3 ? 2 : 1;
    const ids: string[] = [];
    for (let i = 0; i < width; i++) {
      const id = idOf(sink.calls);
      sink.call(id);
      line("response_item", { type: "function_call", name: "exec_command", arguments: JSON.stringify({ cmd: `grep -rn ${pick(WORDS)} src/${pick(WORDS)}`, workdir: "/bench" }), call_id: id });
      ids.push(id);
    }
    for (const id of ids) line("response_item", { type: "function_call_output", call_id: id, output: pick(outputs) });
    const answer = pick(answers);
    line("response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: answer }] });
    line("event_msg", { type: "agent_message", message: answer });
    line("event_msg", { type: "task_complete", turn_id: turnId, last_agent_message: answer });
    turn++;
  }
  return { hoverId: mode === "reused" ? idOf(0) : idOf(Math.floor(sink.calls / 2)), lastId: "" };
}

/**
 * One user-prompt line in the session's format, to append as line `n` (0-based) after the entry
 * `parent` (pi: an entry id, Claude Code: a uuid; Codex lines have no parent). Returns the line
 * (with its newline) and its own id, the parent of the next append. Used by the LSP scenarios,
 * so they append without knowing the format.
 */
export function appendedLine(meta: Pick<SessionMeta, "format">, n: number, parent: string, text = "one more line, appended by the benchmark"): { line: string; id: string } {
  const timestamp = new Date(Date.UTC(2027, 0, 1) + n * 1000).toISOString();
  switch (meta.format ?? "pi") {
    case "claude-code": {
      const id = `ffffffff-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
      return { id, line: JSON.stringify({ ...ccBase(parent || null), type: "user", message: { role: "user", content: [{ type: "text", text }] }, uuid: id, timestamp }) + "\n" };
    }
    case "codex":
      return { id: "", line: JSON.stringify({ timestamp, type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text }] } }) + "\n" };
    default: {
      const id = `e-bench-${n}`;
      return { id, line: JSON.stringify({ type: "message", id, parentId: parent, timestamp, message: { role: "user", content: [{ type: "text", text }], timestamp: Date.parse(timestamp) } }) + "\n" };
    }
  }
}

/** The 0-based character inside the id's first quoted occurrence on its call line (read lazily: one line). */
export function hoverCharacterOf(lineText: string, id: string): number {
  const at = lineText.indexOf(`"${id}"`);
  return at < 0 ? 0 : at + 1;
}
