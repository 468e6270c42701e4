/**
 * Issue 21 item 7, issue 28: the real sessions kept in the repository (test/corpus, sources in
 * test/corpus/SOURCES.md), each through the same code as the CLI (`check` with the detected
 * provider, `fix` in memory and `fix --dry-run`; test/helpers/real-corpus.ts), against four
 * claims:
 *
 * (a) `fix` adds no tool result for a call id the file already answers: per call id, the fixed
 *     text holds no more results than the file does, for every id that has at least one (results
 *     counted from the lines themselves, not by the engine).
 * (b) No finding on a file that is not pi's speaks of pi: no finding message nor related message
 *     has the word pi (pi, pi-ai, pi-condense, pi-mono).
 * (c) No error sits at a point the session itself shows the provider accepted: an error finding's
 *     line must not be one the model answered a later request containing it. "Accepted" is read
 *     from the file (real-corpus.ts acceptedLines): Claude Code, an ancestor (by `parentUuid`
 *     only, not crossing a compact_boundary) of an assistant line the model wrote in a later
 *     response; Codex, a line before the first item of a later model response, with no
 *     `compacted` line or rollback between them. Both are lower bounds: a line on a sibling branch
 *     is not counted as accepted.
 * (d) The findings by code and severity and the `fix --dry-run` summary equal the snapshot in
 *     test/corpus/expectations/<format>.json exactly (scripts/corpus-expectations.mjs rewrites it;
 *     a change to it is a change of what users see, to be read in review).
 *
 * Where (a)-(c) fail on the current product, the case is a `todo` with the reason (KNOWN below):
 * each is a defect of the product to fix, not of the test; it still runs and shows its failure,
 * and a test fails once it holds, so that the entry is removed with the fix.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { CORPUS, repoCorpusFiles } from "../helpers/corpus.js";
import { acceptedLines, addedResultsForAnswered, checkOf, type Expectation, expectationOf, findingTexts, fixedText, PI_WORD } from "../helpers/real-corpus.js";

type Claim = "a" | "b" | "c";

/** Files whose claim fails on the current product, with why (the product's defects, listed in the closing note). */
const KNOWN: Record<string, Partial<Record<Claim, string>>> = {
  "claude-code/agent-sessions-claude-large.jsonl": {
    c: "orphan-result (error) on a result without a tool_use_id: the publisher removed every id and tool_use_id from the real session. Claude Code 2.1.112 and 2.0.31 send that result without an id (test/fixtures/peer-cc), which the API rejects, so the error is right for the file as published; the real session had the ids (data, not a product defect)",
  },
  "codex/localpush-desktop-0.104-five-calls.jsonl": {
    c: "invalid-tool-name (error) on a function name the publisher replaced with \"[REDACTED_NAME …]\" before publishing; the real session sent the real name (data, not a product defect)",
  },
};

const files = repoCorpusFiles();
const expected = new Map<string, Expectation>();
for (const dir of new Set(files.map((f) => f.name.split("/")[0]))) {
  const p = join(CORPUS, "expectations", `${dir}.json`);
  const all: Record<string, Expectation> = existsSync(p) ? JSON.parse(readFileSync(p, "utf8")) : {};
  for (const [file, e] of Object.entries(all)) expected.set(`${dir}/${file}`, e);
}

/** What breaks each claim on a file (empty: the claim holds). */
const BROKEN: Record<Claim, (path: string, c: ReturnType<typeof checkOf>) => string[]> = {
  a: (path) => addedResultsForAnswered(readFileSync(path, "utf8"), fixedText(path)).map((x) => `${x.id} (${x.before} -> ${x.after} results)`),
  b: (_path, c) => (c.format === "pi" ? [] : c.findings.filter((x) => findingTexts(x).some((m) => PI_WORD.test(m))).map((x) => `line ${x.line + 1} ${x.code}: ${findingTexts(x).find((m) => PI_WORD.test(m))}`)),
  c: (path, c) => {
    const accepted = acceptedLines(readFileSync(path, "utf8"), c.format);
    return c.findings.filter((x) => x.severity === "error" && accepted.has(x.line)).map((x) => `line ${x.line + 1} ${x.code}`);
  },
};

const todo = (name: string, claim: Claim) => {
  const why = KNOWN[name]?.[claim];
  return why ? { todo: why } : {};
};

describe("real corpus (test/corpus): what check and fix do on real sessions", () => {
  it("holds sessions of Claude Code and Codex, each with its row in SOURCES.md and its expectations", () => {
    const sources = readFileSync(join(CORPUS, "SOURCES.md"), "utf8");
    assert.ok(files.filter((f) => f.name.startsWith("claude-code/")).length >= 20);
    assert.ok(files.filter((f) => f.name.startsWith("codex/")).length >= 5);
    const noRow = files.filter((f) => !sources.includes("`" + f.name.split("/")[1] + "`"));
    assert.deepEqual(noRow.map((f) => f.name), [], "a corpus file without its source in SOURCES.md");
    assert.deepEqual(files.filter((f) => !expected.has(f.name)).map((f) => f.name), [], "a corpus file without expectations (node scripts/corpus-expectations.mjs)");
    assert.deepEqual([...expected.keys()].filter((n) => !files.some((f) => f.name === n)), [], "expectations of a file no longer in the corpus");
    assert.deepEqual(Object.keys(KNOWN).filter((n) => !files.some((f) => f.name === n)), [], "a KNOWN entry for a file not in the corpus");
  });

  it("KNOWN lists only claims that still fail (a fix of the product removes its entry)", () => {
    const fixed: string[] = [];
    for (const [name, claims] of Object.entries(KNOWN)) {
      const f = files.find((x) => x.name === name);
      if (!f) continue;
      const c = checkOf(f.path);
      for (const claim of Object.keys(claims) as Claim[]) if (BROKEN[claim](f.path, c).length === 0) fixed.push(`${name} (${claim})`);
    }
    assert.deepEqual(fixed, [], "these now hold: remove them from KNOWN");
  });

  for (const f of files) {
    describe(f.name, () => {
      let checked: ReturnType<typeof checkOf> | undefined;
      const check = () => (checked ??= checkOf(f.path));

      it("(a) fix adds no result for a call the file already answers", todo(f.name, "a"), () => {
        assert.deepEqual(BROKEN.a(f.path, check()), [], "fix adds results for calls that have one");
      });

      it("(b) no finding speaks of pi", todo(f.name, "b"), () => {
        assert.deepEqual(BROKEN.b(f.path, check()), []);
      });

      it("(c) no error where the session shows the provider accepted", todo(f.name, "c"), () => {
        assert.deepEqual(BROKEN.c(f.path, check()), [], "error findings at lines a later model response shows were accepted");
      });

      it("(d) findings by code and the fix --dry-run summary are the expected ones", () => {
        const want = expected.get(f.name);
        assert.ok(want, "no expectations: node scripts/corpus-expectations.mjs");
        assert.deepEqual(expectationOf(f.path), want);
      });
    });
  }
});
