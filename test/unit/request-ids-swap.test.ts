/**
 * Issue 20: the request's id index (providers/request-ids.ts) after an edit that changes a call's
 * arguments or a result's text in the middle of a long session: the calls and results keep their
 * ids and messages, so the index swaps the rebuilt parts in and keeps every other site as it was
 * (it is not taken back to the edit point and rebuilt). Its lists, the hits of the rules that read
 * it, and the parts they point at equal an index of the request built afresh.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LineDocument } from "../../server/src/lsp/line-document.js";
import { DEFAULT_SETTINGS } from "../../server/src/lsp/settings.js";
import { Store } from "../../server/src/lsp/store.js";
import { buildRequest } from "../../server/src/engine/providers/request-build.js";
import { requestIds, type RequestIds } from "../../server/src/engine/providers/request-ids.js";
import { calls, results } from "../../server/src/engine/providers/request-parts.js";
import { placeOf, type Part } from "../../server/src/engine/providers/request-model.js";
import { PROVIDER_RULES } from "../../server/src/engine/providers/rules.js";
import { tupleKey } from "../../server/src/engine/model/tuple-key.js";
import type { Analysis } from "../../server/src/engine/pipeline/analyze.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

const URI = "file:///nonexistent-dir/ids-swap.jsonl";
const KEY = tupleKey("request-ids-swap");

/** The index as plain data: ids, request positions and the parts' places. */
function shape(ids: RequestIds) {
  const where = (p: Part) => JSON.stringify(placeOf(p));
  const uses = (m: Map<string, { at: number; seq: number; part: Part }[]>) => [...m].map(([id, l]) => [id, l.map((u) => [u.at, u.seq, where(u.part)])]);
  return {
    calls: uses(ids.calls),
    results: uses(ids.results),
    sites: ids.sites.map((s) => [s.at, s.id, s.call, where(s.part)]),
    multi: [...ids.multi].sort(),
    open: [...ids.open].sort(),
    orphans: ids.orphans.map((s) => [s.at, s.id]),
  };
}

describe("request id index after an edit in the middle", () => {
  // 40 turns whose calls reuse two ids (colliding-id, "anywhere" pairing), one orphan result.
  const specs: Spec[] = [];
  for (let k = 1; k <= 40; k++) specs.push({ user: 4 * k }, { assistant: 4 * k + 1, calls: [`bash_${k % 2}`] }, { result: 4 * k + 2, id: k === 20 ? "lost_1" : `bash_${k % 2}` });
  const store = new Store();
  const doc = LineDocument.create(URI, "jsonl", 1, sessionText(specs));
  const analysisAt = (version: number): Analysis => store.get(URI, version, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS).analysis!;
  const requestOf = (a: Analysis) => buildRequest(a.after, { oneMessagePerLine: false, sameModel: (m) => m.role === "assistant", resumeKey: KEY });
  const edit = (line: number, from: string, to: string, version: number) => {
    const old = doc.lines().lines.at(line)!.text;
    assert.ok(old.includes(from), `line ${line} holds ${from}`);
    LineDocument.update(doc, [{ range: { start: { line, character: 0 }, end: { line, character: old.length } }, text: old.replace(from, to) }], version);
  };

  it("swaps the edited call's and result's parts in, keeps every other site, and equals a fresh index", () => {
    let req = requestOf(analysisAt(1));
    const ids = requestIds(req, calls, results);
    const sitesBefore = [...ids.sites];
    const lines = doc.lines().lines;
    const callLine = [...lines.all()].findIndex((l) => l.text.includes('"command":"run bash_1"') && l.text.includes('"timestamp":61'));
    const resultLine = [...lines.all()].findIndex((l) => l.text.includes('"toolResult"') && l.text.includes('"timestamp":90'));
    assert.ok(callLine > 0 && resultLine > 0, "the session has the call and the result to edit");
    let version = 1;
    for (const [line, from, to] of [
      [callLine, '"command":"run bash_1"', '"command":"run bash_1 --edited"'],
      [resultLine, '"text":"', '"text":"edited '],
    ] as const) {
      edit(line, from, to, ++version);
      const a = analysisAt(version);
      const next = requestOf(a);
      assert.equal(next, req, "the request is built in place (the index follows its lineage)");
      req = next;
      const now = requestIds(req, calls, results);
      assert.equal(now, ids, "the same index, continued");
      const fresh = requestIds(buildRequest(a.after, { oneMessagePerLine: false, sameModel: (m) => m.role === "assistant" }), calls, results);
      assert.deepEqual(shape(now), shape(fresh), `after the edit of line ${line}: the index equals a fresh one`);
      // Not taken back: the sites are the same objects as before the edits (the edited one's part swapped).
      assert.equal(now.sites.length, sitesBefore.length);
      now.sites.forEach((s, i) => assert.equal(s, sitesBefore[i], `site ${i} kept`));
      // The parts are this version's: each use points at the request message's own part.
      for (const s of now.sites) assert.ok((s.call ? calls(req[s.at]) : results(req[s.at])).includes(s.part as never), `site of ${s.id} at ${s.at} points into this request`);
      const ctx = { session: a.session, beforeOf: () => undefined };
      for (const code of ["colliding-id", "orphan-result", "dangling-call"]) {
        const rule = PROVIDER_RULES.find((r) => r.code === code)!;
        const built = buildRequest(a.after, { oneMessagePerLine: false, sameModel: (m) => m.role === "assistant" });
        assert.deepEqual(rule.check(req, ctx, "anywhere"), rule.check(built, ctx, "anywhere"), `${code} after the edit of line ${line}`);
      }
    }
  });

  it("an edit that changes a call's id is not swapped: the index is rebuilt from there and equals a fresh one", () => {
    const v = doc.version + 1;
    const line = [...doc.lines().lines.all()].findIndex((l) => l.text.includes('"id":"bash_0"') && l.text.includes('"timestamp":41'));
    assert.ok(line > 0);
    requestIds(requestOf(analysisAt(doc.version)), calls, results);
    edit(line, '"id":"bash_0"', '"id":"bash_9"', v);
    const a = analysisAt(v);
    const now = requestIds(requestOf(a), calls, results);
    const fresh = requestIds(buildRequest(a.after, { oneMessagePerLine: false, sameModel: (m) => m.role === "assistant" }), calls, results);
    assert.deepEqual(shape(now), shape(fresh));
    assert.ok(now.calls.has("bash_9"));
  });
});
