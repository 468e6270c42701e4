/**
 * Issue 22 item 9: one list of unsafe characters (protocol/unsafe-chars.ts), marked or escaped in
 * every place transcript text is shown. A hostile pi session (tag characters, soft hyphen,
 * variation selectors, CGJ, Mongolian vowel separator, Hangul fillers, zero-width, bidi overrides
 * and isolates, ESC, BEL, C1) goes through each surface: the CLI's terminal output, hovers, the
 * webview's marker, diagnostic messages, outline names, code-action titles, code lenses and the
 * status bar. Each test fails when its surface shows one of these characters raw.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/index.js";
import { checkFile } from "../../server/src/cli/check-file.js";
import { codeActions } from "../../server/src/lsp/actions.js";
import { codeLenses } from "../../server/src/lsp/code-lenses.js";
import { diagnostics } from "../../server/src/lsp/diagnostics.js";
import { hover } from "../../server/src/lsp/hover.js";
import { DocModel } from "../../server/src/lsp/model.js";
import { DEFAULT_SETTINGS } from "../../server/src/lsp/settings.js";
import { symbols } from "../../server/src/lsp/symbols.js";
import { installFakes } from "../helpers/fake-vscode.js";
import { sessionText } from "../helpers/session-builder.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { statusBarContent } = require("../../extension/src/statusBar.ts");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { providerStatusContent } = require("../../extension/src/providerSwitch.ts");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { markControls } = require("../../webview/src/components/SafeText.tsx");

/** One of each kind the issue names. */
const HOSTILE = [
  "\u{E0041}", // tag LATIN CAPITAL LETTER A ("ASCII smuggling")
  "\u{E007F}", // cancel tag
  "\u00AD", // soft hyphen
  "\uFE0F", // variation selector 16
  "\u{E0100}", // variation selector 17
  "\u034F", // combining grapheme joiner
  "\u180E", // Mongolian vowel separator
  "\u3164", // Hangul filler
  "\u115F", // Hangul choseong filler
  "\uFFA0", // halfwidth Hangul filler
  "\u200B", // zero-width space
  "\u2060", // word joiner
  "\u202E", // right-to-left override
  "\u2066", // left-to-right isolate
  "\u2069", // pop directional isolate
  "\u001B", // ESC
  "\u0007", // BEL
  "\u009B", // C1 CSI
];
const H = HOSTILE.join("");
/** The hostile characters found raw in `text`. */
const raw = (text: string) => HOSTILE.filter((c) => text.includes(c));

const ORPHAN_ID = `ev${H}_1`;
const CALL_ID = `call${H}_2`;
const TEXT = () =>
  sessionText([
    { user: 1, text: `hello ${H} there` },
    { assistant: 2, calls: [CALL_ID] },
    { result: 3, id: ORPHAN_ID, tool: `to${H}ol` },
    { user: 4, text: `again ${H}` },
    { chain: { blockId: `b${H}9`, start: 1, final: 2, dropped: [CALL_ID] } },
  ]);
const URI = "file:///hostile/s.jsonl";
const model = () => new DocModel(analyze(TEXT()));

const dir = mkdtempSync(join(tmpdir(), "ti-unsafe-"));
after(() => rmSync(dir, { recursive: true, force: true }));

describe("unsafe characters are never shown raw", () => {
  it("the hostile session has findings that name the hostile ids (the surfaces below have something to show)", () => {
    const a = analyze(TEXT());
    assert.ok(a.findings.some((f) => f.message.includes(ORPHAN_ID)), a.findings.map((f) => f.message).join("\n"));
  });

  it("terminal: check's text output escapes every one", () => {
    const path = join(dir, `s${H}.jsonl`);
    writeFileSync(path, TEXT());
    let out = "";
    for (const piece of checkFile({ path, format: "text" })) out += piece;
    assert.ok(out.includes("\\u{e0041}") && out.includes("\\u202e") && out.includes("\\x1b") && out.includes("\\xad"), out);
    assert.deepEqual(raw(out), []);
  });

  it("hover: on the orphan's id and on the call's id, every one marked", () => {
    const m = model();
    const lines = m.a.session.lines;
    let asked = 0;
    for (let line = 0; line < lines.length; line++) {
      const t = lines.at(line)!.text;
      for (const id of [ORPHAN_ID, CALL_ID]) {
        const at = t.indexOf(JSON.stringify(id).slice(1, -1));
        if (at < 0) continue;
        const h = hover(m, URI, line, at + 1);
        if (!h) continue;
        asked++;
        const value = typeof h.contents === "string" ? h.contents : "value" in h.contents ? h.contents.value : JSON.stringify(h.contents);
        assert.match(value, /U\\\+E0041/);
        assert.deepEqual(raw(value), [], value);
      }
    }
    assert.ok(asked >= 2, `hovers shown: ${asked}`);
  });

  it("webview: markControls (SafeText's list) marks every one, and keeps tab and line breaks", () => {
    const s = markControls(`a${H}\tb\nc\r`);
    assert.deepEqual(raw(s), []);
    assert.match(s, /U\+E0041/);
    assert.match(s, /U\+00AD/);
    assert.ok(s.includes("\t") && s.includes("\n") && s.includes("\r"));
  });

  it("diagnostic messages and their related messages escape every one", () => {
    const ds = diagnostics(model(), URI, DEFAULT_SETTINGS);
    const text = (m: unknown) => (typeof m === "string" ? m : JSON.stringify(m));
    assert.ok(ds.some((d) => text(d.message).includes("\\u202e")), ds.map((d) => text(d.message)).join("\n"));
    for (const d of ds) {
      assert.deepEqual(raw(text(d.message)), [], text(d.message));
      for (const r of d.relatedInformation ?? []) assert.deepEqual(raw(r.message), [], r.message);
    }
  });

  it("outline: symbol names and details escape every one", () => {
    const all: string[] = [];
    const walk = (list: { name: string; detail?: string; children?: unknown[] }[]) => {
      for (const s of list) {
        all.push(s.name, s.detail ?? "");
        if (s.children) walk(s.children as never);
      }
    };
    walk(symbols(model()) as never);
    assert.ok(all.some((n) => n.includes("\\u{e0041}")), all.join("\n"));
    assert.deepEqual(raw(all.join("\n")), []);
  });

  it("code actions: titles and disabled reasons escape every one", () => {
    const m = model();
    const ds = diagnostics(m, URI, DEFAULT_SETTINGS);
    const doc = { uri: URI, version: 1, text: TEXT(), model: m, options: {} };
    const titles: string[] = [];
    for (let line = 0; line < m.a.session.lines.length; line++) {
      const range = { start: { line, character: 0 }, end: { line, character: 0 } };
      for (const c of codeActions(doc, range, undefined, ds.filter((d) => d.range.start.line === line), true, true)) titles.push(c.title, c.disabled?.reason ?? "");
    }
    assert.ok(titles.some((t) => t.includes("\\u202e")), titles.join("\n"));
    assert.deepEqual(raw(titles.join("\n")), []);
  });

  it("code lenses: chain titles escape every one", () => {
    const lenses = codeLenses(model(), URI);
    assert.ok(lenses.length > 0);
    for (const l of lenses) assert.deepEqual(raw(l.command?.title ?? ""), [], l.command?.title);
  });

  it("status bar: the session item and the provider item escape every one, text and tooltip", () => {
    const s = statusBarContent({ uri: URI, format: `pi${H}`, pruner: `pr${H}`, messagesBefore: 3, messagesAfter: 2 });
    assert.deepEqual(raw(s.text + s.tooltip), [], s.text);
    assert.ok(s.tooltip.includes("\n"), "the tooltip keeps its lines");
    const p = providerStatusContent({
      target: "anthropic",
      label: "Anthropic",
      source: "session",
      detected: "anthropic",
      rejects: true,
      problems: 2,
      reason: { line: 4, code: "orphan-result", message: `result ${ORPHAN_ID} has no call`, error: `unexpected tool_use_id ${ORPHAN_ID}` },
    });
    assert.deepEqual(raw(p.text + p.tooltip), [], p.tooltip);
    assert.match(p.tooltip, /\\u\{e0041\}/);
  });
});
