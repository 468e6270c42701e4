/**
 * Deterministic synthetic sessions for the benchmark, in each agent's layout (`format`: pi,
 * claude-code, codex, copilot-cli, openclaw, oh-my-pi, gemini-cli, kimi-cli, cursor; and the
 * one-JSON-document agents cline, cline-extension, roo-code, whose meta says `document`: the LSP
 * scenario does not append to them, and edits a prompt at a character, not a whole line). A turn is a user prompt, an assistant tool call (with thinking or
 * reasoning), its result and an assistant answer, about 5-6 KB together, so 100 MB holds about
 * 20k turns (pi: 80k messages and 20k tool calls).
 *
 * Ids: "reused" draws every call's id from a pool of 50 (pi: `bash_0..bash_49`, as kimi / copilot
 * restart a `${tool}_${n}` counter; Claude Code: `toolu_01R…`; Codex and Copilot CLI: `call_R…`), so at 100 MB
 * each id has hundreds of calls and twice as many occurrences; "unique" gives every call its own
 * id. Same seed, same bytes. Each session's meta (a `.meta.json` beside it) names the id to
 * hover, a middle line to edit; `appendedLine` writes the line an append adds, in its format.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";

export type IdMode = "reused" | "unique";
export type Format = "pi" | "claude-code" | "codex" | "copilot-cli" | "openclaw" | "oh-my-pi" | "gemini-cli" | "kimi-cli" | "cursor" | "cline" | "cline-extension" | "roo-code";
/** Every format `--formats` takes: the JSONL agents the product reads, and the one-document agents (Cline, Roo Code). */
export const FORMATS: readonly Format[] = ["pi", "claude-code", "codex", "copilot-cli", "openclaw", "oh-my-pi", "gemini-cli", "kimi-cli", "cursor", "cline", "cline-extension", "roo-code"];
/**
 * What `npm run bench` runs without `--formats`: the four agents with their own readers at
 * every size. OpenClaw and oh-my-pi are pi's reader with a dialect, Gemini CLI, Kimi CLI and
 * Cursor are smaller readers: each would add minutes (1, 20 and 100 MB, CLI, LSP and the
 * inspector's 100 MB first paint); ask for them with `--formats`.
 */
export const DEFAULT_FORMATS: readonly Format[] = ["pi", "claude-code", "codex", "copilot-cli"];

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
  /** A document (Cline, Roo Code): no appends; the middle edit inserts at `middleCharacter` (inside a prompt's text) on `middleLine`. */
  document?: boolean;
  middleCharacter?: number;
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
  return `${format}-${mode}-${mb}mb-v${VERSION}.${isDocumentFormat(format) ? "json" : "jsonl"}`;
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
  /** When the hover is not on a call id (Cursor: no ids): its line and the occurrences it has (0). */
  hoverLine?: number;
  hoverOccurrences?: number;
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
  if (isDocumentFormat(format)) {
    const meta = writeDocument(file, format, mode, mb);
    writeFileSync(metaFile, JSON.stringify(meta, null, 2));
    return meta;
  }
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = openSync(tmp, "w");
  const sink = new Sink(fd, mb * 1024 * 1024);
  const w = WRITERS[format]!(sink, mode, mb);
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
    hoverLine: w.hoverLine ?? sink.firstCallLine.get(w.hoverId)!,
    hoverCharacter: -1,
    hoverOccurrences: w.hoverOccurrences ?? sink.occurrences.get(w.hoverId) ?? 0,
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

const copilotUuid = (n: number) => `c0b11000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

/**
 * GitHub Copilot CLI 1.0 `events.jsonl`: `{type, data, id, timestamp, parentId}` events, each
 * parented to the one before. A turn: `user.message`, `assistant.turn_start`, the usage record,
 * `assistant.message` with its `toolRequests`, per call `tool.execution_start` and
 * `tool.execution_complete` (every fourth turn two parallel calls: both starts, then both
 * completions), `assistant.turn_end`, then the answer in a turn of its own. Ids: "unique" gives
 * every call its own `call_…`; "reused" draws them from a pool of 50.
 */
function writeCopilot(sink: Sink, mode: IdMode, mb: number): Written {
  const rand = rng(0xc0b1 + mb);
  const prompts = pool(rand, 97, 160, ". ");
  const outputs = pool(rand, 83, 2600, "\n");
  const answers = pool(rand, 79, 420, ". ");
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const base = Date.UTC(2026, 0, 1);
  let n = 0;
  let parent: string | null = null;
  const event = (type: string, data: Record<string, unknown>) => {
    const id = copilotUuid(++n);
    sink.emit({ type, data, id, timestamp: new Date(base + n * 1000).toISOString(), parentId: parent });
    if (type === "user.message" || type === "assistant.message" || type === "tool.execution_complete") sink.messages++;
    parent = id;
  };
  const idOf = (k: number) => `call_${mode === "reused" ? "R" : "U"}${(mode === "reused" ? k % 50 : k).toString(36).padStart(23, "0")}`;
  event("session.start", { sessionId: "c0b11000-5e55-4000-8000-000000000001", version: 1, producer: "copilot-agent", copilotVersion: "1.0.102", startTime: new Date(base).toISOString(), context: { cwd: "/bench" } });
  let turn = 0;
  while (!sink.done) {
    sink.markMiddle();
    const prompt = pick(prompts);
    event("user.message", { content: prompt, transformedContent: prompt });
    event("assistant.turn_start", { turnId: String(turn * 2) });
    event("session.usage_record", { usage: { model: "gpt-5.1", inputTokens: 1200, outputTokens: 80, cacheReadTokens: 24000, cacheWriteTokens: 0, apiEndpoint: "/responses" } });
    const width = turn % 4 === 3 ? 2 : 1;
    const calls: [string, Record<string, unknown>][] = [];
    for (let i = 0; i < width; i++) {
      const id = idOf(sink.calls);
      sink.call(id); // the next line, the assistant message, holds every call of the turn
      calls.push([id, { command: `grep -rn ${pick(WORDS)} src/${pick(WORDS)}` }]);
    }
    event("assistant.message", { messageId: `m-${turn * 2}`, content: "", toolRequests: calls.map(([id, args]) => ({ toolCallId: id, name: "bash", arguments: args, type: "function" })), model: "gpt-5.1" });
    for (const [id, args] of calls) event("tool.execution_start", { toolCallId: id, toolName: "bash", arguments: args });
    for (const [id] of calls) event("tool.execution_complete", { toolCallId: id, success: true, result: { content: pick(outputs) } });
    event("assistant.turn_end", { turnId: String(turn * 2) });
    event("assistant.turn_start", { turnId: String(turn * 2 + 1) });
    event("assistant.message", { messageId: `m-${turn * 2 + 1}`, content: pick(answers), toolRequests: [], model: "gpt-5.1" });
    event("assistant.turn_end", { turnId: String(turn * 2 + 1) });
    turn++;
  }
  return { hoverId: mode === "reused" ? idOf(0) : idOf(Math.floor(sink.calls / 2)), lastId: parent ?? "" };
}

/**
 * OpenClaw (its embedded pi runner): pi's v3 entries with OpenClaw's marks (formats/pi/openclaw,
 * the corpus in test/corpus/openclaw). The header, a `thinking_level_change`, then a `custom`
 * `model-snapshot` at a run's start (the first and every tenth prompt); turns as pi's (8-hex
 * entry ids, toolu ids). Every twentieth turn a subagent's announcement is written as OpenClaw's
 * session store writes it: an assistant entry (a uuid id) after the main branch's last entry,
 * then a `leaf` row that selects that entry's parent again as the active leaf with the side
 * entry as its append cursor (`appendMode: "side"`); the next prompt names the side entry as its
 * parent and OpenClaw's tree reading hangs it off the active leaf (openclaw-tree.ts).
 */
function writeOpenClaw(sink: Sink, mode: IdMode, mb: number): Written {
  const rand = rng(0x0c1a + mb);
  const prompts = pool(rand, 97, 160, ". ");
  const thoughts = pool(rand, 89, 320, ". ");
  const outputs = pool(rand, 83, 2950, "\n");
  const answers = pool(rand, 79, 420, ". ");
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const base = Date.UTC(2026, 0, 1);
  let entry = 0;
  let parent: string | null = null;
  let main: string | null = null;
  const ts = () => new Date(base + entry * 1000).toISOString();
  const hex = (n: number) => n.toString(16).padStart(8, "0");
  const usage = { input: 1200, output: 80, cacheRead: 24000, cacheWrite: 0, totalTokens: 25280, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  const record = (fields: Record<string, unknown>, id = hex(++entry)) => {
    sink.emit({ ...fields, id, parentId: parent, timestamp: ts() });
    parent = id;
    return id;
  };
  const message = (message: Record<string, unknown>, id = hex(++entry)) => {
    sink.emit({ type: "message", id, parentId: parent, timestamp: ts(), message: { ...message, timestamp: base + entry * 1000 } });
    sink.messages++;
    parent = id;
    return id;
  };
  const assistant = (content: unknown[], stopReason: string) => ({ role: "assistant", content, api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", usage, stopReason });
  const idOf = (n: number) => (mode === "reused" ? `toolu_01R${(n % 50).toString(36).padStart(21, "0")}` : `toolu_01U${n.toString(36).padStart(21, "0")}`);
  sink.emit({ type: "session", version: 3, id: "0c1a0000-5e55-4000-8000-000000000001", timestamp: new Date(base).toISOString(), cwd: "/bench" });
  record({ type: "thinking_level_change", thinkingLevel: "high" });
  let turn = 0;
  while (!sink.done) {
    if (turn % 10 === 0) record({ type: "custom", customType: "model-snapshot", data: { timestamp: base + entry * 1000, provider: "anthropic", modelApi: "anthropic-messages", modelId: "claude-sonnet-4-5" } });
    sink.markMiddle();
    message({ role: "user", content: [{ type: "text", text: pick(prompts) }] });
    const id = idOf(sink.calls);
    sink.call(id);
    message(assistant([{ type: "thinking", thinking: pick(thoughts) }, { type: "toolCall", id, name: "exec", arguments: { command: `grep -rn ${pick(WORDS)} src/${pick(WORDS)}` } }], "toolUse"));
    message({ role: "toolResult", toolCallId: id, toolName: "exec", content: [{ type: "text", text: pick(outputs) }], isError: false });
    main = message(assistant([{ type: "text", text: pick(answers) }], "stop"));
    if (turn % 20 === 19) {
      const side = message(assistant([{ type: "text", text: `Subagent ${turn} finished: ${pick(answers).slice(0, 120)}` }], "stop"), `0c1a${hex(++entry)}-0000-4000-8000-000000000000`);
      sink.emit({ type: "leaf", id: hex(++entry), parentId: side, timestamp: ts(), targetId: main, appendParentId: side, appendMode: "side" });
    }
    turn++;
  }
  return { hoverId: mode === "reused" ? idOf(0) : idOf(Math.floor(sink.calls / 2)), lastId: parent ?? "" };
}

/**
 * oh-my-pi: pi's v3 entries (oh-my-pi's key order: `type`, `timestamp`, the fields, `id`,
 * `parentId`) after its title slot, line 1 padded with spaces to 256 bytes
 * (formats/pi/oh-my-pi/omp-title-slot.ts); a header with the provider, model and thinking level,
 * a `model_change`, and a `thinking_level_change` every fifth turn as in the corpus session.
 * Every fourth turn has two parallel calls (both calls in one response, then both results).
 */
function writeOhMyPi(sink: Sink, mode: IdMode, mb: number): Written {
  const rand = rng(0x03b1 + mb);
  const prompts = pool(rand, 97, 160, ". ");
  const thoughts = pool(rand, 89, 320, ". ");
  const outputs = pool(rand, 83, 2400, "\n");
  const answers = pool(rand, 79, 420, ". ");
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const base = Date.UTC(2026, 0, 1);
  let entry = 0;
  let parent: string | null = null;
  const ts = () => new Date(base + entry * 1000).toISOString();
  const record = (type: string, fields: Record<string, unknown>) => {
    const id = `${(++entry).toString(16).padStart(8, "0")}`;
    sink.emit({ type, timestamp: ts(), ...fields, id, parentId: parent });
    if (type === "message") sink.messages++;
    parent = id;
  };
  const usage = { input: 1200, output: 80, cacheRead: 24000, cacheWrite: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  const assistant = (content: unknown[], stopReason: string) => ({ role: "assistant", content, api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", usage, stopReason, timestamp: base + entry * 1000 });
  const idOf = (n: number) => (mode === "reused" ? `toolu_01R${(n % 50).toString(36).padStart(21, "0")}` : `toolu_01U${n.toString(36).padStart(21, "0")}`);
  const slot = { type: "title", v: 1, title: "Benchmark session", updatedAt: new Date(base).toISOString(), pad: "" };
  slot.pad = " ".repeat(255 - JSON.stringify(slot).length);
  sink.emit(slot);
  sink.emit({ type: "session", id: "03b10000-5e55-4000-8000-000000000001", timestamp: new Date(base).toISOString(), cwd: "/bench", provider: "anthropic", modelId: "claude-sonnet-4-5", thinkingLevel: "off", version: 3 });
  record("model_change", { provider: "anthropic", modelId: "claude-sonnet-4-5" });
  let turn = 0;
  while (!sink.done) {
    if (turn % 5 === 4) record("thinking_level_change", { thinkingLevel: turn % 10 === 4 ? "minimal" : "high" });
    sink.markMiddle();
    record("message", { message: { role: "user", content: [{ type: "text", text: pick(prompts) }], timestamp: base + entry * 1000 } });
    const width = turn % 4 === 3 ? 2 : 1;
    const ids: string[] = [];
    for (let i = 0; i < width; i++) {
      const id = idOf(sink.calls);
      sink.call(id); // the next line, the response, holds every call of the turn
      ids.push(id);
    }
    record("message", { message: assistant([{ type: "thinking", thinking: pick(thoughts) }, ...ids.map((id) => ({ type: "toolCall", id, name: "bash", arguments: { command: `grep -rn ${pick(WORDS)} src/${pick(WORDS)}` } }))], "toolUse") });
    for (const id of ids) record("message", { message: { role: "toolResult", toolCallId: id, toolName: "bash", content: [{ type: "text", text: pick(outputs) }], isError: false, timestamp: base + entry * 1000 } });
    record("message", { message: assistant([{ type: "text", text: pick(answers) }], "stop") });
    turn++;
  }
  return { hoverId: mode === "reused" ? idOf(0) : idOf(Math.floor(sink.calls / 2)), lastId: parent ?? "" };
}

const geminiUuid = (n: number) => `9e000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

/**
 * Gemini CLI 0.40+ `session-*.jsonl` (formats/gemini-cli, test/corpus/gemini-cli): the metadata
 * line, then per turn a `user` record, a `{"$set":{"lastUpdated"}}` line, a `gemini` record with
 * its thoughts, tokens and `toolCalls` (each call holds its own result: `result[{functionResponse}]`,
 * `resultDisplay`; every fourth turn two calls in one record) and a `gemini` answer record.
 * Ids: Gemini's `${tool}_${epoch ms}_${n}`; "unique" moves the epoch per call; "reused" keeps one
 * epoch and draws `n` from a pool of 50.
 */
function writeGemini(sink: Sink, mode: IdMode, mb: number): Written {
  const rand = rng(0x9e41 + mb);
  const prompts = pool(rand, 97, 160, ". ");
  const thoughts = pool(rand, 89, 300, ". ");
  const outputs = pool(rand, 83, 1300, "\n");
  const answers = pool(rand, 79, 420, ". ");
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const base = Date.UTC(2026, 0, 1);
  let n = 0;
  const ts = () => new Date(base + n * 1000).toISOString();
  const idOf = (k: number) => (mode === "reused" ? `run_shell_command_${base}_${k % 50}` : `run_shell_command_${base + k * 1000}_0`);
  const tokens = { input: 11855, output: 81, cached: 11502, thoughts: 90, tool: 0, total: 11936 };
  sink.emit({ sessionId: "9e410000-5e55-4000-8000-000000000001", projectHash: "0b7dfb1274ee51b336813b17f2ddab1f56b6591f723e7314126bbd502c69e9c9", startTime: new Date(base).toISOString(), lastUpdated: new Date(base).toISOString(), kind: "main" });
  let turn = 0;
  while (!sink.done) {
    sink.markMiddle();
    sink.emit({ id: geminiUuid(++n), timestamp: ts(), type: "user", content: [{ text: pick(prompts) }] });
    sink.messages++;
    sink.emit({ $set: { lastUpdated: ts() } });
    const width = turn % 4 === 3 ? 2 : 1;
    const calls: Record<string, unknown>[] = [];
    for (let i = 0; i < width; i++) {
      const id = idOf(sink.calls);
      sink.call(id); // the next line, the model record, holds every call of the turn and its result
      const command = `grep -rn ${pick(WORDS)} src/${pick(WORDS)}`;
      const out = pick(outputs);
      calls.push({ id, name: "run_shell_command", args: { command, description: "Search the sources" }, result: [{ functionResponse: { id, name: "run_shell_command", response: { output: `Output: ${out}\nProcess Group PGID: 4242` } } }], status: "success", timestamp: ts(), resultDisplay: out, displayName: "Shell", description: command, renderOutputAsMarkdown: false });
    }
    const thought = pick(thoughts);
    sink.emit({ id: geminiUuid(++n), timestamp: ts(), type: "gemini", content: "", thoughts: [{ subject: "Searching the sources", description: thought, timestamp: ts() }], tokens, model: "gemini-3-flash-preview", toolCalls: calls });
    sink.messages++;
    sink.emit({ id: geminiUuid(++n), timestamp: ts(), type: "gemini", content: pick(answers), thoughts: [], tokens, model: "gemini-3-flash-preview" });
    sink.messages++;
    turn++;
  }
  return { hoverId: mode === "reused" ? idOf(0) : idOf(Math.floor(sink.calls / 2)), lastId: "" };
}

/**
 * Kimi CLI `context.jsonl` (formats/kimi-cli, test/corpus/kimi-cli): kosong messages and Kimi's
 * marker lines. A turn: `_checkpoint`, the user message, then per step a `_checkpoint` and a
 * `_usage` line before the assistant message: the tool step (a `think` part, `tool_calls` with
 * `function.arguments` a JSON string; every fourth turn two calls) and its `tool` messages, the
 * answer step. Ids: Kimi's `${Tool}:${n}`; "unique" counts on, "reused" restarts at 50 (as a
 * resumed session restarts its counter).
 */
function writeKimi(sink: Sink, mode: IdMode, mb: number): Written {
  const rand = rng(0x4b1 + mb);
  const prompts = pool(rand, 97, 160, ". ");
  const thoughts = pool(rand, 89, 320, ". ");
  const outputs = pool(rand, 83, 2600, "\n");
  const answers = pool(rand, 79, 420, ". ");
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  let checkpoint = 0;
  let tokens = 4500;
  const idOf = (k: number) => `Bash:${mode === "reused" ? k % 50 : k}`;
  const marks = () => {
    sink.emit({ role: "_checkpoint", id: checkpoint++ });
    sink.emit({ role: "_usage", token_count: (tokens = (tokens + 1337) % 200000) });
  };
  let turn = 0;
  sink.emit({ role: "_checkpoint", id: checkpoint++ });
  while (!sink.done) {
    sink.markMiddle();
    sink.emit({ role: "user", content: [{ type: "text", text: pick(prompts) }] });
    sink.messages++;
    marks();
    const width = turn % 4 === 3 ? 2 : 1;
    const ids: string[] = [];
    for (let i = 0; i < width; i++) {
      const id = idOf(sink.calls);
      sink.call(id); // the next line, the assistant message, holds every call of the step
      ids.push(id);
    }
    sink.emit({ role: "assistant", content: [{ type: "think", think: pick(thoughts) }], tool_calls: ids.map((id) => ({ type: "function", id, function: { name: "Bash", arguments: JSON.stringify({ command: `grep -rn ${pick(WORDS)} src/${pick(WORDS)}` }) } })) });
    sink.messages++;
    for (const id of ids) {
      sink.emit({ role: "tool", content: [{ type: "text", text: "<system>Command executed successfully.</system>" }, { type: "text", text: pick(outputs) }], tool_call_id: id });
      sink.messages++;
    }
    marks();
    sink.emit({ role: "assistant", content: [{ type: "text", text: pick(answers) }] });
    sink.messages++;
    turn++;
  }
  return { hoverId: mode === "reused" ? idOf(0) : idOf(Math.floor(sink.calls / 2)), lastId: "" };
}

/**
 * Cursor agent transcript (formats/cursor, test/corpus/cursor): `{"role","message":{"content"}}`
 * lines and `turn_ended` lines, no ids, no timestamps, no results. A turn: the user's query, an
 * assistant step per call (a `[REDACTED]` text where the thinking was, then a `tool_use` with name
 * and input: a Read, a StrReplace with its strings, a Shell), the answer, `turn_ended`. There is
 * no id to hover: the hover is on the middle turn's Shell call (its tool name; 0 occurrences), and
 * `mode` changes nothing but the file's name.
 */
function writeCursor(sink: Sink, _mode: IdMode, mb: number): Written {
  const rand = rng(0xc125 + mb);
  const prompts = pool(rand, 97, 160, ". ");
  const edits = pool(rand, 83, 1500, "\n");
  const answers = pool(rand, 79, 420, ". ");
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const step = (text: string, name: string, input: Record<string, unknown>) => {
    sink.calls++;
    sink.emit({ role: "assistant", message: { content: [{ type: "text", text }, { type: "tool_use", name, input }] } });
    sink.messages++;
  };
  let hoverLine = -1;
  while (!sink.done) {
    sink.markMiddle();
    const middle = hoverLine < 0 && sink.middleLine >= 0;
    sink.emit({ role: "user", message: { content: [{ type: "text", text: `<user_query>\n${pick(prompts)}\n</user_query>` }] } });
    sink.messages++;
    const file = `/bench/src/${pick(WORDS)}.ts`;
    step("[REDACTED]", "Read", { path: file });
    step(`I'll change ${pick(WORDS)} in ${file}.\n\n[REDACTED]`, "StrReplace", { path: file, old_string: pick(edits), new_string: pick(edits) });
    if (middle) hoverLine = sink.lines;
    step("[REDACTED]", "Shell", { command: `npm test -- ${pick(WORDS)}`, description: "Run the tests", working_directory: "/bench" });
    sink.emit({ role: "assistant", message: { content: [{ type: "text", text: pick(answers) }] } });
    sink.messages++;
    sink.emit({ type: "turn_ended", status: "success" });
  }
  return { hoverId: "Shell", lastId: "", hoverLine: hoverLine < 0 ? 3 : hoverLine, hoverOccurrences: 0 };
}


/** The one-JSON-document agents: the whole file is written at once, as they write it. */
const DOCUMENT_FORMATS: ReadonlySet<Format> = new Set(["cline", "cline-extension", "roo-code"]);
export const isDocumentFormat = (format: Format | undefined): boolean => DOCUMENT_FORMATS.has(format ?? "pi");

/** What a document generator hands back: the document and where its hover id and middle prompt sit. */
interface DocumentWritten {
  text: string;
  messages: number;
  calls: number;
  hoverId: string;
  hoverOccurrences: number;
  /** A text that opens the user prompt nearest the middle (found after half the text). */
  promptMark: string;
}

/**
 * One task's messages in Anthropic's shape with native tool calls (the three agents share it): a
 * user prompt, an assistant response (thinking or text, then a `tool_use`; every fourth turn two),
 * a user message with the `tool_result`s, an assistant answer. `decorate` adds each agent's own
 * fields. Ids: "unique" gives every call its own `toolu_01…`; "reused" draws them from 50.
 */
function anthropicTask(
  mode: IdMode,
  mb: number,
  seed: number,
  decorate: (m: Record<string, unknown>, k: number) => Record<string, unknown>,
  prompt: (text: string, k: number) => string,
): { messages: Record<string, unknown>[]; calls: number; hoverId: string; hoverOccurrences: number } {
  const rand = rng(seed + mb);
  const prompts = pool(rand, 97, 160, ". ");
  const thoughts = pool(rand, 89, 320, ". ");
  const outputs = pool(rand, 83, 2600, "\n");
  const answers = pool(rand, 79, 420, ". ");
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const idOf = (k: number) => `toolu_01${mode === "reused" ? "R" : "U"}${(mode === "reused" ? k % 50 : k).toString(36).padStart(21, "0")}`;
  const target = mb * 1024 * 1024;
  const messages: Record<string, unknown>[] = [];
  let bytes = 0;
  let calls = 0;
  const push = (m: Record<string, unknown>) => {
    const d = decorate(m, messages.length);
    messages.push(d);
    bytes += JSON.stringify(d).length + 1;
  };
  let turn = 0;
  while (bytes < target) {
    push({ role: "user", content: [{ type: "text", text: prompt(pick(prompts), turn) }] });
    const width = turn % 4 === 3 ? 2 : 1;
    const ids: string[] = [];
    for (let i = 0; i < width; i++) ids.push(idOf(calls++));
    push({ role: "assistant", content: [{ type: "thinking", thinking: pick(thoughts), signature: "EqBenchSignature" }, ...ids.map((id) => ({ type: "tool_use", id, name: "execute_command", input: { command: `grep -rn ${pick(WORDS)} src/${pick(WORDS)}` } }))] });
    push({ role: "user", content: ids.map((id) => ({ type: "tool_result", tool_use_id: id, content: pick(outputs) })) });
    push({ role: "assistant", content: [{ type: "text", text: pick(answers) }] });
    turn++;
  }
  const hoverId = mode === "reused" ? idOf(0) : idOf(Math.floor(calls / 2));
  return { messages, calls, hoverId, hoverOccurrences: mode === "reused" ? 2 * Math.ceil(calls / 50) : 2 };
}

/**
 * Cline's SDK sessions (the CLI, the 4.x extension: formats/cline, test/corpus/cline):
 * `<session>.messages.json`, `{version, updated_at, agent, sessionId, messages}` written with
 * `JSON.stringify(…, null, 2)` (one value per line); each message has an `id` and `ts`, an
 * assistant's its `modelInfo` and `metrics`, a tool result's message id names its call.
 */
function writeCline(mode: IdMode, mb: number): DocumentWritten {
  const base = Date.UTC(2026, 0, 1);
  const t = anthropicTask(
    mode,
    mb,
    0xc11e,
    (m, k) => {
      const results = (m.content as { type: string; tool_use_id?: string }[]).filter((b) => b.type === "tool_result");
      const id = results.length ? `msg_${k.toString(36).padStart(8, "0")}_tool_${results[0].tool_use_id}` : `msg_${k.toString(36).padStart(8, "0")}`;
      return m.role === "assistant"
        ? { id, role: m.role, ts: base + k * 1000, modelInfo: { id: "anthropic/claude-sonnet-4.5", provider: "cline" }, metrics: { inputTokens: 1200, outputTokens: 80, cacheReadTokens: 24000, cacheWriteTokens: 0, cost: 0.0123 }, content: m.content }
        : { id, role: m.role, ts: base + k * 1000, content: m.content };
    },
    (text) => `<user_input mode="act">${text}</user_input>`,
  );
  const doc = { version: 1, updated_at: new Date(base + t.messages.length * 1000).toISOString(), agent: "lead", sessionId: "1767225600000_bench", messages: t.messages };
  return { text: JSON.stringify(doc, null, 2) + "\n", messages: t.messages.length, calls: t.calls, hoverId: t.hoverId, hoverOccurrences: t.hoverOccurrences, promptMark: '"text": "<user_input mode=\\"act\\">' };
}

/**
 * Cline's VS Code extension 3.x (formats/cline-extension): `api_conversation_history.json`, the
 * messages compact on one line (`JSON.stringify`), opening with a `<task>` prompt; from 3.37 an
 * assistant message has `modelInfo {modelId, providerId, mode}` and `metrics {tokens, cost}`, from
 * 3.67 each message a `ts`. Later prompts are `<feedback>`.
 */
function writeClineExtension(mode: IdMode, mb: number): DocumentWritten {
  const base = Date.UTC(2026, 0, 1);
  const t = anthropicTask(
    mode,
    mb,
    0xc1e7,
    (m, k) =>
      m.role === "assistant"
        ? { role: m.role, content: m.content, modelInfo: { modelId: "claude-sonnet-4-5", providerId: "anthropic", mode: "act" }, metrics: { tokens: { prompt: 25200, completion: 80, cached: 24000 }, cost: 0.0123 }, ts: base + k * 1000 }
        : { role: m.role, content: m.content, ts: base + k * 1000 },
    (text, k) => (k === 0 ? `<task>\n${text}\n</task>` : `<feedback>\n${text}\n</feedback>`),
  );
  return { text: JSON.stringify(t.messages), messages: t.messages.length, calls: t.calls, hoverId: t.hoverId, hoverOccurrences: t.hoverOccurrences, promptMark: '"text":"<feedback>' };
}

/**
 * Roo Code 3.32+ with native tool calling (formats/roo-code): `api_conversation_history.json`, the
 * messages compact on one line (`safeWriteJson`), each with its `ts` after its content; a
 * response's reasoning as a `reasoning` block is not written (the thinking block is Anthropic's).
 */
function writeRooCode(mode: IdMode, mb: number): DocumentWritten {
  const base = Date.UTC(2026, 0, 1);
  const t = anthropicTask(mode, mb, 0x400c, (m, k) => ({ role: m.role, content: m.content, ts: base + k * 1000 }), (text, k) => (k === 0 ? `<task>\n${text}\n</task>` : `<user_message>\n${text}\n</user_message>`));
  return { text: JSON.stringify(t.messages), messages: t.messages.length, calls: t.calls, hoverId: t.hoverId, hoverOccurrences: t.hoverOccurrences, promptMark: '"text":"<user_message>' };
}

const DOCUMENT_WRITERS: Partial<Record<Format, (mode: IdMode, mb: number) => DocumentWritten>> = { cline: writeCline, "cline-extension": writeClineExtension, "roo-code": writeRooCode };

/** The 0-based line and character of `at` in `text`. */
function positionOf(text: string, at: number): { line: number; character: number } {
  let line = 0;
  let start = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < at; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, character: at - start };
}

/** Writes a document agent's session and its meta (the middle prompt and the hover id as positions). */
function writeDocument(file: string, format: Format, mode: IdMode, mb: number): SessionMeta {
  const w = DOCUMENT_WRITERS[format]!(mode, mb);
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, w.text);
  renameSync(tmp, file);
  const mid = w.text.indexOf(w.promptMark, Math.floor(w.text.length / 2));
  const middle = positionOf(w.text, w.text.indexOf('"text":', mid) + '"text":'.length + (w.text[w.text.indexOf('"text":', mid) + 7] === " " ? 2 : 1));
  const hover = positionOf(w.text, w.text.indexOf(`"${w.hoverId}"`) + 1);
  return {
    file,
    format,
    mode,
    bytes: w.text.length,
    lines: w.text.split("\n").length,
    messages: w.messages,
    calls: w.calls,
    hoverId: w.hoverId,
    hoverLine: hover.line,
    hoverCharacter: hover.character,
    hoverOccurrences: w.hoverOccurrences,
    middleLine: middle.line,
    middleCharacter: middle.character,
    lastId: "",
    document: true,
  };
}

const WRITERS: Partial<Record<Format, (sink: Sink, mode: IdMode, mb: number) => Written>> = {
  pi: writePi,
  "claude-code": writeClaudeCode,
  codex: writeCodex,
  "copilot-cli": writeCopilot,
  openclaw: writeOpenClaw,
  "oh-my-pi": writeOhMyPi,
  "gemini-cli": writeGemini,
  "kimi-cli": writeKimi,
  cursor: writeCursor,
};

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
    case "copilot-cli": {
      const id = `ffffffff-c0b1-4000-8000-${n.toString(16).padStart(12, "0")}`;
      return { id, line: JSON.stringify({ type: "user.message", data: { content: text, transformedContent: text }, id, timestamp, parentId: parent || null }) + "\n" };
    }
    case "gemini-cli":
      return { id: "", line: JSON.stringify({ id: `ffffffff-9e41-4000-8000-${n.toString(16).padStart(12, "0")}`, timestamp, type: "user", content: [{ text }] }) + "\n" };
    case "kimi-cli":
      return { id: "", line: JSON.stringify({ role: "user", content: [{ type: "text", text }] }) + "\n" };
    case "cursor":
      return { id: "", line: JSON.stringify({ role: "user", message: { content: [{ type: "text", text: `<user_query>\n${text}\n</user_query>` }] } }) + "\n" };
    case "oh-my-pi": {
      const id = `e-bench-${n}`;
      return { id, line: JSON.stringify({ type: "message", timestamp, message: { role: "user", content: [{ type: "text", text }], timestamp: Date.parse(timestamp) }, id, parentId: parent }) + "\n" };
    }
    default: {
      // pi, OpenClaw
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
