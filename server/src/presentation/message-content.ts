/**
 * A message's content as the inspector draws it (issue 23): typed blocks instead of one flat
 * text. Text says how to read it (Markdown for what people and models write, plain for tool
 * output, a diff when a result is one); a tool call carries its arguments as indented JSON (a
 * JSON string, as Codex records arguments, parsed first) and, for an edit or a patch, the old and
 * new text or the patch to draw as a diff. Bounded: at most `budget` characters of text in all,
 * every cut said (`totalChars`, `cut`). Images carry their type and size, not their bytes.
 *
 * Recognising an edit is reading the formats' tool shapes (Claude Code's Edit and MultiEdit,
 * pi's edit, Codex's apply_patch); the webview only draws what this says.
 */
import { messageText } from "../engine/index.js";
import type { Msg } from "../engine/index.js";
import type { ViewBlock, ViewContent } from "../protocol/view.js";

/** The first `max` characters of `s`, never splitting a surrogate pair. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  let n = Math.max(0, max);
  if (n > 0 && /[\ud800-\udbff]/.test(s[n - 1])) n--;
  return s.slice(0, n);
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** Arguments as recorded: an object, or a string holding JSON (Codex), parsed. */
function argsValue(a: unknown): unknown {
  if (typeof a !== "string") return a;
  const t = a.trim();
  if (!(t.startsWith("{") || t.startsWith("["))) return a;
  try {
    return JSON.parse(t);
  } catch {
    return a;
  }
}

function pretty(x: unknown): string {
  if (x === undefined) return "{}";
  if (typeof x === "string") return x;
  try {
    return JSON.stringify(x, null, 2) ?? String(x);
  } catch {
    return String(x);
  }
}

const str = (x: unknown): string | undefined => (typeof x === "string" ? x : undefined);
const firstStr = (o: Record<string, unknown>, names: string[]): string | undefined => {
  for (const n of names) if (typeof o[n] === "string") return o[n] as string;
  return undefined;
};
const OLD = ["old_string", "oldText", "old_str", "oldString", "old"];
const NEW = ["new_string", "newText", "new_str", "newString", "new"];
const PATH = ["file_path", "path", "filePath", "file"];

/** One old/new pair of an object, when it has one. */
function editOf(o: Record<string, unknown>, path: string | undefined): { path?: string; before: string; after: string } | undefined {
  const before = firstStr(o, OLD);
  const after = firstStr(o, NEW);
  if (before === undefined || after === undefined) return undefined;
  return path === undefined ? { before, after } : { path, before, after };
}

const APPLY_PATCH = /\*\*\* Begin Patch/;
const UNIFIED = /^(diff --git |--- \S[^\n]*\n\+\+\+ \S[^\n]*\n@@ |@@ -\d+(,\d+)? \+\d+(,\d+)? @@)/m;

/** A patch inside the arguments: Codex's apply_patch input (a string, or a command's last word), or a unified diff. */
function patchOf(args: unknown): { text: string; kind: "apply" | "unified"; rest: unknown } | undefined {
  if (typeof args === "string") {
    if (APPLY_PATCH.test(args)) return { text: args, kind: "apply", rest: undefined };
    return undefined;
  }
  if (isObj(args)) {
    for (const k of ["input", "patch", "diff"]) {
      const v = args[k];
      if (typeof v === "string" && (APPLY_PATCH.test(v) || (k !== "input" && UNIFIED.test(v)))) {
        const { [k]: _, ...rest } = args;
        return { text: v, kind: APPLY_PATCH.test(v) ? "apply" : "unified", rest: Object.keys(rest).length ? rest : undefined };
      }
    }
    const cmd = args.command ?? args.cmd;
    if (Array.isArray(cmd) && cmd.length >= 2 && typeof cmd[cmd.length - 1] === "string" && APPLY_PATCH.test(cmd[cmd.length - 1] as string)) {
      const rest = { ...args, command: [...cmd.slice(0, -1), "…the patch below"] };
      return { text: cmd[cmd.length - 1] as string, kind: "apply", rest };
    }
  }
  return undefined;
}

/** Collects blocks within a character budget. */
class Budget {
  cut = false;
  constructor(private left: number) {}
  /** `s` within what is left (and whether it was cut). */
  take(s: string): { text: string; totalChars?: number } {
    if (s.length <= this.left) {
      this.left -= s.length;
      return { text: s };
    }
    const text = cut(s, this.left);
    this.left = 0;
    this.cut = true;
    return { text, totalChars: s.length };
  }
  get empty(): boolean {
    return this.left <= 0;
  }
}

function toolCallBlock(b: Record<string, unknown>, budget: Budget): ViewBlock {
  const name = String(b.name ?? "tool");
  const id = String(b.id ?? "");
  const value = argsValue(b.arguments);
  const block: Extract<ViewBlock, { type: "toolCall" }> = { type: "toolCall", id, name, args: "" };
  let rest: unknown = value;
  const patch = patchOf(value);
  if (patch) {
    const t = budget.take(patch.text);
    block.patch = t.totalChars === undefined ? { kind: patch.kind, text: t.text } : { kind: patch.kind, text: t.text, cut: true };
    rest = patch.rest;
  } else if (isObj(value)) {
    const path = firstStr(value, PATH);
    const one = editOf(value, path);
    const many = Array.isArray(value.edits) ? value.edits.filter(isObj).map((e) => editOf(e, firstStr(e, PATH) ?? path)) : [];
    const edits = one ? [one] : many.length && many.every((e) => e !== undefined) ? (many as NonNullable<typeof one>[]) : [];
    if (edits.length) {
      block.edits = edits.map((e) => {
        const before = budget.take(e.before);
        const after = budget.take(e.after);
        const out: NonNullable<typeof block.edits>[number] = { before: before.text, after: after.text };
        if (e.path !== undefined) out.path = e.path;
        if (before.totalChars !== undefined || after.totalChars !== undefined) out.cut = true;
        return out;
      });
      const { edits: _e, ...others } = value;
      for (const k of [...OLD, ...NEW, ...(edits.every((e) => e.path !== undefined) ? PATH : [])]) delete (others as Record<string, unknown>)[k];
      rest = others;
    }
  }
  if (rest !== undefined && !(isObj(rest) && Object.keys(rest).length === 0 && (block.edits || block.patch))) {
    const t = budget.take(pretty(rest));
    block.args = t.text;
    if (t.totalChars !== undefined) block.totalChars = t.totalChars;
  }
  return block;
}

function textBlock(text: string, format: "markdown" | "plain" | "diff", budget: Budget): ViewBlock {
  const t = budget.take(text);
  const f = format === "plain" && UNIFIED.test(t.text) ? "diff" : format;
  return t.totalChars === undefined ? { type: "text", text: t.text, format: f } : { type: "text", text: t.text, format: f, totalChars: t.totalChars };
}

/** Base64 data's decoded size in bytes. */
export function base64Bytes(s: string): number {
  const pad = s.endsWith("==") ? 2 : s.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((s.length * 3) / 4) - pad);
}

/** The image of a content block: its type and base64 data, where it has them (pi, Claude Code). */
export function imageOf(b: unknown): { mimeType?: string; data?: string } | undefined {
  if (!isObj(b) || b.type !== "image") return undefined;
  const src = isObj(b.source) ? b.source : undefined;
  return { mimeType: str(b.mimeType) ?? str(src?.media_type), data: str(b.data) ?? str(src?.data) };
}

function block(b: unknown, plainText: boolean, budget: Budget, ref: number): ViewBlock | undefined {
  if (typeof b === "string") return textBlock(b, plainText ? "plain" : "markdown", budget);
  if (!isObj(b)) return undefined;
  switch (b.type) {
    case "text":
      return textBlock(String(b.text ?? ""), plainText ? "plain" : "markdown", budget);
    case "thinking": {
      const redacted = b.redacted === true || (typeof b.thinking !== "string" && typeof b.data === "string");
      const t = budget.take(String(b.thinking ?? ""));
      const out: ViewBlock = { type: "thinking", text: t.text };
      if (t.totalChars !== undefined) out.totalChars = t.totalChars;
      if (redacted) out.redacted = true;
      return out;
    }
    case "toolCall":
      return toolCallBlock(b, budget);
    case "image": {
      const out: ViewBlock = { type: "image", ref };
      const img = imageOf(b)!;
      if (img.mimeType !== undefined) out.mimeType = img.mimeType;
      if (img.data !== undefined) out.bytes = base64Bytes(img.data);
      return out;
    }
    default: {
      const t = budget.take(pretty(b));
      const out: ViewBlock = { type: "other", label: String(b.type ?? "block"), text: t.text };
      if (t.totalChars !== undefined) out.totalChars = t.totalChars;
      return out;
    }
  }
}

/** The content of `m` to draw, at most `budget` characters of text. */
export function messageContent(m: Msg, budget: number): ViewContent {
  const left = new Budget(budget);
  const blocks: ViewBlock[] = [];
  const plain = m.role === "toolResult";
  if (Array.isArray(m.content) && (m.role === "assistant" || m.role === "toolResult" || m.role === "user")) {
    for (const [ref, b] of m.content.entries()) {
      if (left.empty && blocks.length) {
        left.cut = true;
        break;
      }
      const v = block(b, plain, left, ref);
      if (v) blocks.push(v);
    }
  } else if (typeof m.content === "string" && (m.role === "assistant" || m.role === "toolResult" || m.role === "user")) {
    blocks.push(textBlock(m.content, plain ? "plain" : "markdown", left));
  } else {
    // pi's own roles (summaries, bash executions, custom messages) read as convertToLlm sends them
    blocks.push(textBlock(messageText(m), "markdown", left));
  }
  const out: ViewContent = { blocks };
  if (left.cut) out.cut = true;
  if (m.role === "toolResult" && m.isError === true) out.isError = true;
  return out;
}
