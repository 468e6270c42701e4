/**
 * Issue 20, item 3: an analysis is a snapshot. Continuing it (an append, an edit in place, as the
 * language server does on every keystroke) never changes the previous version's analysis: its
 * session, context, After, occurrences, findings and usage read the same afterwards. Each
 * version's shape is taken as plain data when it is made and compared after every later version
 * was continued from it. Real sessions of pi, Claude Code and Codex: the first lines, then one
 * line appended at a time, then edits of lines in place.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { analysisShape, verdictShape } from "../helpers/analysis-shape.js";
import { CORPUS, SHARED_CORPUS } from "../helpers/corpus.js";
import { appendLine, editLine } from "../helpers/patch-doc.js";

const FILES = [
  join(__dirname, "..", "..", "samples", "sample-session.jsonl"),
  join(SHARED_CORPUS, "pi", "inspector-branching.jsonl"),
  join(CORPUS, "claude-code", "spotter-2139-auto-compact-parallel8.jsonl"),
  join(CORPUS, "claude-code", "spotter-2139-auto-compact-2subagents.jsonl"),
  join(CORPUS, "codex", "localpush-desktop-0.104-call-without-output.jsonl"),
  join(CORPUS, "codex", "codex-session-view-0.58-ghost-snapshots.jsonl"),
];
/** Lines read first (at most; half of a shorter file), then appended one at a time. */
const HEAD = 60;
const APPENDS = 40;

const snapshot = (v: ContinuedAnalysis) => JSON.stringify({ a: analysisShape(v.analysis), v: verdictShape(v.analysis) });

/** `line` with its first JSON string value of some length changed (a tool output or a text edited), or null. */
function edited(line: string): string | null {
  const m = /"(text|output|content)":"([^"\\]{4,})/.exec(line);
  return m ? line.slice(0, m.index) + `"${m[1]}":"edited ${m[2]}` + line.slice(m.index + m[0].length) : null;
}

describe("continuing an analysis never changes the previous one (issue 20)", () => {
  for (const file of FILES) {
    // The shared corpus sits beside the checkout (../shared/corpus); without it its file is skipped.
    it(file.split("/").slice(-2).join("/"), { skip: !existsSync(file) && "the shared corpus is not beside the checkout" }, () => {
      const all = readFileSync(file, "utf8").split("\n").filter((l) => l !== "");
      const head = Math.min(HEAD, Math.floor(all.length / 2));
      const lines = all.slice(0, head + APPENDS).map((l) => l + "\n");
      let doc = parseText(lines.slice(0, head).join(""));
      let v = continueAnalysis(doc, {});
      const versions: { v: ContinuedAnalysis; shape: string; what: string }[] = [{ v, shape: snapshot(v), what: "the first read" }];
      const stages = new Set<string>();
      const step = (next: ParsedText, what: string) => {
        doc = next;
        v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
        stages.add(v.stages.session);
        versions.push({ v, shape: snapshot(v), what });
      };
      for (let i = head; i < lines.length; i++) step(appendLine(doc, lines[i]), `append of line ${i + 1}`);
      let edits = 0;
      for (let i = doc.lines.length - 2; i >= 0 && edits < 4; i -= 7) {
        const text = edited(doc.lines.at(i)!.text);
        if (text === null) continue;
        step(editLine(doc, i, text), `edit of line ${i + 1}`);
        edits++;
      }
      // Every version, read again after all that came after it, is what it was when it was made.
      for (const [k, x] of versions.entries()) {
        const now = snapshot(x.v);
        if (now !== x.shape) {
          const a = JSON.parse(now), b = JSON.parse(x.shape);
          const diff = [...Object.keys(a.a).filter((key) => JSON.stringify(a.a[key]) !== JSON.stringify(b.a[key])), ...Object.keys(a.v).filter((key) => JSON.stringify(a.v[key]) !== JSON.stringify(b.v[key])).map((key) => "verdicts." + key)];
          assert.fail(`version ${k + 1} (${x.what}) changed after later versions were continued from it: ${diff.join(", ")}`);
        }
      }
      assert.ok(stages.has("appended"), `the appends were continued (stages: ${[...stages].join(", ")})`);
    });
  }
});
