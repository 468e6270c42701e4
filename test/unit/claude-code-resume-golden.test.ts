/**
 * Issues 21 and 28: the After column of a Claude Code session is what the real CLI sends on
 * resume. Each recording in test/fixtures/peer-cc/<release>/<stem>.json is the request Claude Code
 * 2.1.112 (and 2.0.31) sent when it resumed `<stem>.jsonl` (docs/research/claude-code-resume.md
 * section 11); the product's After, grouped into the API's messages, must equal it message for
 * message: roles, every block's type, call and result ids (and error flag), the file line each
 * block matches (found the way the recorder finds it: by id, or by the text's hash), the texts the
 * CLI makes up ("Continue from where you left off.", merged texts with their "\n", ...), the first
 * file line sent, and each message's lines within the product's `sourceLines`. Attachment texts
 * are compared by position only (their wording is approximated), as are results an attachment
 * was folded into. The user context at the start and the new prompt at the end (with that turn's
 * reminders) are not part of the history and are left out of the recording.
 *
 * Corpus files may be absent (CI may hold only a few): a file that is missing is skipped, never
 * failed. The constructed fixtures in test/fixtures/claude-code are always there. The comparison
 * itself is in test/helpers/peer-cc-compare.ts (scripts/peer-compare-unseen.ts uses it too).
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { fixAll } from "../../server/src/engine/repair/registry.js";
import { CORPUS } from "../helpers/corpus.js";
import { compareRecording } from "../helpers/peer-cc-compare.js";

const PEER = join(__dirname, "..", "fixtures", "peer-cc");
const FIXTURES = join(__dirname, "..", "fixtures", "claude-code");

function sessionPath(stem: string): string | undefined {
  const fixture = join(FIXTURES, `${stem}.jsonl`);
  if (existsSync(fixture)) return fixture;
  const corpus = join(CORPUS, "claude-code", `${stem}.jsonl`);
  return existsSync(corpus) ? corpus : undefined;
}

const RELEASES = [
  { release: "2.1.112", version: "2.1" },
  { release: "2.0.31", version: "2.0" },
];

for (const { release, version } of RELEASES) {
  describe(`Claude Code ${release}: the product's After equals the recorded request`, () => {
    const stems = readdirSync(join(PEER, release)).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();
    const tally = { equal: 0, compared: 0, notResumable: 0, refused: 0, skipped: 0 };
    for (const stem of stems) {
      const path = sessionPath(stem);
      const rec = JSON.parse(readFileSync(join(PEER, release, `${stem}.json`), "utf8"));
      it(stem, (t) => {
        if (!path) {
          tally.skipped++;
          return t.skip("the corpus file is not here");
        }
        if (rec.notRecorded) {
          tally.skipped++;
          return t.skip("not recorded (the CLI refused the file)");
        }
        const text = readFileSync(path, "utf8");
        const a = analyze(text, { agentVersion: version });
        if (!rec.main) {
          // The CLI stopped with an error on the file ("Failed to resume session", or an error
          // result before the first request): the product says it refuses the file, sends
          // nothing and reports why.
          if (/^Failed to resume session/.test(rec.run?.stderrHead ?? "") || rec.run?.stdout?.is_error === true) {
            assert.equal(a.after.length, 0, `the CLI refused the file; the product sends ${a.after.length} messages`);
            assert.match(a.afterModel.label, new RegExp(`^Claude Code ${release.replace(/\./g, "\\.")} refuses to resume`));
            const refused = a.findings.find((f) => f.code === "resume-refused");
            assert.ok(refused, "a resume-refused finding says why");
            // The error the CLI printed, where it printed one, is the one the finding names.
            const said = /^Failed to resume session: (.+)/.exec(rec.run?.stderrHead ?? "")?.[1];
            if (said) assert.ok(refused.message.includes(said.trim()), `the finding names the CLI's error "${said.trim()}": ${refused.message}`);
            tally.refused++;
            return;
          }
          // The CLI sent no request: not resumable ("No conversation found": a subagent's own
          // file, which the product reads as the parent session resumes it), or it hung.
          assert.ok(a.after.length === 0 || /subagent|hangs/.test(a.afterModel.label), `the CLI sent nothing; the product sends ${a.after.length} messages (${a.afterModel.label})`);
          if (rec.run?.timedOut) assert.match(a.afterModel.label, /hangs/);
          tally.notResumable++;
          return;
        }
        tally.compared++;
        const { diffs } = compareRecording(rec, text, a.after);
        assert.deepEqual(diffs, [], `${stem} (${release}):\n  ${diffs.slice(0, 12).join("\n  ")}`);
        tally.equal++;
      });
    }
    after(() => {
      console.log(
        `Claude Code ${release}: ${tally.equal} of ${tally.compared} resumed files equal, message for message and id for id; ` +
          `${tally.notResumable} files the CLI did not resume, nor the product (a subagent's file shows as its parent session resumes it); ` +
          `${tally.refused} ${tally.refused === 1 ? "file" : "files"} the CLI refused with an error, as the product says; ${tally.skipped} skipped (corpus file absent or not recorded)`,
      );
    });
  });
}

describe("the re-link repair of resume-skips-turns, checked against the real CLIs", () => {
  it("its output is the recorded progress-side-branch-relinked file, which 2.1.112 and 2.0.31 resume whole where they skipped turns of the original", () => {
    const original = readFileSync(join(FIXTURES, "progress-side-branch.jsonl"), "utf8");
    const relinked = readFileSync(join(FIXTURES, "progress-side-branch-relinked.jsonl"), "utf8");
    assert.ok(analyze(original).findings.some((f) => f.code === "resume-skips-turns"));
    const fixed = fixAll(original);
    assert.equal(fixed.text, relinked, "fix's output is the file the CLIs were run on");
    assert.ok(!fixed.analysis.findings.some((f) => f.code === "resume-skips-turns"));
    for (const { release } of RELEASES) {
      const lines = (stem: string) => JSON.parse(readFileSync(join(PEER, release, `${stem}.json`), "utf8")).main.messages.flatMap((m: any) => m.fileLines);
      const before = new Set(lines("progress-side-branch"));
      const after = new Set(lines("progress-side-branch-relinked"));
      for (const l of [6, 7, 8]) {
        assert.ok(!before.has(l), `${release} skipped line ${l} of the original`);
        assert.ok(after.has(l), `${release} sends line ${l} of the repaired file`);
      }
    }
  });
});
