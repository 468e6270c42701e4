/** Issue 6, component level: the webview's row alignment, bands and filters on real views (Node). */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { alignRows, allRoles, allTools, filterRows, rowForLine, rowMessages } from "../../server/src/presentation/view-rows.js";
import { emptyFilters, savingPercent } from "../../webview/src/model.js";
import { corpusText } from "../helpers/corpus.js";
import { seedRegressionSpecs, sessionText } from "../helpers/session-builder.js";
import { viewOf } from "./harness.js";

describe("webview model: aligning before and after", () => {
  const view = viewOf(sessionText(seedRegressionSpecs()));
  const rows = alignRows(view);

  it("keeps every message exactly once, in order, on its side (results in their call's card)", () => {
    const side = (s: "before" | "after") => rows.flatMap((r) => rowMessages(r).filter((x) => x.side === s).map((x) => x.m.key));
    assert.deepEqual(side("before"), view.before.map((m) => m.key));
    assert.deepEqual(side("after"), view.after.map((m) => m.key));
    assert.ok(rows.some((r) => r.results?.length), "some results sit in their call's card");
    for (const r of rows)
      for (const p of r.results ?? [])
        for (const s of ["before", "after"] as const) {
          const m = p[s];
          if (m) assert.ok(m.role === "toolResult" && r[s]?.toolCallIds?.includes(m.toolCallId!), `${m.key} is a result of a call in ${r.key}`);
        }
  });

  it("pairs a kept message with its copy and a chain summary with the messages it replaces", () => {
    for (const r of rows) if (r.before && r.after && r.after.line !== null) assert.equal(r.after.key.replace(/#\d+$/, ""), r.before.key);
    for (const id of ["b5", "b7"]) {
      const summary = rows.find((r) => r.after?.synthetic === "chain-summary" && r.after.blockId === id)!;
      assert.equal(summary.band, id);
      assert.ok(summary.before?.droppedBy?.kind === "chain" && summary.before.droppedBy.blockId === id, "summary sits beside the first dropped message");
    }
  });

  it("marks band starts and ends for resolved ranges only", () => {
    for (const id of ["b5", "b7"]) {
      const band = rows.filter((r) => r.band === id);
      assert.equal(band.filter((r) => r.bandStart).length, 1);
      assert.equal(band.filter((r) => r.bandEnd).length, 1);
      const range = view.ranges.find((r) => r.blockId === id)!;
      assert.equal(band[0].before?.key, range.startKey);
      assert.equal(band.at(-1)!.before?.key, range.endKey);
    }
  });

  it("finds the row for a file line (exact, else the one before)", () => {
    const lines = (n: number) => rowMessages(rows[n]).map((x) => x.m.line);
    const i = rowForLine(rows, 11);
    assert.ok(lines(i).includes(11));
    // line 14 is the chain entry (no message): the closest message before it
    const j = rowForLine(rows, 14);
    assert.ok(lines(j).includes(13));
    assert.equal(rowForLine(rows, 0), -1);
  });

  it("saving percent", () => {
    assert.equal(savingPercent(200, 150), 25);
    assert.equal(savingPercent(0, 0), 0);
    assert.equal(savingPercent(83, 92), -10.8);
  });
});

describe("webview model: filters on a corpus session", () => {
  const view = viewOf(corpusText("pi/pi-mono-large-session-v1.jsonl"));
  const rows = alignRows(view);

  it("no filter keeps every row; roles and tools come from the view", () => {
    assert.equal(filterRows(rows, emptyFilters()), rows);
    assert.deepEqual(allRoles(rows), ["assistant", "toolResult", "user"]);
    assert.ok(allTools(rows).includes("bash") && allTools(rows).includes("read"));
  });

  it("role, tool, findings and search each narrow the rows to matching ones", () => {
    const byRole = filterRows(rows, { ...emptyFilters(), hiddenRoles: allRoles(rows).filter((r) => r !== "user") });
    assert.ok(byRole.length > 0 && byRole.length < rows.length);
    assert.ok(byRole.every((r) => r.before?.role === "user" || r.after?.role === "user"));
    const byTool = filterRows(rows, { ...emptyFilters(), tool: "write" });
    assert.ok(byTool.length > 0 && byTool.every((r) => [r.before, r.after].some((m) => m?.toolNames?.includes("write"))));
    const flagged = filterRows(rows, { ...emptyFilters(), onlyFindings: true });
    assert.equal(flagged.length, view.before.filter((m) => m.findings.length).length);
    const id = view.before.find((m) => m.toolCallId)!.toolCallId!;
    const found = filterRows(rows, { ...emptyFilters(), search: id.toUpperCase() });
    assert.ok(found.length >= 1 && found.every((r) => [r.before, r.after].some((m) => m?.toolCallId === id || m?.toolCallIds?.includes(id) || m?.preview.includes(id))));
  });
});

describe("webview source: no HTML sinks", () => {
  it("webview/src never uses innerHTML, dangerouslySetInnerHTML, eval, document.write or links", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const dir = join(__dirname, "..", "..", "webview", "src");
    // every file, components/ and hooks/ included
    const files = readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.(tsx?|css)$/.test(f));
    assert.ok(files.length >= 20, `${files.length} files`);
    for (const f of files) {
      const src = readFileSync(join(dir, f), "utf8");
      for (const sink of [/dangerouslySetInnerHTML/, /\.innerHTML/, /outerHTML/, /insertAdjacentHTML/, /document\.write/, /\beval\(/, /new Function/, /<iframe/, /<img/])
        assert.ok(!sink.test(src), `${f} uses ${sink}`);
      // one anchor (issue 23): a Markdown link, and only to http(s) or mailto
      if (f !== join("content", "Markdown.tsx")) for (const sink of [/\bhref=/, /<a[\s>]/]) assert.ok(!sink.test(src), `${f} uses ${sink}`);
      else assert.match(src, /if \(!SAFE_HREF\.test\(href\)\)/);
    }
  });
});
