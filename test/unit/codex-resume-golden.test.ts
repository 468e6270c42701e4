/**
 * Issue 28: the After column of a Codex rollout is what the real Codex CLI (0.171.0) sends when it
 * resumes it. Every recording in test/fixtures/peer-codex (the CLI resuming each file against a
 * fake Responses API: scripts/record-peers-codex.mjs, never run here) is compared with the
 * product's reading of the same file, item for item: type, role, call id, whether Codex made the
 * item up, the file line it comes from (by content, as the recorder locates it), its text, and
 * the count. The request around the history (Codex's base instructions first, this run's context
 * updates and prompt last: docs/research/codex-resume.md section 1) is not part of the file.
 *
 * Constructed fixtures (test/fixtures/codex) and the repository's corpus (test/corpus/codex) are
 * always there; a file only the shared corpus (../shared/corpus/codex) holds may not be: a
 * recording whose file is missing is skipped, never failed. The comparison itself is in
 * test/helpers/peer-codex-compare.ts (scripts/peer-compare-unseen.ts uses it too).
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { codexHistory } from "../../server/src/engine/formats/codex/codex-history.js";
import type { SentItem } from "../../server/src/engine/formats/codex/codex-sent-item.js";
import { ABORTED_NOTE } from "../../server/src/engine/formats/codex/codex-sent-item.js";
import { type Msg, sourceLinesOf } from "../../server/src/engine/model/types.js";
import { corpusPath } from "../helpers/corpus.js";
import { compareHistory, newTally, type Recording } from "../helpers/peer-codex-compare.js";

const ROOT = join(__dirname, "..", "..");
const PEERS = join(ROOT, "test", "fixtures", "peer-codex");
const FIXTURES = join(ROOT, "test", "fixtures", "codex");

/** The rollout of a recording: a constructed fixture, else a corpus file (undefined when the corpus does not hold it). */
function rolloutPath(r: Recording): string | undefined {
  const p = join(FIXTURES, r.rollout);
  return existsSync(p) ? p : corpusPath(`codex/${r.rollout}`);
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

const tally = newTally();

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
      const problems = compareHistory(r, text, h.items, tally);
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
