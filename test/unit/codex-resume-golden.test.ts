/**
 * Issue 28: the After column of a Codex rollout is what the real Codex CLI (0.171.0) sends when it
 * resumes it. Every recording in test/fixtures/peer-codex (the CLI resuming each file against a
 * fake Responses API: scripts/record-peers-codex.mjs, never run here) is compared with the
 * product's reading of the same file, item for item: type, role, call id, whether Codex made the
 * item up, the file line it comes from (by content, as the recorder locates it), its text, and
 * the count. The request around the history (Codex's base instructions first, this run's context
 * updates and prompt last: docs/research/codex-resume.md section 1) is not part of the file.
 *
 * Constructed fixtures (test/fixtures/codex) are always there; corpus files (../shared/corpus/codex)
 * may not be: a recording whose file is missing is skipped, never failed.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { codexHistory } from "../../server/src/engine/formats/codex/codex-history.js";
import type { SentItem } from "../../server/src/engine/formats/codex/codex-sent-item.js";
import { ABORTED_NOTE } from "../../server/src/engine/formats/codex/codex-sent-item.js";
import { type Msg, sourceLinesOf } from "../../server/src/engine/model/types.js";
import { CORPUS } from "../helpers/corpus.js";

const ROOT = join(__dirname, "..", "..");
const PEERS = join(ROOT, "test", "fixtures", "peer-codex");
const FIXTURES = join(ROOT, "test", "fixtures", "codex");

// ---- the recorder's own item identity (shared/tools/peer-codex/run.mjs: itemText, itemKey)
const sha = (s: string) => createHash("sha1").update(s).digest("hex").slice(0, 12);
function contentText(c: any): string {
  if (c == null) return "";
  if (typeof c === "string") return c;
  if (Array.isArray(c)) return c.map((x) => (typeof x === "string" ? x : x.text ?? x.image_url ?? x.file_data ?? "")).join("");
  if (typeof c === "object") return "content" in c ? contentText(c.content) : JSON.stringify(c);
  return String(c);
}
function itemText(it: any): string {
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
const itemKey = (it: any) => [it.type, it.role || "", it.call_id || "", sha(itemText(it)), typeof it.encrypted_content === "string" ? sha(it.encrypted_content) : ""].join("|");

interface Recording {
  rollout: string;
  exit?: { code: number | null };
  notRecorded?: boolean;
  stderrTail?: string;
  main?: { input: any[] };
  compare?: { origin: string; insertedOrChangedOutputs: any[] };
}

/** The history in a recorded request: the input without Codex's base instructions (first) and this run's two context updates and prompt (last). */
function recordedHistory(r: Recording): { items: any[]; origin: string[]; changed: Map<number, any> } {
  const input = r.main!.input;
  const origin = r.compare!.origin.split(" ");
  assert.equal(input[0].role, "developer", "the base instructions come first");
  const tail = input.slice(-3);
  assert.deepEqual(tail.map((t: any) => t.role), ["developer", "user", "user"], "the run's context updates and prompt come last");
  assert.equal(tail[1].tag, "environment_context");
  const changed = new Map<number, any>();
  for (const c of r.compare!.insertedOrChangedOutputs) changed.set(c.index - 1, c);
  return { items: input.slice(1, -3), origin: origin.slice(1, -3), changed };
}

/** The rollout of a recording: a constructed fixture, else a corpus file (undefined when the corpus does not hold it). */
function rolloutPath(r: Recording): string | undefined {
  for (const dir of [FIXTURES, join(CORPUS, "codex")]) {
    const p = join(dir, r.rollout);
    if (existsSync(p)) return p;
  }
  return undefined;
}

interface Tally {
  recordings: number;
  equal: number;
  items: number;
  itemsEqual: number;
  ids: number;
  idsEqual: number;
  madeUp: number;
  textChangedByCodex: number;
}
const tally: Tally = { recordings: 0, equal: 0, items: 0, itemsEqual: 0, ids: 0, idsEqual: 0, madeUp: 0, textChangedByCodex: 0 };

/** The problems of one product item against its recorded one (empty: they agree). */
function compareItem(g: any, origin: string, changed: any, p: SentItem, fileItemAt: (line: number) => any): string[] {
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

/** After, block by block, is the history's items in order, lines, ids and made-up marks included. */
function assertAfterIsHistory(after: Msg[], items: SentItem[], name: string): void {
  const flat: { m: Msg; block?: any }[] = [];
  for (const m of after) {
    if (m.role === "assistant") for (const b of m.content as any[]) flat.push({ m, block: b });
    else flat.push({ m });
  }
  assert.equal(flat.length, items.length, `${name}: After holds one block (assistant) or message per item`);
  flat.forEach(({ m, block }, i) => {
    const it = items[i];
    const where = `${name}: item ${i + 1} (${it.payload.type}, line ${it.line + 1})`;
    if (block) {
      assert.equal(block.line, it.line, where);
      if (block.type === "toolCall") assert.equal(block.id, it.payload.call_id, where);
      assert.ok(sourceLinesOf(m).includes(it.line), `${where}: the message names its line`);
    } else if (it.source === "aborted") {
      assert.equal(m.role, "toolResult", where);
      assert.equal(m.toolCallId, it.payload.call_id, where);
      assert.equal(m.origin.kind, "synthetic", where);
      assert.deepEqual(sourceLinesOf(m), [], `${where}: a made-up output has no file line`);
      assert.equal(m.content[0].synthetic, ABORTED_NOTE, where);
      assert.equal(m.content[0].text, "aborted", where);
    } else {
      assert.deepEqual(sourceLinesOf(m), [it.line], where);
      if (m.role === "toolResult") assert.equal(m.toolCallId, it.payload.call_id, where);
      else assert.equal(m.role, it.payload.role, where);
    }
  });
}

const recordings = readdirSync(PEERS)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => ({ stem: f.replace(/\.json$/, ""), r: JSON.parse(readFileSync(join(PEERS, f), "utf8")) as Recording }));

describe("Codex resume: the product's After against the real CLI's requests (peer-codex recordings)", () => {
  for (const { stem, r } of recordings)
    it(stem, (t) => {
      if (r.notRecorded) return t.skip("not a rollout the CLI could be given (recorded as such)");
      const path = rolloutPath(r);
      if (!path) return t.skip(`${r.rollout} is not in this checkout's corpus`);
      const text = readFileSync(path, "utf8");
      const a = analyze(text);
      assert.equal(a.session.format, "codex");
      const h = codexHistory(a.session);
      tally.recordings++;
      if (!r.main) {
        // The CLI refused the file: one information finding says so, and nothing is sent.
        assert.equal(r.exit?.code, 1, "the CLI stopped with an error");
        assert.ok(h.refusal, `${stem}: the product resumes a file Codex refuses (${r.stderrTail?.slice(-200)})`);
        const refused = a.findings.filter((f) => f.code === "resume-refused");
        assert.equal(refused.length, 1);
        assert.equal(refused[0].severity, "information");
        assert.deepEqual(a.after, []);
        tally.equal++;
        return;
      }
      assert.equal(h.refusal, undefined, `${stem}: refused by the product (${h.refusal?.reason}) but resumed by Codex`);
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
      if (h.items.length !== rec.items.length) problems.push(`${h.items.length} items, recorded ${rec.items.length}`);
      const n = Math.min(h.items.length, rec.items.length);
      for (let i = 0; i < n; i++) {
        const p = h.items[i];
        const own = compareItem(rec.items[i], rec.origin[i], rec.changed.get(i), p, fileItemAt);
        tally.items++;
        if (own.length === 0) tally.itemsEqual++;
        else problems.push(`item ${i + 1}: ${own.join("; ")}`);
        if (rec.items[i].call_id !== undefined || p.payload.call_id !== undefined) {
          tally.ids++;
          if (rec.items[i].call_id === p.payload.call_id) tally.idsEqual++;
        }
        if (p.source === "aborted") tally.madeUp++;
      }
      tally.items += Math.abs(h.items.length - rec.items.length);
      assert.deepEqual(problems, [], `${stem}: the product's history differs from what Codex sent`);
      assertAfterIsHistory(a.after, h.items, stem);
      tally.equal++;
    });

  it("agreement figures", (t) => {
    t.diagnostic(
      `codex resume golden: ${tally.equal} of ${tally.recordings} recordings equal; ${tally.itemsEqual} of ${tally.items} history items equal; ` +
        `${tally.idsEqual} of ${tally.ids} call ids equal; ${tally.madeUp} made-up outputs; ${tally.textChangedByCodex} items whose text Codex changes on the way (long outputs cut, re-serialised items)`,
    );
    assert.equal(tally.equal, tally.recordings);
    assert.ok(tally.recordings >= readdirSync(FIXTURES).filter((f) => f.endsWith(".jsonl")).length, "every constructed fixture has its recording compared");
  });
});
