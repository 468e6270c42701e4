/**
 * Claude Code's continuation (formats/claude-code/claude-code-continuation.ts, incremental/append.ts
 * and edit.ts): an analysis continued line by line equals a fresh analysis of the same text, on
 * every constructed file of test/fixtures/claude-code and every Claude Code file of the corpus
 * present up to 200 KB, in both readings (2.1.112 and 2.0.31):
 *
 * - appends: the file written one line at a time (a long file in at most 200 steps), each version
 *   continued from the one before;
 * - edits in place of a middle line: a message's text changed (the edit path continues), and its
 *   time moved (which Claude Code's leaf and 5 s fallback read: the edit continues only when the
 *   walk stays as it was, else the session is read again), each continued from the whole file.
 *
 * Compared: the session's tree, findings, both columns, drops, occurrences, usage, what After
 * models, and every provider's verdict. The counts of continued versions are asserted too, so a
 * change that silently reads every version in full fails.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";
import { analyze, type AnalyzeOptions } from "../../server/src/engine/pipeline/analyze.js";
import { analysisShape, verdictShape } from "../helpers/analysis-shape.js";
import { allCorpusFiles, FIXTURES, fixtureText } from "../helpers/corpus.js";

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

function editLine(parsed: ParsedText, line: number, text: string): ParsedText {
  const l = parsed.lines.at(line)!;
  return patchLines(parsed, [{ range: { start: { line, character: 0 }, end: { line, character: l.text.length } }, text }])!;
}

/** What a continued analysis must share with a fresh one. */
function sameAsFresh(v: ContinuedAnalysis, parsed: ParsedText, options: AnalyzeOptions, where: string): void {
  const fresh = analyze(join_(parsed), options);
  assert.equal(join_(parsed), [...parsed.lines.all()].map((l) => l.text + l.eol).join(""));
  assert.deepEqual(analysisShape(v.analysis), analysisShape(fresh), where);
  assert.deepEqual(v.analysis.afterModel, fresh.afterModel, where);
  assert.deepEqual(verdictShape(v.analysis), verdictShape(fresh), where);
}

/** The file's lines, each with its line break. */
function linesOf(text: string): string[] {
  return text.split(/(?<=\n)/).filter((l) => l !== "");
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
          sameAsFresh(v, doc, options, `${f.name} (${options.agentVersion ?? "2.1"}): lines 1-${Math.min(i + step, lines.length)}`);
        }
        assert.equal(join_(doc), f.text, "the appends rebuilt the file");
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
            sameAsFresh(v, doc, options, `${f.name} (${options.agentVersion ?? "2.1"}): line ${line + 1} edited`);
          }
        }
      }
    });
  }

  it("the continuation was taken, not only the full read", (t) => {
    t.diagnostic(`appends: ${appendsContinued} of ${appends} continued; edits: ${editsContinued} of ${edits} continued`);
    assert.ok(appends > 0 && appendsContinued / appends > 0.8, `appends continued ${appendsContinued} of ${appends}`);
    assert.ok(edits > 0 && editsContinued / edits > 0.3, `edits continued ${editsContinued} of ${edits}`);
  });
});
