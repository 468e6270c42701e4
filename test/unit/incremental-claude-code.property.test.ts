/**
 * Claude Code's continuation (formats/claude-code/claude-code-continuation.ts, incremental/append.ts
 * and edit.ts; the reading's own, claude-code-reading-state.ts): an analysis continued line by line
 * equals a fresh analysis of the same text, on every constructed file of test/fixtures/claude-code
 * and every Claude Code file of the corpus present up to 200 KB, in both readings (2.1.112 and
 * 2.0.31):
 *
 * - appends: the file written one line at a time (a long file in at most 200 steps), each version
 *   continued from the one before;
 * - edits in place of a middle line: a message's text changed (the edit path continues), and its
 *   time moved (which Claude Code's leaf and 5 s fallback read: the edit continues only when the
 *   walk stays as it was, else the session is read again), each continued from the whole file;
 * - edits that change what a version does with a line, then undone: an assistant line's content
 *   made a string (both versions refuse the file: `resume-refused`, nothing sent), a text block
 *   made whitespace only (2.1 drops it, 2.0.31 keeps it when it merges the response's lines), a
 *   call's id removed or made a number (2.0.31 counts such a call unanswered); the 2.0.31 reading
 *   asked for as the command line asks for it (`agentVersions`);
 * - blank lines (held as runs, model/line-list.ts) between the lines of a fixture, appended one
 *   at a time.
 *
 * Compared: the session's tree, findings, both columns (After message for message, every field),
 * drops, occurrences, usage, what After models, and every provider's verdict. The counts of
 * continued versions are asserted too, for the session and for the reading's own parts (what the
 * version sends on resume and the drops of the After column), so a change that silently reads
 * every version in full fails.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";
import { analyze, type AnalyzeOptions } from "../../server/src/engine/pipeline/analyze.js";
import { readingOf } from "../../server/src/engine/formats/claude-code/claude-code-reading.js";
import { readingStages } from "../../server/src/engine/formats/claude-code/claude-code-reading-state.js";
import { analysisShape, verdictShape } from "../helpers/analysis-shape.js";
import { allCorpusFiles, FIXTURES, fixtureText } from "../helpers/corpus.js";
import { editLine } from "../helpers/patch-doc.js";

/**
 * Corpus files up to this size: each step compares with a fresh analysis (and every provider's
 * verdict) of the whole file, so a step costs the file's size; the larger real sessions are read
 * by the golden and real-corpus tests.
 */
const MAX_CORPUS_CHARS = 200_000;
const files: { name: string; text: string }[] = [
  ...readdirSync(join(FIXTURES, "claude-code"))
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => ({ name: `fixtures/claude-code/${f}`, text: fixtureText(`claude-code/${f}`) })),
  ...allCorpusFiles()
    .filter((f) => f.name.startsWith("claude-code/") && f.text.length <= MAX_CORPUS_CHARS)
    .map((f) => ({ name: `corpus/${f.name}`, text: f.text })),
];
const READINGS: AnalyzeOptions[] = [{}, { agentVersion: "2.0" }];
const MAX_STEPS = 200;
const MAX_EDITS = 100;
/** Files up to this size get the shape edits (each edit and its undoing compared with a fresh analysis). */
const MAX_SHAPE_EDIT_CHARS = 60_000;
/** The 2.0.31 reading asked for as the command line's `--agent-version claude-code=2.0` asks. */
const SHAPE_READINGS: AnalyzeOptions[] = [{}, { agentVersions: { "claude-code": "2.0" } }];

function join_(parsed: ParsedText): string {
  return [...parsed.lines.all()].map((l) => l.text + l.eol).join("");
}

function appendText(parsed: ParsedText, text: string): ParsedText {
  const n = parsed.lines.length;
  // The document ends with an empty last line when its text ends with a line break: append there.
  const last = parsed.lines.at(n - 1)!;
  const at = last && last.text === "" && last.eol === "" ? n - 1 : n;
  return patchLines(parsed, [{ range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, text }])!;
}

/** What a continued analysis must share with a fresh one. */
function sameAsFresh(v: ContinuedAnalysis, parsed: ParsedText, options: AnalyzeOptions, where: string): void {
  const fresh = analyze(join_(parsed), options);
  assert.equal(join_(parsed), [...parsed.lines.all()].map((l) => l.text + l.eol).join(""));
  assert.deepEqual(analysisShape(v.analysis), analysisShape(fresh), where);
  assert.deepEqual(v.analysis.afterModel, fresh.afterModel, where);
  assert.deepEqual(v.analysis.after, fresh.after, where);
  assert.deepEqual(v.analysis.dropped, fresh.dropped, where);
  assert.deepEqual(verdictShape(v.analysis), verdictShape(fresh), where);
}

/**
 * Continued versions (an append, an edit of a message's text: a change of a line's time may change
 * the leaf, and the reading is then made again) whose reading continued what it sends on resume
 * and its drops, by reading.
 */
const reading = { versions: 0, request: 0, drops: 0 };
function countReading(v: ContinuedAnalysis, options: AnalyzeOptions): void {
  if (v.stages.session === "read") return;
  const version = options.agentVersion ?? options.agentVersions?.["claude-code"] ?? "2.1";
  const stages = readingStages(readingOf(v.analysis.session.entries));
  reading.versions++;
  if (stages.get(`request ${version}`) === "continued") reading.request++;
  if (stages.get(`drops ${version}`) === "continued") reading.drops++;
}

/** The file's lines, each with its line break. */
function linesOf(text: string): string[] {
  return text.split(/(?<=\n)/).filter((l) => l !== "");
}

/**
 * A Claude Code session of about `bytes` (UTF-8): turns of a prompt, a call, its result (a long
 * output) and an answer, each line the child of the one before.
 */
function bigSession(bytes: number): string {
  const out: string[] = [];
  let parent: string | null = null;
  let n = 0;
  let size = 0;
  const output = "0123456789abcdef".repeat(250);
  const line = (v: Record<string, unknown>) => {
    const uuid = `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
    const text = JSON.stringify({ parentUuid: parent, isSidechain: false, sessionId: "big", ...v, uuid, timestamp: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString() });
    parent = uuid;
    n++;
    out.push(`${text}\n`);
    size += text.length + 1;
  };
  for (let t = 0; size < bytes; t++) {
    line({ type: "user", message: { role: "user", content: `prompt ${t}` } });
    line({ type: "assistant", message: { id: `msg_${t}`, role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "tool_use", id: `toolu_${t}`, name: "Read", input: { path: `f${t}` } }], stop_reason: "tool_use" } });
    line({ type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: `toolu_${t}`, content: output }] } });
    line({ type: "assistant", message: { id: `msg_${t}b`, role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: `answer ${t}` }], stop_reason: "end_turn" } });
  }
  return out.join("");
}

/** A middle line's text with a message text changed (its ids, parents and types kept); null when it holds none. */
function textEdited(raw: string, n: number): string | null {
  let v: any;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!v || typeof v !== "object" || typeof v.message !== "object" || v.message === null) return null;
  const c = v.message.content;
  if (typeof c === "string") v.message.content = `${c} (edited ${n})`;
  else if (Array.isArray(c)) {
    const i = c.findIndex((b: any) => b && (b.type === "text" || (b.type === "tool_result" && typeof b.content === "string")));
    if (i < 0) return null;
    c[i] = c[i].type === "text" ? { ...c[i], text: `${c[i].text} (edited ${n})` } : { ...c[i], content: `${c[i].content} (edited ${n})` };
  } else return null;
  return JSON.stringify(v);
}

/** A middle line's text with its time moved by `ms`; null when it has no time that parses. */
function timeMoved(raw: string, ms: number): string | null {
  let v: any;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!v || typeof v !== "object" || typeof v.timestamp !== "string" || Number.isNaN(Date.parse(v.timestamp))) return null;
  v.timestamp = new Date(Date.parse(v.timestamp) + ms).toISOString();
  return JSON.stringify(v);
}

/** Assistant lines of `text` (0-based, not the first: an edit there is read in full) whose content is a list, at most `most`, spread over the file. */
function assistantLines(text: string, most: number): number[] {
  const out: number[] = [];
  text.split("\n").forEach((t, i) => {
    let v: any;
    try {
      v = JSON.parse(t);
    } catch {
      return;
    }
    if (i > 0 && v?.type === "assistant" && Array.isArray(v.message?.content) && v.message.content.length > 0) out.push(i);
  });
  if (out.length <= most) return out;
  return Array.from({ length: most }, (_, k) => out[Math.floor(((k + 0.5) * out.length) / most)]);
}

/**
 * The edits of an assistant line that change what a version does with it (null where the line
 * holds nothing to change): its content a string, a text block whitespace only, a call's id
 * removed, a call's id a number.
 */
function shapeEdits(raw: string): { what: string; text: string }[] {
  const v = JSON.parse(raw);
  const c: any[] = v.message.content;
  const out: { what: string; text: string }[] = [];
  const withContent = (content: unknown) => JSON.stringify({ ...v, message: { ...v.message, content } });
  const text = c.find((b) => b?.type === "text" && typeof b.text === "string");
  out.push({ what: "content a string", text: withContent(text ? text.text : "a string instead of blocks") });
  const t = c.findIndex((b) => b?.type === "text");
  if (t >= 0) out.push({ what: "a text block whitespace only", text: withContent(c.map((b, i) => (i === t ? { ...b, text: "\n\n" } : b))) });
  const u = c.findIndex((b) => b?.type === "tool_use");
  if (u >= 0) {
    out.push({ what: "a call without an id", text: withContent(c.map((b, i) => (i === u ? { ...b, id: undefined } : b))) });
    out.push({ what: "a call with a number as its id", text: withContent(c.map((b, i) => (i === u ? { ...b, id: 7 } : b))) });
  }
  return out;
}

/** `text` with a blank line (empty, or whitespace) after every third line. */
function withBlankLines(text: string): string {
  return linesOf(text)
    .map((l, i) => (i % 3 === 2 ? `${l}${i % 2 ? "" : " \t"}\n` : l))
    .join("");
}

describe("Claude Code: an analysis continued line by line equals a fresh one (fixtures and corpus)", () => {
  it("there are files to check", () => {
    assert.ok(files.length >= 29, `${files.length} files`);
  });

  let appends = 0;
  let appendsContinued = 0;
  let edits = 0;
  let editsContinued = 0;
  for (const f of files) {
    it(`${f.name}: appended line by line, in both readings`, () => {
      const lines = linesOf(f.text);
      const step = Math.max(1, Math.ceil((lines.length - 1) / MAX_STEPS));
      for (const options of READINGS) {
        let doc = parseText(lines[0] ?? "");
        let v = continueAnalysis(doc, options);
        sameAsFresh(v, doc, options, `${f.name}: line 1`);
        for (let i = 1; i < lines.length; i += step) {
          doc = appendText(doc, lines.slice(i, i + step).join(""));
          v = continueAnalysis(doc, options, { checkpoint: v.checkpoint, analysis: v.analysis });
          appends++;
          if (v.stages.session === "appended") appendsContinued++;
          countReading(v, options);
          sameAsFresh(v, doc, options, `${f.name} (${options.agentVersion ?? "2.1"}): lines 1-${Math.min(i + step, lines.length)}`);
        }
        assert.equal(join_(doc), f.text, "the appends rebuilt the file");
        // Then a few middle lines edited one after the other, each version continued from the one before.
        const middle: number[] = [];
        for (const l of doc.lines.held) if (l.line > 0 && l.line < doc.lines.length - 1 && textEdited(l.text, 0) !== null) middle.push(l.line);
        for (let k = 0; k < 3 && middle.length > 0; k++) {
          const line = middle[Math.floor(((k + 1) * middle.length) / 4)];
          doc = editLine(doc, line, textEdited(doc.lines.at(line)!.text, 100 + k)!);
          v = continueAnalysis(doc, options, { checkpoint: v.checkpoint, analysis: v.analysis });
          countReading(v, options);
          sameAsFresh(v, doc, options, `${f.name} (${options.agentVersion ?? "2.1"}): then line ${line + 1} edited`);
        }
      }
    });

    it(`${f.name}: a middle line edited in place (its text, its time), in both readings`, () => {
      const whole = parseText(f.text);
      const n = whole.lines.length;
      const middle: number[] = [];
      for (let l = 1; l < n - 1; l++) if (whole.lines.at(l)!.text.trim() !== "") middle.push(l);
      const step = Math.max(1, Math.ceil(middle.length / MAX_EDITS));
      for (const options of READINGS) {
        for (let k = 0; k < middle.length; k += step) {
          const line = middle[k];
          for (const changed of [textEdited(whole.lines.at(line)!.text, k), timeMoved(whole.lines.at(line)!.text, 7_000), timeMoved(whole.lines.at(line)!.text, -7_000)]) {
            if (changed === null) continue;
            // each edit from the whole file as read (patchLines patches the document's lines in place: a new parse each time)
            const base = parseText(f.text);
            const first = continueAnalysis(base, options);
            const doc = editLine(base, line, changed);
            const v = continueAnalysis(doc, options, { checkpoint: first.checkpoint, analysis: first.analysis });
            edits++;
            if (v.stages.session === "edited") editsContinued++;
            if (changed === textEdited(whole.lines.at(line)!.text, k)) countReading(v, options);
            sameAsFresh(v, doc, options, `${f.name} (${options.agentVersion ?? "2.1"}): line ${line + 1} edited`);
          }
        }
      }
    });
  }

  let refusals = 0;
  let shapeEditsRun = 0;
  let shapeEditsContinued = 0;
  let refusalsContinued = 0;
  for (const f of files.filter((x) => x.text.length <= MAX_SHAPE_EDIT_CHARS)) {
    it(`${f.name}: an assistant line's shape edited and the edit undone (refusal, whitespace, call ids), in both readings`, () => {
      const whole = parseText(f.text);
      for (const options of SHAPE_READINGS) {
        for (const line of assistantLines(f.text, 2)) {
          const original = whole.lines.at(line)!.text;
          for (const e of shapeEdits(original)) {
            const base = parseText(f.text);
            const first = continueAnalysis(base, options);
            const doc = editLine(base, line, e.text);
            const v = continueAnalysis(doc, options, { checkpoint: first.checkpoint, analysis: first.analysis });
            countReading(v, options);
            const where = `${f.name} (${JSON.stringify(options)}): line ${line + 1}, ${e.what}`;
            sameAsFresh(v, doc, options, where);
            if (v.stages.session === "edited") shapeEditsContinued++;
            if (v.analysis.findings.some((x) => x.code === "resume-refused")) {
              refusals++;
              if (v.stages.session === "edited") refusalsContinued++;
              assert.deepEqual(v.analysis.after, [], where);
            }
            // Undone: back to the line as written.
            const back = editLine(doc, line, original);
            const w = continueAnalysis(back, options, { checkpoint: v.checkpoint, analysis: v.analysis });
            countReading(w, options);
            sameAsFresh(w, back, options, `${where}, undone`);
            if (w.stages.session === "edited") shapeEditsContinued++;
            shapeEditsRun++;
          }
        }
      }
    });
  }

  for (const f of files.filter((x) => x.name.startsWith("fixtures/"))) {
    it(`${f.name}: with blank lines between its lines, appended line by line, in both readings`, () => {
      const lines = linesOf(withBlankLines(f.text));
      for (const options of READINGS) {
        let doc = parseText(lines[0] ?? "");
        let v = continueAnalysis(doc, options);
        for (let i = 1; i < lines.length; i++) {
          doc = appendText(doc, lines[i]);
          v = continueAnalysis(doc, options, { checkpoint: v.checkpoint, analysis: v.analysis });
          countReading(v, options);
          sameAsFresh(v, doc, options, `${f.name} with blank lines (${options.agentVersion ?? "2.1"}): lines 1-${i + 1}`);
        }
        assert.equal(join_(doc), lines.join(""));
        if (lines.length > 3) assert.ok(doc.lines.runs.length > 0, "blank lines are held as runs");
      }
    });
  }

  it("the shape edits reached a refusal", (t) => {
    t.diagnostic(`${shapeEditsRun} shape edits and their undoing (${2 * shapeEditsRun} versions, ${shapeEditsContinued} continued), ${refusals} edits refused (${refusalsContinued} continued)`);
    assert.ok(refusals > 10 && refusalsContinued > 10, `${refusals} refusals, ${refusalsContinued} continued`);
    assert.ok(shapeEditsContinued > shapeEditsRun, `${shapeEditsContinued} of ${2 * shapeEditsRun} continued`);
  });

  it("a session over 5 MB (Claude Code 2.1 reads it with its streaming load): appends and edits continued", () => {
    const lines = linesOf(bigSession(5_400_000));
    const options: AnalyzeOptions = {};
    let doc = parseText(lines.slice(0, -6).join(""));
    let v = continueAnalysis(doc, options);
    const continued = { request: 0, versions: 0 };
    for (let i = lines.length - 6; i < lines.length; i += 2) {
      doc = appendText(doc, lines.slice(i, i + 2).join(""));
      v = continueAnalysis(doc, options, { checkpoint: v.checkpoint, analysis: v.analysis });
      assert.equal(v.stages.session, "appended");
      sameAsFresh(v, doc, options, `5 MB: lines 1-${i + 2}`);
      continued.versions++;
      if (readingStages(readingOf(v.analysis.session.entries)).get("request 2.1") === "continued") continued.request++;
    }
    // Prompts (every fourth line) a third and a half of the way in.
    for (const line of [4 * Math.floor(lines.length / 12), 4 * Math.floor(lines.length / 8)]) {
      doc = editLine(doc, line, textEdited(doc.lines.at(line)!.text, line)!);
      v = continueAnalysis(doc, options, { checkpoint: v.checkpoint, analysis: v.analysis });
      assert.equal(v.stages.session, "edited");
      sameAsFresh(v, doc, options, `5 MB: line ${line + 1} edited`);
      continued.versions++;
      if (readingStages(readingOf(v.analysis.session.entries)).get("request 2.1") === "continued") continued.request++;
    }
    assert.equal(continued.request, continued.versions, "what is sent was continued every time");
  });

  it("the continuation was taken, not only the full read", (t) => {
    t.diagnostic(`appends: ${appendsContinued} of ${appends} continued; edits: ${editsContinued} of ${edits} continued`);
    t.diagnostic(`of ${reading.versions} continued sessions, the reading continued what is sent in ${reading.request} and the drops in ${reading.drops}`);
    assert.ok(appends > 0 && appendsContinued / appends > 0.8, `appends continued ${appendsContinued} of ${appends}`);
    assert.ok(edits > 0 && editsContinued / edits > 0.3, `edits continued ${editsContinued} of ${edits}`);
    assert.ok(reading.versions > 0 && reading.request / reading.versions > 0.5, `requests continued ${reading.request} of ${reading.versions}`);
    assert.ok(reading.drops / reading.versions > 0.5, `drops continued ${reading.drops} of ${reading.versions}`);
  });
});
