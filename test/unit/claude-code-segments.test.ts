/**
 * What Claude Code sends on resume is built in segments of the chain (claude-code-segments.ts) so
 * that the next version builds only the segments it changes; the leaf is picked through an index
 * the next version updates (claude-code-leaf-index.ts). Both must give what the plain build and
 * the plain pick give: checked on every constructed fixture and every Claude Code corpus file, in
 * both readings, on the whole file and on each of a few prefixes of it (a session as it grows).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { parseText } from "../../server/src/engine/model/parse.js";
import { buildHistory } from "../../server/src/engine/formats/claude-code/claude-code-history.js";
import { lineItem } from "../../server/src/engine/formats/claude-code/claude-code-items.js";
import { LeafIndex } from "../../server/src/engine/formats/claude-code/claude-code-leaf-index.js";
import { resumeLeaf } from "../../server/src/engine/formats/claude-code/claude-code-leaf.js";
import { itemsToMessages } from "../../server/src/engine/formats/claude-code/claude-code-messages.js";
import { readClaudeConversation } from "../../server/src/engine/formats/claude-code/claude-code-reading.js";
import { buildRequest } from "../../server/src/engine/formats/claude-code/claude-code-request.js";
import { buildSegments } from "../../server/src/engine/formats/claude-code/claude-code-segments.js";
import { loadTranscript, READING_VERSIONS, sentTranscript } from "../../server/src/engine/formats/claude-code/claude-code-transcript.js";
import { allCorpusFiles, FIXTURES, fixtureText } from "../helpers/corpus.js";

const files: { name: string; text: string }[] = [
  ...readdirSync(join(FIXTURES, "claude-code"))
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => ({ name: `fixtures/claude-code/${f}`, text: fixtureText(`claude-code/${f}`) })),
  ...allCorpusFiles()
    .filter((f) => f.name.startsWith("claude-code/"))
    .map((f) => ({ name: `corpus/${f.name}`, text: f.text })),
];

/** The file cut after a few of its lines (and whole). */
function prefixes(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  const cuts = new Set([Math.ceil(lines.length / 3), Math.ceil((2 * lines.length) / 3), lines.length]);
  return [...cuts].filter((n) => n > 0).map((n) => lines.slice(0, n).join(""));
}

const sorted = <V>(m: ReadonlyMap<number, V> | undefined) => [...(m ?? new Map<number, V>())].sort((a, b) => a[0] - b[0]);

describe("Claude Code: the segmented build and the leaf index equal the plain ones", () => {
  let segmented = 0;
  let built = 0;
  for (const f of files)
    it(f.name, () => {
      for (const text of prefixes(f.text)) {
        const lines = parseText(text).lines;
        const reading = readClaudeConversation(lines);
        for (const version of READING_VERSIONS) {
          const where = `${f.name}, ${lines.length} lines, ${version}`;
          const sent = reading.sent(version);
          const t = loadTranscript(lines, version);
          const map = version === "2.1" ? sentTranscript(t) : t.byUuid;
          if (version === "2.1") {
            const l = LeafIndex.of(map).leaf(t.lastMain);
            if (l !== "scan") assert.equal(l, resumeLeaf(map, t, version), `${where}: the leaf`);
          }
          if (!sent.request) continue;
          built++;
          const history = buildHistory(sent.chain.map(lineItem), version, { interruption: !sent.subagent });
          const request = buildRequest(history.items, version);
          assert.deepEqual(sent.messages, itemsToMessages(request.items, reading.rawAt), `${where}: messages`);
          assert.deepEqual(sorted(sent.request.dropped), sorted(request.dropped), `${where}: request drops`);
          assert.deepEqual(sorted(sent.history?.dropped), sorted(history.dropped), `${where}: history drops`);
          assert.deepEqual(sent.history?.unanswered, history.unanswered, `${where}: unanswered calls`);
          assert.deepEqual(sent.history?.added, history.added, `${where}: added messages`);
          assert.deepEqual([sent.request.droppedResults, sent.request.madeUpResults, sent.request.droppedCalls, sent.request.cutAt], [request.droppedResults, request.madeUpResults, request.droppedCalls, request.cutAt], `${where}: request lists`);
          assert.deepEqual(sent.request.items, request.items, `${where}: request items`);
          const sentLines = new Set(sent.messages.filter((m) => m.role !== "toolResult").flatMap((m) => m.sourceLines ?? (m.origin.kind === "entry" ? [m.origin.line] : [])));
          for (const tl of sent.chain) {
            assert.equal(sent.sendsLine(tl.line), sentLines.has(tl.line), `${where}: line ${tl.line + 1} sent`);
            assert.ok(sent.onChain(tl.line), `${where}: line ${tl.line + 1} on the chain`);
          }
          if (buildSegments(sent.chain, version, !sent.subagent, reading.rawAt, lines.length).size > 1) segmented++;
        }
      }
    });
  it("segments were built", (t) => {
    t.diagnostic(`${built} requests built, ${segmented} of them in more than one segment`);
    assert.ok(built > 100 && segmented > built / 2, `${segmented} of ${built}`);
  });
});
