/**
 * One language-server scenario over a real stdio connection to the built `dist/server.js`
 * (test/helpers/lsp-client.ts), for a session of any format (the lines it appends come from
 * generate.ts `appendedLine`; the middle line it edits is a user prompt in every format):
 * open -> first diagnostics, append one line -> diagnostics, edit one middle line ->
 * diagnostics (a JSON document, Cline's or Roo Code's: no append; the edits insert text inside a
 * middle prompt), hover on the session's hover id, code actions on a finding's line with the
 * diagnostics last published there, and the resolve of one file-wide action when one is offered;
 * diagnostics message bytes and the server's RSS. Every time is client-observed (it includes
 * JSON-RPC transfer and any debounce the server applies to changes).
 *   node --import tsx scripts/bench/lsp-scenario.ts META.json CAP_MS
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { CodeAction, Diagnostic } from "vscode-languageserver/node";
import { codeSpec, type FixKind, REPAIRS } from "../../server/src/engine/index";
import { LspClient, type Published } from "../../test/helpers/lsp-client";
import { baselineLoop } from "./baseline-loop";
import { appendedLine, hoverCharacterOf, type SessionMeta } from "./generate";
import { median, procPeakRss } from "./measure";
import { bytesOf, capped, emit, watchServer } from "./scenario-io";

function lineAt(text: string, n: number): string {
  let at = 0;
  for (let i = 0; i < n; i++) at = text.indexOf("\n", at) + 1;
  const end = text.indexOf("\n", at);
  return text.slice(at, end < 0 ? text.length : end);
}

/** Whether a file-wide repair handles the finding code (so a code action there offers one to resolve). */
function hasFileWideFix(code: Diagnostic["code"]): boolean {
  if (typeof code !== "string") return false;
  try {
    return codeSpec(code).fixes.some((k: FixKind) => !!REPAIRS[k]?.all);
  } catch {
    return false; // a provider rule's code: not in the engine's table
  }
}

async function main() {
  const meta = JSON.parse(readFileSync(process.argv[2], "utf8")) as SessionMeta;
  const cap = Number(process.argv[3] ?? 120000);
  const text = readFileSync(meta.file, "utf8");
  const base: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    baselineLoop(text);
    base.push(performance.now() - t);
  }
  emit("baseline-in-memory", { status: "ok", ms: median(base) });

  // The server logs its own time per publish (server.ts): the targets are about server time.
  process.env.TRANSCRIPT_INSPECTOR_TIMINGS = "1";
  const client = await LspClient.start({});
  const loggedMs = (version: number): { ms: number } | undefined => {
    for (const n of client.notifications) {
      const m = n.method === "window/logMessage" ? /^timing: publish (\S+) v(\d+) ([\d.]+) ms$/.exec(String(n.params?.message ?? "")) : null;
      if (m && m[1] === uri && Number(m[2]) === version) return { ms: Number(m[3]) };
    }
    return undefined;
  };
  /** The server's own time for the publish of `version` (logged right after its diagnostics). */
  const serverMs = async (version: number): Promise<number | undefined> => (await client.until(() => loggedMs(version), 10_000, `timing v${version}`).catch(() => undefined))?.ms;
  const { died, reason } = watchServer(client);
  const uri = pathToFileURL(meta.file).href;
  const pid = client.child.pid!;
  const waitDiag = (version: number, from: number) =>
    client.until(() => client.published.slice(from).find((p: Published) => p.uri === uri && (p.version ?? 0) >= version), cap + 1000, `diagnostics v${version}`);
  const diagFigures = (p: Published) => ({
    bytes: bytesOf(p),
    diagnostics: p.diagnostics.length,
    related: p.diagnostics.reduce((n, d) => n + (d.relatedInformation?.length ?? 0), 0),
  });
  const step = async (name: string, f: () => Promise<Record<string, unknown>>): Promise<boolean> => {
    try {
      const r = await capped(f(), cap, died);
      emit(name, { status: "ok", ...r, rss: procPeakRss(pid) });
      return true;
    } catch (e) {
      const r = reason();
      const m = (e as Error).message;
      emit(name, m === "cap" ? { status: "timeout", note: "exceeded the step's time cap" } : m.startsWith("not a session") ? { status: "not-a-session", note: m } : r);
      return false;
    }
  };
  let ok = await step("open", async () => {
    const from = client.published.length;
    const t = performance.now();
    client.open(uri, text, 1);
    // A text the server does not read as a session publishes no diagnostics, only its status.
    const notSession = client.until(() => client.notifications.find((n) => n.method === "transcriptInspector/status" && n.params?.uri === uri && n.params?.isSession === false), cap + 1000, "status");
    const p = await Promise.race([waitDiag(1, from), notSession.then((n) => Promise.reject(new Error(`not a session to the server (format ${n?.params?.format})`)))]);
    return { ms: performance.now() - t, serverMs: await serverMs(1), ...diagFigures(p) };
  });
  // A document (Cline, Roo Code) is rewritten whole by its agent: an append is not a line added at
  // the end (the steps say so); its edits insert text at a character inside a middle prompt.
  const doc = meta.document === true;
  const skipped = (name: string) => emit(name, { status: "skipped", note: "one JSON document: its agent rewrites the whole file, no line is appended" });
  // Characters inserted at the middle place so far: a place after it on that line moved by as many
  // (a one-line document's hover id sits after its middle).
  let inserted = 0;
  const insertAt = (text: string) => {
    inserted += text.length;
    return { range: { start: { line: meta.middleLine, character: meta.middleCharacter ?? 0 }, end: { line: meta.middleLine, character: meta.middleCharacter ?? 0 } }, text };
  };
  // Appends chain: each appended line's parent is the one appended before it (pi, Claude Code).
  const first = appendedLine(meta, meta.lines, meta.lastId);
  const second = appendedLine(meta, meta.lines + 1, first.id);
  if (ok && doc) skipped("append");
  else if (ok)
    ok = await step("append", async () => {
      const newLine = first.line;
      const from = client.published.length;
      const t = performance.now();
      client.change(uri, 2, [{ range: { start: { line: meta.lines, character: 0 }, end: { line: meta.lines, character: 0 } }, text: newLine }]);
      const p = await waitDiag(2, from);
      return { ms: performance.now() - t, serverMs: await serverMs(2), ...diagFigures(p) };
    });
  if (ok)
    ok = await step("edit-middle", async () => {
      const old = doc ? "" : lineAt(text, meta.middleLine);
      const edited = old.replace('"text":"', '"text":"edited by the benchmark: ');
      const from = client.published.length;
      const t = performance.now();
      client.change(uri, 3, [doc ? insertAt("edited by the benchmark: ") : { range: { start: { line: meta.middleLine, character: 0 }, end: { line: meta.middleLine, character: old.length } }, text: edited }]);
      const p = await waitDiag(3, from);
      return { ms: performance.now() - t, serverMs: await serverMs(3), ...diagFigures(p) };
    });
  // The same two edits again, each followed at once by a request: the answer needs the analysis of
  // the new text, without waiting for the server's debounce of diagnostics.
  const probe = async (version: number, change: { range: any; text: string }) => {
    const t = performance.now();
    client.change(uri, version, [change]);
    await client.request("textDocument/documentSymbol", { textDocument: { uri } });
    return { ms: performance.now() - t };
  };
  if (ok && doc) skipped("append-probe");
  else if (ok)
    ok = await step("append-probe", () => probe(4, { range: { start: { line: meta.lines + 1, character: 0 }, end: { line: meta.lines + 1, character: 0 } }, text: second.line }));
  if (ok && doc) ok = await step("edit-probe", () => probe(5, insertAt("again ")));
  else if (ok) {
    const old = lineAt(text, meta.middleLine).replace('"text":"', '"text":"edited by the benchmark: ');
    ok = await step("edit-probe", () => probe(5, { range: { start: { line: meta.middleLine, character: 0 }, end: { line: meta.middleLine, character: old.length } }, text: old.replace("edited by the benchmark", "edited again by the benchmark") }));
  }
  if (ok)
    await step("hover", async () => {
      await waitDiag(5, 0); // the probes' own republish is not part of the hover
      const original = meta.hoverCharacter >= 0 ? meta.hoverCharacter : hoverCharacterOf(lineAt(text, meta.hoverLine), meta.hoverId);
      const character = meta.hoverLine === meta.middleLine && original >= (meta.middleCharacter ?? 0) ? original + inserted : original;
      const times: number[] = [];
      let bytes: number | null = 0;
      let lines = 0;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        const h = await client.request("textDocument/hover", { textDocument: { uri }, position: { line: meta.hoverLine, character } });
        times.push(performance.now() - t);
        bytes = bytesOf(h);
        const v = h?.contents?.value ?? (typeof h?.contents === "string" ? h.contents : "");
        lines = typeof v === "string" ? v.split("\n").length : 0;
      }
      return { ms: median(times), firstMs: times[0], bytes, hoverLines: lines, id: meta.hoverId, occurrences: meta.hoverOccurrences };
    });
  // Code actions as the editor asks for them (the light bulb): on the line of a finding, with the
  // diagnostics last published on that line. One finding per code is tried (the hover line's
  // first, codes with a file-wide repair before the others, at most four) until one offers a
  // file-wide action; none at all: the hover line with no diagnostics. The first request is the
  // cold one (`firstMs`); four more on the chosen line give the median. Then the file-wide
  // action is resolved (codeAction/resolve computes its edit) as VS Code resolves a chosen one.
  if (ok)
    ok = await step("code-action", async () => {
      const last = [...client.published].reverse().find((p) => p.uri === uri);
      const diags: Diagnostic[] = last?.diagnostics ?? [];
      const byCode = new Map<string, Diagnostic>();
      for (const d of [...diags.filter((d) => d.range.start.line === meta.hoverLine), ...diags]) if (!byCode.has(String(d.code))) byCode.set(String(d.code), d);
      const candidates = [...byCode.values()].sort((x, y) => Number(hasFileWideFix(y.code)) - Number(hasFileWideFix(x.code))).slice(0, 4);
      const paramsFor = (d: Diagnostic | undefined) => {
        const line = d ? d.range.start.line : meta.hoverLine;
        const onLine = diags.filter((x) => x.range.start.line <= line && line <= x.range.end.line);
        return { line, code: d?.code ?? null, onLine: onLine.length, params: { textDocument: { uri }, range: d?.range ?? { start: { line, character: 0 }, end: { line, character: 0 } }, context: { diagnostics: onLine, triggerKind: 2 } } };
      };
      const ask = async (params: unknown) => {
        const t = performance.now();
        const actions = (await client.request<CodeAction[] | null>("textDocument/codeAction", params)) ?? [];
        return { ms: performance.now() - t, actions };
      };
      // A file-wide action carries data without a line; a one-finding repair offered before its edits (a rename) carries its line.
      const fileWideIn = (actions: CodeAction[]) => actions.find((x) => !x.edit && x.data !== undefined && (x.data as { line?: number }).line === undefined);
      const deferredIn = (actions: CodeAction[]) => actions.find((x) => !x.edit && (x.data as { line?: number } | undefined)?.line !== undefined);
      let chosen = paramsFor(candidates[0]);
      let r = await ask(chosen.params);
      const firstMs = r.ms;
      for (const d of candidates.slice(1)) {
        if (fileWideIn(r.actions)) break;
        const next = paramsFor(d);
        const nr = await ask(next.params);
        if (fileWideIn(nr.actions)) [chosen, r] = [next, nr];
      }
      const times = [r.ms];
      let actions = r.actions;
      for (let i = 0; i < 4; i++) {
        const again = await ask(chosen.params);
        times.push(again.ms);
        actions = again.actions;
      }
      const fileWide = fileWideIn(actions);
      let resolve: Record<string, unknown> = { resolved: null };
      // The quick fix whose edits are made when chosen: its resolve, as VS Code asks when it is picked.
      const one = deferredIn(actions);
      if (one) {
        const t = performance.now();
        const res = await client.request<CodeAction>("codeAction/resolve", one);
        const changes = res?.edit?.documentChanges as { edits?: unknown[] }[] | undefined;
        resolve.quickFix = one.title;
        resolve.quickFixMs = performance.now() - t;
        resolve.quickFixEdits = changes ? changes.reduce((n, c) => n + (c.edits?.length ?? 0), 0) : null;
      }
      if (fileWide) {
        const t = performance.now();
        const res = await client.request<CodeAction>("codeAction/resolve", fileWide);
        const ms = performance.now() - t;
        const changes = res?.edit?.documentChanges as { edits?: unknown[] }[] | undefined;
        const edits = !res?.edit ? null : changes ? changes.reduce((n, c) => n + (c.edits?.length ?? 0), 0) : Object.values(res.edit.changes ?? {}).reduce((n, e) => n + e.length, 0);
        resolve = { ...resolve, resolved: fileWide.title, resolveMs: ms, resolveBytes: bytesOf(res), resolveEdits: edits };
      }
      return { ms: median(times), firstMs, bytes: bytesOf(actions), actions: actions.length, line: chosen.line, code: chosen.code, diagnostics: chosen.onLine, tried: candidates.length, ...resolve };
    });
  // An agent appends line after line, a user edits one line after another: the server's time
  // for five more of each (median), after the first ones above warmed the code up.
  const series = async (name: string, first: number, change: (i: number) => { range: any; text: string }) =>
    step(name, async () => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const v = first + i;
        const from = client.published.length;
        client.change(uri, v, [change(i)]);
        await waitDiag(v, from);
        const ms = await serverMs(v);
        if (ms !== undefined) times.push(ms);
      }
      return { ms: median(times), serverMs: median(times), runs: times.length };
    });
  if (ok && doc) skipped("append-series");
  else if (ok) {
    let at = meta.lines + 2;
    let parent = second.id;
    ok = await series("append-series", 6, () => {
      const next = appendedLine(meta, at, parent);
      parent = next.id;
      const c = { range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, text: next.line };
      at++;
      return c;
    });
  }
  if (ok && doc) ok = await series("edit-series", 11, (i) => insertAt(`${i} `));
  else if (ok) {
    let now = lineAt(text, meta.middleLine).replace('"text":"', '"text":"edited again by the benchmark: ');
    ok = await series("edit-series", 11, (i) => {
      const next = now.replace(/edited (again )?by the benchmark[^:]*:/, `edited by the benchmark ${i}:`);
      const c = { range: { start: { line: meta.middleLine, character: 0 }, end: { line: meta.middleLine, character: now.length } }, text: next };
      now = next;
      return c;
    });
  }
  emit("server-rss", { status: "ok", rss: procPeakRss(pid) });
  await Promise.race([client.stop(), new Promise((r) => setTimeout(r, 5000))]);
  if (client.child.exitCode === null) client.child.kill("SIGKILL");
  process.exit(0);
}

main().catch((e) => {
  emit("error", { status: "crash", note: String((e as Error)?.message ?? e) });
  process.exit(1);
});
