/**
 * `fix --dry-run` for people (issue 23 item 9): what each edited line changes, field by field
 * (`message.content[1].id: "bash_23" -> "bash_23#2"`), not the whole 2 KB lines; a removed or
 * added line is one line saying so with the start of its text. Arrays are compared element by
 * element with the `diff` library's `diffArrays` (an element removed from the middle is one
 * removal, not every later element changed). `--unified` keeps the unified diff of whole lines
 * (fix-bytes.ts `unifiedDiff`).
 */
import { diffArrays } from "diff";
import type { LineOp } from "./fix-bytes.js";
import { paint, shorten, type TextStyle } from "./terminal-style.js";
import { terminalText as T } from "./terminal-text.js";

export interface FieldChange {
  /** JSON path from the line's value: `message.content[1].id`, `["odd key"]`. */
  path: string;
  kind: "changed" | "removed" | "added";
  old?: unknown;
  new?: unknown;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (path: string, k: string) => (IDENT.test(k) ? (path ? `${path}.${k}` : k) : `${path}[${JSON.stringify(k)}]`);
const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The fields that differ between two JSON values, in the old value's key order, then the new keys. */
export function jsonFieldChanges(a: unknown, b: unknown, path = "", out: FieldChange[] = []): FieldChange[] {
  if (isPlain(a) && isPlain(b)) {
    for (const k of Object.keys(a)) {
      if (!(k in b)) out.push({ path: key(path, k), kind: "removed", old: a[k] });
      else jsonFieldChanges(a[k], b[k], key(path, k), out);
    }
    for (const k of Object.keys(b)) if (!(k in a)) out.push({ path: key(path, k), kind: "added", new: b[k] });
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const sa = a.map((x) => JSON.stringify(x));
    const sb = b.map((x) => JSON.stringify(x));
    let i = 0;
    let j = 0;
    const parts = diffArrays(sa, sb);
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p];
      const next = parts[p + 1];
      if (!part.added && !part.removed) {
        i += part.count;
        j += part.count;
      } else if (part.removed && next?.added && next.count === part.count) {
        // replaced in place: the fields of each element
        for (let k = 0; k < part.count; k++) jsonFieldChanges(a[i + k], b[j + k], `${path}[${i + k}]`, out);
        i += part.count;
        j += part.count;
        p++;
      } else if (part.removed) {
        for (let k = 0; k < part.count; k++) out.push({ path: `${path}[${i + k}]`, kind: "removed", old: a[i + k] });
        i += part.count;
      } else {
        for (let k = 0; k < part.count; k++) out.push({ path: `${path}[${j + k}]`, kind: "added", new: b[j + k] });
        j += part.count;
      }
    }
    return out;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path: path || "(the line)", kind: "changed", old: a, new: b });
  return out;
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A JSON value on one line, escaped and cut to `max` columns. */
const shown = (v: unknown, max: number) => shorten(T(JSON.stringify(v) ?? "undefined"), max);

/**
 * The dry run's report of `ops` (fix-bytes.ts `lineOps`): per edited line its changed fields,
 * per removed or added line one line. Nothing when nothing changes.
 */
export function fieldDiff(path: string, ops: readonly LineOp[], style: TextStyle): string {
  const width = style.width ?? 160;
  const lines: string[] = [];
  const value = Math.max(20, Math.floor((width - 12) / 2));
  const changeLine = (c: FieldChange) => {
    const p = paint(style, "cyan", T(c.path));
    if (c.kind === "changed") return `    ${p}: ${paint(style, "red", shown(c.old, value))} -> ${paint(style, "green", shown(c.new, value))}`;
    if (c.kind === "removed") return `    ${p}: ${paint(style, "red", `removed ${shown(c.old, value)}`)}`;
    return `    ${p}: ${paint(style, "green", `added ${shown(c.new, value)}`)}`;
  };
  const movedTo = new Map<number, number>();
  for (const o of ops) if (o.movedFrom !== undefined) movedTo.set(o.movedFrom, o.newLine!);
  for (let k = 0; k < ops.length; k++) {
    const o = ops[k];
    if (o.kind === " ") continue;
    const next = ops[k + 1];
    if (o.kind === "-" && next?.kind === "+" && next.inPlace) {
      k++;
      const a = parse(o.text);
      const b = parse(next.text);
      const changes = a.ok && b.ok ? jsonFieldChanges(a.value, b.value) : [];
      lines.push(paint(style, "yellow", `line ${o.oldLine! + 1}: changed`));
      if (!a.ok || !b.ok) lines.push(`    ${shown(o.text, value)} -> ${shown(next.text, value)}`);
      for (const c of changes) lines.push(changeLine(c));
    } else if (o.kind === "-" && movedTo.has(o.oldLine!)) lines.push(paint(style, "yellow", `line ${o.oldLine! + 1}: moved to new line ${movedTo.get(o.oldLine!)! + 1}`));
    else if (o.kind === "-") lines.push(paint(style, "red", `line ${o.oldLine! + 1}: removed ${shorten(T(o.text), Math.max(20, width - 24))}`));
    else if (o.movedFrom !== undefined) {
      lines.push(paint(style, "yellow", `new line ${o.newLine! + 1}: line ${o.movedFrom + 1} moved here`));
      const a = parse(ops.find((x) => x.kind === "-" && x.oldLine === o.movedFrom)?.text ?? "");
      const b = parse(o.text);
      if (a.ok && b.ok) for (const c of jsonFieldChanges(a.value, b.value)) lines.push(changeLine(c));
    } else lines.push(paint(style, "green", `new line ${o.newLine! + 1}: added ${shorten(T(o.text), Math.max(20, width - 28))}`));
  }
  if (lines.length === 0) return "";
  return `${paint(style, "bold", `${T(path)} (dry run: what fix would change)`)}\n${lines.join("\n")}\n`;
}
