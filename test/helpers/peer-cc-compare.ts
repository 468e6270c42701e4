/**
 * The comparison of the Claude Code resume goldens (test/unit/claude-code-resume-golden.test.ts),
 * shared with scripts/peer-compare-unseen.ts: a peer-cc recording (what Claude Code sent when it
 * resumed a file) against the product's After of the same file, message for message and block
 * for block. See the golden test's header for what is compared.
 */
import { createHash } from "node:crypto";
import { type Msg, sourceLinesOf } from "../../server/src/engine/model/types.js";

export const sha12 = (s: string) => createHash("sha1").update(s).digest("hex").slice(0, 12);

/** One block as the recorder summarises it. */
export interface Blk {
  type: string;
  id?: string;
  isError?: boolean;
  /** 1-based file line it matches, or null. */
  line: number | null;
  sha: string;
  /** Compared by position only (an attachment's text, a result an attachment was folded into). */
  approx?: boolean;
}

export interface ApiMsg {
  role: string;
  blocks: Blk[];
  /** The product's `sourceLines` of the messages it is made of (1-based). */
  sourceLines?: Set<number>;
}

/** The recorder's text of a block (shared/tools/peer-cc/run.mjs `blockText`). */
function blockText(b: any): string {
  if (b === null || b === undefined) return "";
  if (typeof b === "string") return b;
  if (b.type === "text") return b.text || "";
  if (b.type === "thinking") return b.thinking || "";
  if (b.type === "redacted_thinking") return b.data || "";
  if (b.type === "tool_use") return JSON.stringify(b.input ?? {});
  if (b.type === "tool_result") {
    const c = b.content;
    if (typeof c === "string") return c;
    if (Array.isArray(c)) return c.map((x: any) => (x.type === "text" ? x.text : `[${x.type}]`)).join("\n");
    return "";
  }
  return JSON.stringify(b);
}

/** Where the file holds each call, result and text (run.mjs `indexFile`), 1-based lines. */
function fileIndex(text: string) {
  const toolUse = new Map<string, number[]>();
  const toolResult = new Map<string, number[]>();
  const textSha = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, k: string, line: number) => {
    const a = m.get(k) ?? [];
    if (a[a.length - 1] !== line) a.push(line);
    m.set(k, a);
  };
  text.split("\n").forEach((l, i) => {
    if (!l.trim()) return;
    let o: any;
    try {
      o = JSON.parse(l);
    } catch {
      return;
    }
    const line = i + 1;
    const msg = o?.message;
    if (!msg || (o.type !== "user" && o.type !== "assistant")) return;
    const c = msg.content;
    if (typeof c === "string") return push(textSha, sha12(c), line);
    if (!Array.isArray(c)) return;
    for (const b of c) {
      if (!b || typeof b !== "object") continue;
      if (b.type === "tool_use") push(toolUse, b.id, line);
      else if (b.type === "tool_result") push(toolResult, b.tool_use_id, line);
      else if (b.type === "text") push(textSha, sha12(b.text || ""), line);
      else if (b.type === "thinking") push(textSha, sha12(b.thinking || ""), line);
    }
  });
  return { toolUse, toolResult, textSha };
}

/** The recorder's matcher: the first candidate line at or after the previous match. */
export function matchLines(msgs: ApiMsg[], text: string): void {
  const idx = fileIndex(text);
  let cursor = 0;
  for (const m of msgs)
    for (const b of m.blocks) {
      const cands = b.type === "tool_use" ? idx.toolUse.get(b.id!) : b.type === "tool_result" ? idx.toolResult.get(b.id!) : b.type === "text" || b.type === "thinking" ? idx.textSha.get(b.sha) : undefined;
      if (!cands) {
        b.line = null;
        continue;
      }
      const c = cands.find((l) => l >= cursor);
      if (c !== undefined) b.line = cursor = c;
      else b.line = cands[cands.length - 1];
    }
}

const madeUp = (b: any) => b && typeof b === "object" && typeof b.synthetic === "string";
const isAttachmentText = (b: any) => madeUp(b) && b.synthetic.includes("attachment");

/**
 * A call or result id as the request carries it: a block without one (corpus
 * `agent-sessions-claude-large`, whose publisher trimmed the ids away) sends none, and the
 * recording shows none, so a missing id stays missing rather than becoming the text "undefined".
 */
const idOf = (v: unknown): string | undefined => (v === undefined ? undefined : String(v));

function productBlock(b: any): Blk {
  if (typeof b === "string") return { type: "text", line: null, sha: sha12(b) };
  if (!b || typeof b !== "object") return { type: String(b), line: null, sha: "" };
  if (b.type === "toolCall") return { type: "tool_use", id: idOf(b.id), line: null, sha: "" };
  return { type: String(b.type), line: null, sha: sha12(blockText(b)), ...(isAttachmentText(b) ? { approx: true } : {}) };
}

/** The product's After as the API's messages: each assistant message alone, each run of results and user messages as one. */
export function productMessages(after: Msg[]): ApiMsg[] {
  const out: ApiMsg[] = [];
  for (const m of after) {
    const lines = sourceLinesOf(m).map((l) => l + 1);
    if (m.role === "assistant") {
      out.push({ role: "assistant", blocks: (Array.isArray(m.content) ? m.content : []).map(productBlock), sourceLines: new Set(lines) });
      continue;
    }
    let last = out[out.length - 1];
    if (!last || last.role !== "user") out.push((last = { role: "user", blocks: [], sourceLines: new Set() }));
    for (const l of lines) last.sourceLines!.add(l);
    if (m.role === "toolResult") {
      const parts = Array.isArray(m.content) ? m.content : [];
      // A result an attachment was folded into: its parts joined as Claude Code joins them.
      const folded = parts.some(madeUp) && m.origin.kind === "entry";
      const content = folded ? parts.map((p: any) => p.text).join("\n\n") : m.content;
      last.blocks.push({ type: "tool_result", id: idOf(m.toolCallId), isError: m.isError === true, line: null, sha: sha12(blockText({ type: "tool_result", content })), ...(folded ? { approx: true } : {}) });
    } else if (typeof m.content === "string") last.blocks.push({ type: "text", line: null, sha: sha12(m.content) });
    else for (const b of Array.isArray(m.content) ? m.content : []) last.blocks.push(productBlock(b));
  }
  return out;
}

const CONTEXT_HEAD = "<system-reminder>\nAs you answer the user's questions";
const NEW_TURN_HEADS = ["<system-reminder>\nThe following skills are available", "<system-reminder>\nThe TodoWrite tool hasn't been used"];
const PROMPT_SHA = sha12("continue");

/** The recorded request's history: without the user context and the new prompt (and its reminders). */
export function recordedMessages(main: any): ApiMsg[] {
  const head = new Map<string, string>();
  for (const b of main.blocksNotFromFile ?? []) head.set(`${b.message}:${b.block}`, b.head);
  const msgs: ApiMsg[] = main.messages.map((m: any, i: number) => ({
    role: m.role,
    blocks: m.blocks
      .map((b: any, j: number) => ({ b, j }))
      .filter(({ j }: { j: number }) => !(i === 0 && (head.get(`0:${j}`) ?? "").startsWith(CONTEXT_HEAD)))
      .map(({ b }: { b: any }) => ({ type: b.type, id: b.id ?? b.tool_use_id, isError: b.is_error === true, line: b.line ?? null, sha: b.textSha1, head: head.get(`${i}:${m.blocks.indexOf(b)}`) })),
    fileLines: m.fileLines,
  }));
  const last = msgs[msgs.length - 1];
  if (last && last.role === "user")
    while (last.blocks.length) {
      const b: any = last.blocks[last.blocks.length - 1];
      if (b.type === "text" && (b.sha === PROMPT_SHA || NEW_TURN_HEADS.some((h) => (b.head ?? "").startsWith(h)))) last.blocks.pop();
      else break;
    }
  return msgs.filter((m) => m.blocks.length > 0);
}

/** Differences between the recorded history and the product's, one line each (empty: equal). */
export function compare(recorded: ApiMsg[], product: ApiMsg[], firstFileLine: number | null): string[] {
  const diffs: string[] = [];
  if (recorded.length !== product.length) diffs.push(`messages: recorded ${recorded.length}, product ${product.length}`);
  const n = Math.min(recorded.length, product.length);
  for (let i = 0; i < n; i++) {
    const r = recorded[i];
    const p = product[i];
    const at = `message ${i}`;
    if (r.role !== p.role) {
      diffs.push(`${at}: role ${r.role} vs ${p.role}`);
      continue;
    }
    if (r.blocks.length !== p.blocks.length) diffs.push(`${at}: ${r.blocks.length} blocks recorded [${r.blocks.map((b) => b.type).join(",")}], ${p.blocks.length} in the product [${p.blocks.map((b) => b.type).join(",")}]`);
    for (let j = 0; j < Math.min(r.blocks.length, p.blocks.length); j++) {
      const x = r.blocks[j];
      const y = p.blocks[j];
      const where = `${at} block ${j}`;
      if (x.type !== y.type) diffs.push(`${where}: type ${x.type} vs ${y.type}`);
      else if ((x.type === "tool_use" || x.type === "tool_result") && x.id !== y.id) diffs.push(`${where}: id ${x.id} vs ${y.id}`);
      else if (x.type === "tool_result" && x.isError !== y.isError) diffs.push(`${where}: is_error ${x.isError} vs ${y.isError}`);
      else if (x.line !== y.line) diffs.push(`${where} (${x.type}${x.id ? " " + x.id : ""}): line ${x.line} vs ${y.line}`);
      else if (!y.approx && (x.type === "text" || x.type === "thinking" || x.type === "tool_result") && x.sha !== y.sha) diffs.push(`${where} (${x.type}): text differs`);
    }
    const recordedLines = (r as any).fileLines as number[];
    for (const l of recordedLines) if (!p.sourceLines!.has(l)) diffs.push(`${at}: recorded line ${l} is not among the product's source lines [${[...p.sourceLines!].join(",")}]`);
  }
  const lines = product.flatMap((m) => m.blocks.map((b) => b.line)).filter((l): l is number => l !== null);
  const first = lines.length ? Math.min(...lines) : null;
  if (recorded.length > 0 && first !== firstFileLine) diffs.push(`first file line: recorded ${firstFileLine}, product ${first}`);
  return diffs;
}

/**
 * The differences between one recording and the product's After of the session text (empty:
 * equal) with the counts of API messages compared (the recorded history, the product's After
 * grouped as the API's messages), or why they were not compared: `refused` (the CLI stopped with an error), `no-request`
 * (the CLI sent nothing: a subagent's file, or it hung), `not-recorded`.
 */
export function compareRecording(rec: any, text: string, after: Msg[]): { kind: "compared" | "refused" | "no-request" | "not-recorded"; diffs: string[]; recorded?: number; product?: number } {
  if (rec.notRecorded) return { kind: "not-recorded", diffs: [] };
  if (!rec.main) {
    const refused = /^Failed to resume session/.test(rec.run?.stderrHead ?? "") || rec.run?.stdout?.is_error === true;
    return { kind: refused ? "refused" : "no-request", diffs: [] };
  }
  const warmup = rec.main.firstUserTextHead === "Warmup" && rec.main.messages.length === 1;
  const recorded = warmup ? [] : recordedMessages(rec.main);
  const product = productMessages(after);
  matchLines(product, text);
  return { kind: "compared", diffs: compare(recorded, product, rec.main.firstFileLine), recorded: recorded.length, product: product.length };
}
