/**
 * One session file to what the library keeps of it: read once (line by line, io/read-session-lines),
 * analysed by the engine (findings, the target provider's verdict), with its title, project,
 * times, recorded usage priced per model, compactions, the calls that ran subagents, how it links
 * to a parent file, and the documents the search index takes. Runs in a worker thread or in the
 * caller's; never throws.
 */
import { basename, dirname, join, sep } from "node:path";
import { readFileSync, statSync } from "node:fs";
import { addRecordTokens, analyzeSession, parseText, contextTokens, usageAround, type CompactionRecord, isSafePlace, SUBAGENT_ID, partitionPoint, type Analysis, formatProfile, isObject, isProviderName, messageText, type Msg, PROVIDER_LABELS, providerVerdicts, sessionFromLines, textOf } from "../engine/index.js";
import { readSessionLines } from "../io/read-session-lines.js";
import { readSidecarFile } from "../io/sidecar-file.js";
import type { LibraryCompaction, LibraryModelUsage, LibraryParentRef, LibrarySession, LibrarySpawn, LibraryTokens } from "../protocol/library.js";
import type { StoreRef } from "./folders.js";
import { costOf, priceOf, type PriceTable } from "./pricing.js";
import { storeDocument } from "./stores.js";

/** One document of the search index: a message's text (or a call, an output, the session's ids). */
export interface SearchDoc {
  /** 0-based line. */
  line: number;
  kind: "prompt" | "answer" | "call" | "output" | "id" | "title";
  text: string;
}

export interface SummarizeOptions {
  /** A provider name to judge against; "auto" or absent: the session's own target. */
  provider?: string;
  prices: PriceTable;
  /** Characters of one message put in the index (the rest is not searchable). */
  docChars?: number;
  /** Documents of one session put in the index. */
  maxDocs?: number;
  archived?: boolean;
}

export const DOC_CHARS = 1000;
export const MAX_DOCS = 2000;
const TITLE_CHARS = 120;

export const zeroTokens = (): LibraryTokens => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 });

/** A file that could not be checked. */
/** How the error of a store session begins when the store could not be read (the library reads it again next scan). */
export const STORE_READ_FAILED = "the store could not be read";

export function failedSession(path: string, error: string): LibrarySession {
  return { ...emptySession(path, 0, 0), error };
}

function emptySession(path: string, size: number, mtimeMs: number): LibrarySession {
  return { path, size, mtimeMs, agent: "unknown", agentLabel: "unknown", project: dirname(path), title: basename(path), messages: 0, errors: 0, warnings: 0, rejects: false, rejectedBy: [], tokens: zeroTokens(), models: [], unpriced: [], compactions: [], spawns: [], sidechains: [], finished: false };
}

/** Reads and summarises one file. */
export function summarizeFile(path: string, options: SummarizeOptions): { session: LibrarySession; docs: SearchDoc[] } {
  let size = 0;
  let mtimeMs = 0;
  try {
    const st = statSync(path);
    size = st.size;
    mtimeMs = st.mtimeMs;
  } catch {}
  const base: LibrarySession = { ...emptySession(path, size, mtimeMs), ...(options.archived ? { archived: true } : {}) };
  const r = readSessionLines(path);
  if (!r.ok) return { session: { ...base, error: r.message }, docs: [] };
  try {
    const session = sessionFromLines(r.lines.parsed);
    if (session.format === "unknown") return { session: { ...base, note: "not a session transcript" }, docs: [] };
    const sidecar = readSidecarFile(path);
    const a = analyzeSession(session, sidecar ? { acpSidecar: { text: sidecar.text, name: sidecar.name, error: sidecar.error } } : {});
    return summarizeAnalysis(path, base, a, options);
  } catch (e) {
    return { session: { ...base, error: `internal error: ${(e as Error).message}` }, docs: [] };
  }
}

/**
 * Reads and summarises one session of a store (`<store>#<id>`): its JSON document read out of the
 * store (stores.ts; SQLite loaded first: `loadStores`), analysed like a file's. Its size is the
 * document's, its time the store's; its title the store's, else the first prompt; its project the
 * working directory the document records, else the store.
 */
export function summarizeStoreSession(ref: StoreRef, options: SummarizeOptions): { session: LibrarySession; docs: SearchDoc[] } {
  const path = `${ref.path}#${ref.id}`;
  const base: LibrarySession = { ...emptySession(path, 0, ref.mtimeMs), project: ref.path, title: ref.title ?? ref.id, sessionId: ref.id, store: { path: ref.path, id: ref.id }, ...(options.archived ? { archived: true } : {}) };
  let text: string | undefined;
  try {
    text = storeDocument(ref);
  } catch (e) {
    return { session: { ...base, error: `${STORE_READ_FAILED}: ${(e as Error).message}` }, docs: [] };
  }
  if (text === undefined) return { session: { ...base, error: `the store holds no session ${ref.id} now` }, docs: [] };
  try {
    const sized = { ...base, size: Buffer.byteLength(text) };
    const session = sessionFromLines(parseText(text));
    if (session.format === "unknown") return { session: { ...sized, note: "not a session transcript" }, docs: [] };
    const r = summarizeAnalysis(path, sized, analyzeSession(session), options);
    const s = r.session;
    const cwd = s.project !== projectFromPath(path) ? s.project : undefined;
    const out: LibrarySession = {
      ...s,
      project: cwd ?? ref.path,
      title: ref.title ? oneLine(ref.title, TITLE_CHARS) : s.title,
      sessionId: s.sessionId ?? ref.id,
      ...(s.startedAt === undefined && ref.updated !== undefined ? { lastAt: ref.updated } : {}),
    };
    return { session: out, docs: r.docs.map((d) => (d.kind === "title" ? { ...d, text: [out.title, out.sessionId, out.project].filter(Boolean).join(" ") } : d)) };
  } catch (e) {
    return { session: { ...base, error: `internal error: ${(e as Error).message}` }, docs: [] };
  }
}

function summarizeAnalysis(path: string, base: LibrarySession, a: Analysis, options: SummarizeOptions): { session: LibrarySession; docs: SearchDoc[] } {
  const { session } = a;
  const profile = formatProfile(session.format);
  const lines = session.lines;
  // The lines that hold an object, by line (a blank line holds nothing: line-list.ts).
  const valued: LineValue[] = [];
  for (let k = 0; k < lines.held.length; k++) {
    const v = lines.held[k].value;
    if (isObject(v)) valued.push({ line: lines.lineOfHeld(k), v: v as Record<string, any> });
  }
  const byLine = new Map(valued.map((x) => [x.line, x.v]));

  // Who, where, when
  const meta = metaOf(valued);
  const target = options.provider && options.provider !== "auto" && isProviderName(options.provider) ? options.provider : undefined;
  const pv = providerVerdicts(a, target ? { target } : {});
  const rejectedBy = Object.values(pv.verdicts)
    .filter((v) => v.rejects)
    .map((v) => v.provider);
  const verdict = pv.target ? pv.verdicts[pv.target] : undefined;
  const rf = verdict?.rejects ? verdict.findings[0] : undefined;
  let errors = 0;
  let warnings = 0;
  let firstError: LibrarySession["firstError"];
  for (const f of a.findings) {
    if (f.severity === "error") {
      errors++;
      firstError ??= { code: f.code, line: f.line + 1, message: f.message };
    } else if (f.severity === "warning") warnings++;
  }

  // Usage by model; a Codex child's lines replayed from its parent (times before its own start,
  // which only a spawned rollout records) are the parent's.
  const replayedBefore = meta.spawnedAt;
  const turns = pv.turns.filter((t) => t.model).sort((x, y) => x.line - y.line);
  // The model of the last turn at or before a line (binary search: a long session has thousands
  // of records and turns).
  const modelAt = (line: number): string => {
    const k = partitionPoint(turns, (t) => t.line <= line);
    return (k > 0 ? turns[k - 1].model : undefined) ?? turns[0]?.model ?? "unknown";
  };
  const byModel = new Map<string, LibraryModelUsage>();
  const tokens = zeroTokens();
  for (const rec of a.usage.records) {
    if (replayedBefore !== undefined) {
      const t = timeOf(byLine.get(rec.line)?.timestamp);
      if (t !== undefined && t < replayedBefore) continue;
    }
    const model = rec.model ?? modelAt(rec.line);
    let u = byModel.get(model);
    if (!u) byModel.set(model, (u = { model, responses: 0, tokens: zeroTokens() }));
    u.responses++;
    addRecordTokens(u.tokens, rec);
    addRecordTokens(tokens, rec);
    if (rec.cost !== undefined) u.recordedCost = (u.recordedCost ?? 0) + rec.cost;
  }
  const unpriced: string[] = [];
  let cost: number | undefined;
  for (const u of byModel.values()) {
    const price = priceOf(options.prices, u.model);
    if (price) {
      u.cost = costOf(price, u.tokens);
      cost = (cost ?? 0) + u.cost;
    } else if (u.recordedCost !== undefined) cost = (cost ?? 0) + u.recordedCost;
    else unpriced.push(u.model);
  }

  // Compactions (the format's compactionOn), with the context's recorded size after them (the next response's input).
  const compactions: LibraryCompaction[] = [];
  const compactionOn = profile?.compactionOn;
  const found: { i: number; c: CompactionRecord }[] = [];
  if (compactionOn)
    for (const { line: i, v } of valued) {
      const c = compactionOn(v);
      if (c) found.push({ i, c });
    }
  found.forEach(({ i, c }, k) => {
    // After: the next response's recorded input; before, where the agent wrote no figure: the last
    // one's; each between this compaction and its neighbours.
    const from = k > 0 ? found[k - 1].i : -1;
    const to = k + 1 < found.length ? found[k + 1].i : Infinity;
    const { before, after } = usageAround(a.usage.records, i, from, to);
    const prev = c.tokensBefore === undefined ? before : undefined;
    compactions.push({ line: i + 1, ...c, ...(prev ? { tokensBefore: contextTokens(prev) } : {}), ...(after ? { tokensAfter: contextTokens(after) } : {}) });
  });

  const spawns = spawnsOf(valued);
  // Where the agent keeps each call's subagent transcript (the profile's subagentTranscripts).
  for (const t of profile?.subagentTranscripts?.(session, a.before) ?? []) {
    if (!SUBAGENT_ID.test(t.id) || !isSafePlace(t.where)) continue;
    const sp = spawns.find((x) => x.callId === t.toolCallId);
    if (!sp) continue;
    sp.agentId ??= t.id;
    if (t.where.in === "session-folder") sp.transcript = join(dirname(path), basename(path).replace(/\.jsonl$/, ""), t.where.path.join("/"));
    else sp.transcriptName = `${t.where.prefix}…${t.where.suffix}`;
  }
  const sidechains = (profile?.sidechains?.(session).groups ?? []).map((g) => ({ agentId: g.agentId, callId: g.toolCallId, lines: g.lines.length }));
  const title = meta.title ?? firstPrompt(a.before) ?? meta.prompt ?? base.title;
  const last = a.before[a.before.length - 1];
  const out: LibrarySession = {
    ...base,
    agent: session.format,
    agentLabel: profile?.label ?? session.format,
    project: meta.cwd ?? profile?.workingDirectory?.(session) ?? projectFromPath(path),
    title: oneLine(title, TITLE_CHARS),
    ...(meta.sessionId ? { sessionId: meta.sessionId } : {}),
    ...(meta.first !== undefined ? { startedAt: meta.first, lastAt: meta.last } : {}),
    messages: a.before.length,
    errors,
    warnings,
    ...(firstError ? { firstError } : {}),
    ...(pv.target ? { target: pv.target, targetLabel: PROVIDER_LABELS[pv.target] } : {}),
    rejects: !!verdict?.rejects,
    ...(rf ? { rejection: { code: rf.code, line: rf.line + 1, text: rf.providerNote || rf.message } } : {}),
    rejectedBy,
    tokens,
    models: [...byModel.values()],
    ...(cost !== undefined ? { cost } : {}),
    unpriced,
    compactions,
    spawns,
    ...(parentRef(path, meta) ?? {}),
    sidechains,
    finished: isFinished(last, a),
  };
  return { session: out, docs: docsOf(a.before, out, options) };
}

interface Meta {
  cwd?: string;
  sessionId?: string;
  title?: string;
  first?: number;
  last?: number;
  parentSession?: string;
  codexParent?: { thread?: string; callId?: string; forkedFrom?: string };
  agentId?: string;
  spawnedAt?: number;
  /** Codex's first user message event (its response items may hold only the agent's own context). */
  prompt?: string;
}

/** A line that holds an object, and the object. */
interface LineValue {
  line: number;
  v: Record<string, any>;
}

/** The session's working directory, id, own title, times and parent link, from its lines. */
function metaOf(values: readonly LineValue[]): Meta {
  const m: Meta = {};
  for (const { v } of values) {
    const t = timeOf(v.timestamp) ?? (isObject(v.payload) ? timeOf(v.payload.timestamp) : undefined);
    if (t !== undefined) {
      if (m.first === undefined || t < m.first) m.first = t;
      if (m.last === undefined || t > m.last) m.last = t;
    }
    if (v.type === "session" && typeof v.id === "string") {
      // pi's header
      m.sessionId ??= v.id;
      if (typeof v.cwd === "string") m.cwd ??= v.cwd;
      if (typeof v.parentSession === "string") m.parentSession = v.parentSession;
    }
    if (v.type === "session_info" && typeof v.name === "string" && v.name.trim()) m.title = v.name;
    // Claude Code
    if (typeof v.sessionId === "string" && typeof v.uuid === "string") m.sessionId ??= v.sessionId;
    if (typeof v.cwd === "string" && v.type !== "session") m.cwd ??= v.cwd;
    if (typeof v.agentId === "string" && v.isSidechain === true) m.agentId ??= v.agentId;
    if ((v.type === "summary" && typeof v.summary === "string") || (v.type === "ai-title" && typeof (v.aiTitle ?? v.title) === "string")) m.title = v.summary ?? v.aiTitle ?? v.title;
    if (v.type === "custom-title" && typeof v.customTitle === "string") m.title = v.customTitle;
    // Codex
    const p = isObject(v.payload) ? v.payload : undefined;
    if (v.type === "session_meta" && p) {
      if (typeof p.id === "string") m.sessionId ??= p.id;
      if (typeof p.cwd === "string") m.cwd ??= p.cwd;
      const spawn = isObject(p.source) && isObject(p.source.subagent) && isObject(p.source.subagent.thread_spawn) ? p.source.subagent.thread_spawn : undefined;
      if (spawn || typeof p.forked_from_id === "string") {
        m.codexParent = { thread: typeof spawn?.parent_thread_id === "string" ? spawn.parent_thread_id : undefined, callId: typeof spawn?.spawn_call_id === "string" ? spawn.spawn_call_id : undefined, forkedFrom: typeof p.forked_from_id === "string" ? p.forked_from_id : undefined };
        m.spawnedAt = timeOf(p.timestamp) ?? t;
      }
    }
    if (v.type === "turn_context" && p && typeof p.cwd === "string") m.cwd ??= p.cwd;
    if (v.type === "event_msg" && p?.type === "user_message" && typeof p.message === "string" && !p.message.trimStart().startsWith("<")) m.prompt ??= p.message;
    if (!("payload" in v) && typeof v.id === "string" && typeof v.timestamp === "string" && !("type" in v) && typeof v.cwd === "string") m.cwd ??= v.cwd;
  }
  return m;
}

function timeOf(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return v > 1e12 ? v : v * 1000;
  if (typeof v !== "string") return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : undefined;
}

const SPAWN_TOOLS = new Set(["Task", "Agent", "spawn_agent"]);

/**
 * The calls that ran subagents, each with its result's agent id (Claude Code `agentId`, Codex the
 * new thread), read from every line (not only the active branch: parallel calls streamed over
 * several lines sit on side branches). Calls inside a subagent's own lines (sidechains) are its own.
 */
function spawnsOf(values: readonly LineValue[]): LibrarySpawn[] {
  const spawns = new Map<string, LibrarySpawn>();
  const results: { id: string; text: string; agentId?: string }[] = [];
  values.forEach(({ line: i, v }) => {
    if (v.isSidechain === true) return;
    // Claude Code: tool_use blocks in assistant lines, tool_result blocks in user lines
    const content = isObject(v.message) && Array.isArray(v.message.content) ? v.message.content : undefined;
    for (const b of content ?? []) {
      if (!isObject(b)) continue;
      if (b.type === "tool_use" && typeof b.id === "string" && SPAWN_TOOLS.has(String(b.name))) {
        const d = isObject(b.input) ? String(b.input.description ?? b.input.name ?? "") : "";
        if (!spawns.has(b.id)) spawns.set(b.id, { callId: b.id, tool: String(b.name), line: i + 1, hasResult: false, ...(d ? { description: d } : {}) });
      } else if (b.type === "toolCall" && typeof b.id === "string" && b.name === "subagent") {
        // pi: the `subagent` tool of its extensions (pi-subagents, pi's own example)
        const d = isObject(b.arguments) ? String(b.arguments.agent ?? b.arguments.task ?? "") : "";
        if (!spawns.has(b.id)) spawns.set(b.id, { callId: b.id, tool: "subagent", line: i + 1, hasResult: false, ...(d ? { description: d } : {}) });
      } else if (b.type === "tool_result" && typeof b.tool_use_id === "string") {
        const tur = isObject(v.toolUseResult) ? v.toolUseResult : undefined;
        results.push({ id: b.tool_use_id, text: textOf(b.content), ...(typeof tur?.agentId === "string" ? { agentId: tur.agentId } : {}) });
      }
    }
    if (isObject(v.message) && v.message.role === "toolResult" && typeof v.message.toolCallId === "string") results.push({ id: v.message.toolCallId, text: textOf(v.message.content) || " " });
    // Codex: function_call and its output, as response items (or bare in legacy files)
    const p = v.type === "response_item" && isObject(v.payload) ? v.payload : !("payload" in v) ? v : undefined;
    if (p?.type === "function_call" && typeof p.call_id === "string" && SPAWN_TOOLS.has(String(p.name))) {
      const args = typeof p.arguments === "string" ? safeJson(p.arguments) : p.arguments;
      const d = isObject(args) ? String(args.task_name ?? args.description ?? "") : "";
      if (!spawns.has(p.call_id)) spawns.set(p.call_id, { callId: p.call_id, tool: String(p.name), line: i + 1, hasResult: false, ...(d ? { description: d } : {}) });
    } else if (p?.type === "function_call_output" && typeof p.call_id === "string") {
      results.push({ id: p.call_id, text: typeof p.output === "string" ? p.output : JSON.stringify(p.output ?? "") });
    }
    const e = v.type === "event_msg" && isObject(v.payload) ? v.payload : undefined;
    if (e?.type === "collab_tool_call" && typeof e.call_id === "string" && typeof e.new_thread_id === "string") results.push({ id: e.call_id, text: "", agentId: e.new_thread_id });
  });
  for (const r of results) {
    const s = spawns.get(r.id);
    if (!s) continue;
    if (r.text || r.agentId === undefined) s.hasResult = true;
    const id = r.agentId || /agentId:\s*([\w-]+)/.exec(r.text)?.[1] || /agent ([0-9a-f-]{36}) spawned/.exec(r.text)?.[1];
    if (id) s.agentId ??= id;
  }
  return [...spawns.values()];
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

/**
 * How this file links to the file that ran it: a transcript inside the folder named as a session
 * file beside it (the profiles' "session-folder" place: Claude Code's
 * `<session>/subagents/agent-<id>.jsonl`), Codex's thread spawn, pi's parentSession.
 */
function parentRef(path: string, meta: Meta): { parent: LibraryParentRef } | undefined {
  const dir = dirname(path);
  const name = basename(path);
  for (let up = dir, i = 0; i < 4 && dirname(up) !== up; up = dirname(up), i++) {
    if (!isFile(up + ".jsonl")) continue;
    const info = readMeta(join(dir, name.replace(/\.jsonl$/, ".meta.json")));
    return { parent: { kind: "subagent", path: up + ".jsonl", sessionId: basename(up), ...(meta.agentId ? { agentId: meta.agentId } : {}), ...info } };
  }
  if (meta.codexParent) {
    const c = meta.codexParent;
    if (c.thread) return { parent: { kind: "subagent", sessionId: c.thread, ...(c.callId ? { callId: c.callId } : {}) } };
    if (c.forkedFrom) return { parent: { kind: "fork", sessionId: c.forkedFrom } };
  }
  if (meta.parentSession) return { parent: { kind: "fork", path: meta.parentSession } };
  return undefined;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Claude Code's `agent-<id>.meta.json`: the subagent's type and description (small; a bad one is ignored). */
function readMeta(path: string): { agentType?: string; description?: string } {
  try {
    if (statSync(path).size > 64 * 1024) return {};
    const j = JSON.parse(readFileSync(path, "utf8"));
    return { ...(typeof j.agentType === "string" ? { agentType: j.agentType } : {}), ...(typeof j.description === "string" ? { description: j.description } : {}) };
  } catch {
    return {};
  }
}

/** Claude Code's folder name for a project (`-home-me-src-app`) when no line names the cwd. */
function projectFromPath(path: string): string {
  return dirname(path).split(sep).slice(-1)[0] || dirname(path);
}

/** The first thing the user asked: a user message that is not the agent's own context (`<environment_context>`, a command's caveat). */
function firstPrompt(before: Msg[]): string | undefined {
  for (const m of before) {
    if (m.role !== "user") continue;
    const t = textOf(m.content).trim();
    if (t && !t.startsWith("<") && !t.startsWith("Caveat:")) return t;
  }
  return undefined;
}

function oneLine(s: string, max: number): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? t.slice(0, max - 1) + "…" : t;
}

/** Whether a session's last message is a final answer: an assistant message with no call and no error. */
function isFinished(last: Msg | undefined, a: Analysis): boolean {
  if (!last || last.role !== "assistant") return false;
  if (last.stopReason === "error" || last.stopReason === "aborted") return false;
  const calls = Array.isArray(last.content) ? last.content.filter((b: any) => isObject(b) && b.type === "toolCall") : [];
  return calls.length === 0 && !a.session.truncatedLastLine;
}

/** The search index's documents: prompts, answers, calls (name, arguments, id), outputs (with the call id), and the session's ids and title. */
function docsOf(before: Msg[], s: LibrarySession, options: SummarizeOptions): SearchDoc[] {
  const max = options.maxDocs ?? MAX_DOCS;
  const chars = options.docChars ?? DOC_CHARS;
  const docs: SearchDoc[] = [{ line: 0, kind: "title", text: [s.title, s.sessionId, s.project].filter(Boolean).join(" ") }];
  const cut = (t: string) => (t.length > chars ? t.slice(0, chars) : t);
  for (const m of before) {
    if (docs.length >= max) break;
    if (m.origin.kind !== "entry") continue;
    const line = m.origin.line;
    if (m.role === "assistant") {
      const text = Array.isArray(m.content)
        ? m.content
            .filter((b: any) => isObject(b) && b.type === "text")
            .map((b: any) => String(b.text ?? ""))
            .join("\n")
        : "";
      if (text.trim()) docs.push({ line, kind: "answer", text: cut(text) });
      for (const b of Array.isArray(m.content) ? m.content : []) {
        if (!isObject(b) || b.type !== "toolCall") continue;
        const args = typeof b.arguments === "string" ? b.arguments : JSON.stringify(b.arguments ?? {});
        docs.push({ line, kind: "call", text: cut(`${b.name ?? "tool"} ${b.id ?? ""} ${args}`) });
      }
    } else if (m.toolCallId !== undefined || m.role === "toolResult") {
      docs.push({ line, kind: "output", text: cut(`${m.toolCallId ?? ""} ${textOf(m.content) || messageText(m)}`) });
    } else {
      const text = messageText(m);
      if (text.trim()) docs.push({ line, kind: m.role === "user" ? "prompt" : "answer", text: cut(text) });
    }
  }
  return docs.slice(0, max);
}
