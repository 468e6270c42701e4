/**
 * The comparison of the Codex resume goldens (test/unit/codex-resume-golden.test.ts), shared with
 * scripts/peer-compare-unseen.ts: a peer-codex recording (what Codex sent when it resumed a
 * rollout) against the product's history of the same rollout, item for item. See the golden
 * test's header for what is compared.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { SentItem } from "../../server/src/engine/formats/codex/codex-sent-item.js";

// ---- the recorder's own item identity (shared/tools/peer-codex/run.mjs: itemText, itemKey)
export const sha = (s: string) => createHash("sha1").update(s).digest("hex").slice(0, 12);
export function contentText(c: any): string {
  if (c == null) return "";
  if (typeof c === "string") return c;
  if (Array.isArray(c)) return c.map((x) => (typeof x === "string" ? x : x.text ?? x.image_url ?? x.file_data ?? "")).join("");
  if (typeof c === "object") return "content" in c ? contentText(c.content) : JSON.stringify(c);
  return String(c);
}
export function itemText(it: any): string {
  switch (it.type) {
    case "message":
      return contentText(it.content);
    case "function_call":
      return it.arguments ?? "";
    case "custom_tool_call":
      return it.input ?? "";
    case "local_shell_call":
      return JSON.stringify(it.action ?? {});
    case "function_call_output":
    case "custom_tool_call_output":
    case "tool_search_output":
      return contentText(it.output);
    case "reasoning":
      return (it.summary || []).map((s: any) => s.text ?? "").join("\n");
    case "compaction":
    case "compaction_summary":
      return it.encrypted_content ?? "";
    case "web_search_call":
      return JSON.stringify(it.action ?? {});
    default:
      return JSON.stringify(it);
  }
}
export const itemKey = (it: any) => [it.type, it.role || "", it.call_id || "", sha(itemText(it)), typeof it.encrypted_content === "string" ? sha(it.encrypted_content) : ""].join("|");

export interface Recording {
  rollout: string;
  exit?: { code: number | null };
  notRecorded?: boolean;
  stderrTail?: string;
  main?: { input: any[] };
  compare?: { origin: string; insertedOrChangedOutputs: any[] };
}

/**
 * The history in a recorded request: the input without Codex's base instructions (first) and this
 * run's context updates and prompt (last): two updates (skills and permissions, environment) and
 * the prompt; for a rollout whose model the CLI's catalogue knows (gpt-5.5), a third update, the
 * deferred tool namespaces, before the prompt.
 */
export function recordedHistory(r: Recording): { items: any[]; origin: string[]; changed: Map<number, any> } {
  const input = r.main!.input;
  const origin = r.compare!.origin.split(" ");
  assert.equal(input[0].role, "developer", "the base instructions come first");
  const before = input[input.length - 2];
  const toolsUpdate = before?.role === "developer" && (before.tag === "tools" || /^tools\./.test(before.kinds ?? ""));
  const start = input.length - (toolsUpdate ? 4 : 3);
  const tail = input.slice(start);
  assert.deepEqual(tail.map((t: any) => t.role), toolsUpdate ? ["developer", "user", "developer", "user"] : ["developer", "user", "user"], "the run's context updates and prompt come last");
  assert.equal(tail[1].tag, "environment_context");
  const changed = new Map<number, any>();
  for (const c of r.compare!.insertedOrChangedOutputs) changed.set(c.index - 1, c);
  return { items: input.slice(1, start), origin: origin.slice(1, start), changed };
}

export interface Tally {
  recordings: number;
  equal: number;
  items: number;
  itemsEqual: number;
  ids: number;
  idsEqual: number;
  madeUp: number;
  textChangedByCodex: number;
}

/** The problems of one product item against its recorded one (empty: they agree). */
export function compareItem(g: any, origin: string, changed: any, p: SentItem, fileItemAt: (line: number) => any, tally: Pick<Tally, "textChangedByCodex">): string[] {
  const out: string[] = [];
  const it = p.payload;
  if (g.type !== it.type) out.push(`type ${it.type}, recorded ${g.type}`);
  if ((g.role ?? "") !== (it.type === "message" ? it.role : "")) out.push(`role ${it.role}, recorded ${g.role}`);
  if ((g.call_id ?? "") !== (it.call_id ?? "")) out.push(`call_id ${it.call_id}, recorded ${g.call_id}`);
  // The recorder lists outputs that are not the file's: made up ("aborted", also where the file
  // holds an output Codex cannot decode) or changed on the way (a long output cut, R4.2).
  const madeUp = changed !== undefined && changed.text === "aborted" && (changed.changedFromFileLine === undefined || changed.requestTextLength === "aborted".length);
  if (madeUp !== (p.source === "aborted")) out.push(madeUp ? "Codex made this output up; the product did not" : `the product made up a ${it.type} Codex did not send`);
  const textAgrees = sha(itemText(it)) === g.textSha1;
  if (origin === "new") {
    // Made up or rebuilt by Codex (a summary, a compaction's copy, a made-up output), or a file
    // item whose text Codex changes on the way (a long output cut, R4.2; an item re-serialised with its null fields, R4.1).
    const fileItem = p.source === "file" ? fileItemAt(p.line + 1) : undefined;
    if (fileItem && textAgrees) out.push(`recorded as made up, but the product sends line ${p.line + 1} as stored`);
    if (!fileItem && !textAgrees) out.push(`text ${sha(itemText(it))}, recorded ${g.textSha1}`);
    if (fileItem && !textAgrees) tally.textChangedByCodex++;
  } else if (origin === "R") {
    if (p.source !== "replacement-history") out.push(`recorded from the replacement history; the product's is ${p.source} (line ${p.line + 1})`);
    if (!textAgrees) out.push(`text ${sha(itemText(it))}, recorded ${g.textSha1}`);
  } else {
    // F<n>: the recorder found an identical item on file line n (the first after the previous
    // match, or with `*` an earlier one): the product's item must be that content, and a file
    // item must be that line (or a line holding the same item).
    const n = Number(origin.replace(/^F|\*$/g, ""));
    const key = itemKey(it);
    if (itemKey(fileItemAt(n) ?? {}) !== key) out.push(`recorded as line ${n}; the product's item (${p.source}, line ${p.line + 1}) is not that item`);
    else if (p.source === "file" && p.line + 1 !== n && itemKey(fileItemAt(p.line + 1) ?? {}) !== key) out.push(`from line ${p.line + 1}, recorded from line ${n}`);
  }
  return out;
}

/** A new tally, all counts 0. */
export const newTally = (): Tally => ({ recordings: 0, equal: 0, items: 0, itemsEqual: 0, ids: 0, idsEqual: 0, madeUp: 0, textChangedByCodex: 0 });

/** The problems of the product's history items (codexHistory) against a recording that holds a request (empty: they agree); counts go to the tally. */
export function compareHistory(r: Recording, text: string, items: SentItem[], tally: Tally): string[] {
  const rec = recordedHistory(r);
  const lines = text.split("\n");
  const fileItemAt = (n: number): any => {
    try {
      const v = JSON.parse(lines[n - 1] ?? "");
      return v && v.type === "response_item" ? v.payload : undefined;
    } catch {
      return undefined;
    }
  };
  const problems: string[] = [];
  if (items.length !== rec.items.length) problems.push(`${items.length} items, recorded ${rec.items.length}`);
  const n = Math.min(items.length, rec.items.length);
  for (let i = 0; i < n; i++) {
    const p = items[i];
    const own = compareItem(rec.items[i], rec.origin[i], rec.changed.get(i), p, fileItemAt, tally);
    tally.items++;
    if (own.length === 0) tally.itemsEqual++;
    else problems.push(`item ${i + 1}: ${own.join("; ")}`);
    if (rec.items[i].call_id !== undefined || p.payload.call_id !== undefined) {
      tally.ids++;
      if (rec.items[i].call_id === p.payload.call_id) tally.idsEqual++;
    }
    if (p.source === "aborted") tally.madeUp++;
  }
  tally.items += Math.abs(items.length - rec.items.length);
  return problems;
}
