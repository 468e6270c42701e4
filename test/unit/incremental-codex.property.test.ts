/**
 * Codex's continuation (formats/codex/codex-continuation.ts for the context, codex-history.ts for
 * what Codex sends on resume; incremental/append.ts and edit.ts for the session): an analysis
 * continued from the version before equals a fresh analysis of the same text, on every file of
 * test/fixtures/codex (compactions with and without replacement history, rollbacks, aborted
 * turns, calls without outputs, orphan outputs, undecodable lines, refused files) and every Codex
 * file of the corpus up to 200 KB:
 *
 * - appends: the file written one line at a time (a long file in at most 200 steps);
 * - edits in place, each continued from the whole file and then undone (continued again): a
 *   message's, an output's or a call's arguments' text changed, the line's time moved, a call id
 *   changed, a role changed (user and assistant, or system), a `turn_context`'s model changed, the
 *   line made a `turn_context` (the model the next request goes to), a `turn_aborted` event, a
 *   rollback, a compaction, a line without its time (undecodable), half a line (no JSON).
 *
 * Compared: the session's tree, findings, both columns (After message for message), drops,
 * occurrences, usage, what After models, and every provider's verdict. The counts of continued
 * versions are asserted too (the session, the context, what Codex sends on resume).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { codexHistoryStage } from "../../server/src/engine/formats/codex/codex-history.js";
import { codexAfterStage } from "../../server/src/engine/formats/codex/codex-resume.js";
import { analysisShape, verdictShape } from "../helpers/analysis-shape.js";
import { allCorpusFiles, FIXTURES, fixtureText } from "../helpers/corpus.js";
import { editLine } from "../helpers/patch-doc.js";

const MAX_CORPUS_CHARS = 200_000;
const files: { name: string; text: string }[] = [
  ...readdirSync(join(FIXTURES, "codex"))
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => ({ name: `fixtures/codex/${f}`, text: fixtureText(`codex/${f}`) })),
  ...allCorpusFiles()
    .filter((f) => f.name.startsWith("codex/") && f.text.length <= MAX_CORPUS_CHARS)
    .map((f) => ({ name: `corpus/${f.name}`, text: f.text })),
];
const MAX_STEPS = 200;
/** Lines edited per file (spread over it), each with every edit kind. */
const MAX_EDITED_LINES = 12;

const join_ = (parsed: ParsedText) => [...parsed.lines.all()].map((l) => l.text + l.eol).join("");

function appendText(parsed: ParsedText, text: string): ParsedText {
  const n = parsed.lines.length;
  const last = parsed.lines.at(n - 1)!;
  const at = last && last.text === "" && last.eol === "" ? n - 1 : n;
  return patchLines(parsed, [{ range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, text }])!;
}

function sameAsFresh(v: ContinuedAnalysis, parsed: ParsedText, where: string): void {
  const fresh = analyze(join_(parsed));
  assert.deepEqual(analysisShape(v.analysis), analysisShape(fresh), where);
  assert.deepEqual(v.analysis.afterModel, fresh.afterModel, where);
  assert.deepEqual(v.analysis.before, fresh.before, where);
  assert.deepEqual(v.analysis.after, fresh.after, where);
  assert.deepEqual(v.analysis.dropped, fresh.dropped, where);
  assert.deepEqual(v.analysis.findings, fresh.findings, where);
  assert.deepEqual(verdictShape(v.analysis), verdictShape(fresh), where);
}

const linesOf = (text: string) => text.split(/(?<=\n)/).filter((l) => l !== "");

/** The first string under `keys` anywhere in `v` changed; false when there is none. */
function changeText(v: any, keys: readonly string[], n: number): boolean {
  if (!v || typeof v !== "object") return false;
  for (const k of Object.keys(v)) {
    if (keys.includes(k) && typeof v[k] === "string") {
      v[k] = `${v[k]} (edited ${n})`;
      return true;
    }
  }
  for (const k of Object.keys(v)) if (changeText(v[k], keys, n)) return true;
  return false;
}

/** The edits of one line: what, and the new text (none where the line holds nothing to change). */
function editsOf(raw: string, n: number): { what: string; text: string }[] {
  let v: any;
  try {
    v = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) return [];
  const out: { what: string; text: string }[] = [];
  const edit = (what: string, f: (c: any) => boolean | void) => {
    const c = structuredClone(v);
    if (f(c) !== false) out.push({ what, text: JSON.stringify(c) });
  };
  const p = v.type === "response_item" || v.type === "compacted" || v.type === "event_msg" ? v.payload : v;
  const inPayload = (f: (q: any) => boolean | void) => (c: any) => (p === v ? f(c) : c.payload && typeof c.payload === "object" ? f(c.payload) : false);
  edit("text", inPayload((q) => changeText(q, ["text", "output", "arguments", "message", "input"], n)));
  if (typeof v.timestamp === "string" && !Number.isNaN(Date.parse(v.timestamp))) edit("time moved", (c) => void (c.timestamp = new Date(Date.parse(v.timestamp) + 7000 + n).toISOString()));
  if (p && typeof p.call_id === "string") edit("call id", inPayload((q) => void (q.call_id = `${q.call_id}x`)));
  if (p && (p.role === "user" || p.role === "assistant")) {
    edit("role swapped", inPayload((q) => void (q.role = q.role === "user" ? "assistant" : "user")));
    edit("role system", inPayload((q) => void (q.role = "system")));
  }
  const ts = typeof v.timestamp === "string" ? v.timestamp : "2026-01-01T00:00:00.000Z";
  if (v.type === "turn_context" && p && typeof p === "object") edit("model", (c) => void (c.payload.model = `gpt-edited-${n}`));
  out.push({ what: "turn context", text: JSON.stringify({ timestamp: ts, type: "turn_context", payload: { cwd: "/t", model: `o3-${n}` } }) });
  out.push({ what: "turn aborted", text: JSON.stringify({ timestamp: ts, type: "event_msg", payload: { type: "turn_aborted", reason: "interrupted" } }) });
  out.push({ what: "rollback", text: JSON.stringify({ timestamp: ts, type: "event_msg", payload: { type: "thread_rolled_back", num_turns: 1 } }) });
  out.push({ what: "compacted", text: JSON.stringify({ timestamp: ts, type: "compacted", payload: { message: "summary" } }) });
  if (typeof v.timestamp === "string") edit("no time", (c) => void delete c.timestamp);
  out.push({ what: "half a line", text: raw.slice(0, Math.max(1, raw.length >> 1)) });
  return out;
}

describe("Codex: an analysis continued from the version before equals a fresh one (fixtures and corpus)", () => {
  it("there are files to check", () => {
    assert.ok(files.length >= 25, `${files.length} files`);
  });

  const count = { appends: 0, appendsContinued: 0, appendsResumeContinued: 0, appendsAfterRebuilt: 0, appendsAfterContinued: 0, edits: 0, editsContinued: 0, editsContextEdited: 0, editsResumeContinued: 0 };
  for (const f of files) {
    it(`${f.name}: appended line by line`, () => {
      const lines = linesOf(f.text);
      const step = Math.max(1, Math.ceil((lines.length - 1) / MAX_STEPS));
      let doc = parseText(lines[0] ?? "");
      let v = continueAnalysis(doc, {});
      sameAsFresh(v, doc, `${f.name}: line 1`);
      for (let i = 1; i < lines.length; i += step) {
        doc = appendText(doc, lines.slice(i, i + step).join(""));
        v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
        count.appends++;
        if (v.stages.session === "appended") count.appendsContinued++;
        if (codexHistoryStage(v.analysis.session) === "continued") count.appendsResumeContinued++;
        // After is not Before (a made-up output, an orphan, a line Codex skips, a cut): its messages made again or continued.
        // (Counted where the history itself continued: after a compaction or a rollback it is read in full.)
        const after = codexHistoryStage(v.analysis.session) === "continued" ? codexAfterStage(v.analysis.session) : undefined;
        if (after) count.appendsAfterRebuilt++;
        if (after === "continued") count.appendsAfterContinued++;
        sameAsFresh(v, doc, `${f.name}: lines 1-${Math.min(i + step, lines.length)}`);
      }
      assert.equal(join_(doc), f.text, "the appends rebuilt the file");
    });

    it(`${f.name}: lines edited in place and the edit undone`, () => {
      const whole = parseText(f.text);
      const n = whole.lines.length;
      const middle: number[] = [];
      for (let l = 1; l < n; l++) if (whole.lines.at(l)!.text.trim() !== "") middle.push(l);
      const step = Math.max(1, Math.ceil(middle.length / MAX_EDITED_LINES));
      for (let k = 0; k < middle.length; k += step) {
        const line = middle[k];
        const original = whole.lines.at(line)!.text;
        for (const e of editsOf(original, k)) {
          const base = parseText(f.text);
          const first = continueAnalysis(base, {});
          const doc = editLine(base, line, e.text);
          const v = continueAnalysis(doc, {}, { checkpoint: first.checkpoint, analysis: first.analysis });
          const where = `${f.name}: line ${line + 1}, ${e.what}`;
          sameAsFresh(v, doc, where);
          const back = editLine(doc, line, original);
          const w = continueAnalysis(back, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
          sameAsFresh(w, back, `${where}, undone`);
          for (const x of [v, w]) {
            count.edits++;
            if (x.stages.session === "edited") count.editsContinued++;
            if (x.stages.context === "edited") count.editsContextEdited++;
            if (codexHistoryStage(x.analysis.session) === "continued") count.editsResumeContinued++;
          }
        }
      }
    });
  }

  it("the continuation was taken, not only the full read", (t) => {
    t.diagnostic(JSON.stringify(count));
    assert.ok(count.appendsContinued / count.appends > 0.8, `appends continued ${count.appendsContinued} of ${count.appends}`);
    assert.ok(count.appendsResumeContinued / count.appendsContinued > 0.5, `resume continued on ${count.appendsResumeContinued} of ${count.appendsContinued} appends`);
    assert.ok(count.appendsAfterContinued / count.appendsAfterRebuilt > 0.4, `After continued on ${count.appendsAfterContinued} of ${count.appendsAfterRebuilt} appends with the history continued where After is not Before`);
    assert.ok(count.editsContinued / count.edits > 0.3, `edits continued ${count.editsContinued} of ${count.edits}`);
    assert.ok(count.editsContextEdited / count.edits > 0.2, `context edited ${count.editsContextEdited} of ${count.edits}`);
    assert.ok(count.editsResumeContinued / count.edits > 0.15, `resume continued on ${count.editsResumeContinued} of ${count.edits} edits`);
  });
});
