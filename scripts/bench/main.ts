/**
 * The benchmark's orchestration (run through scripts/bench.mjs): generates the sessions (each
 * size, each agent's format, reused and unique ids), runs
 * the CLI, language-server and inspector steps against the built dist/, judges the targets and
 * prints the table; the full results go to bench-results/<date>.json.
 * Each step runs in its own process under a time cap: one that runs out of memory, crashes or
 * exceeds the cap is reported as such and the benchmark goes on.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, freemem, loadavg, release, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULT_FORMATS, type Format, FORMATS, generateSession, type IdMode, type SessionMeta } from "./generate";
import { HAVE_TIME, median, type RunResult, runMeasured } from "./measure";
import { runLibraryBench } from "./library-bench";
import { runStoreBench } from "./store-bench";
import { type Row, formatTable } from "./table";
import { holds, MB, TARGETS } from "./targets";

const ROOT = resolve(__dirname, "..", "..");
const OUT = join(ROOT, "bench-results");
const SESSIONS = join(OUT, "sessions");

interface Options {
  sizes: number[];
  formats: Format[];
  runs: number;
  capMs: number;
  quick: boolean;
  skip: Set<string>;
  keepSessions: boolean;
  /** `--library`: also the session library on generated sessions (library-bench.ts). */
  library: boolean;
  librarySessions: number;
  /** `--stores`: also an OpenCode database and a Hermes Agent state.db of the largest size up to 20 MB (store-bench.ts). */
  stores: boolean;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { sizes: [1, 20, 100], formats: [...DEFAULT_FORMATS], runs: 3, capMs: 120_000, quick: false, skip: new Set(), keepSessions: false, library: false, librarySessions: 1000, stores: false };
  let sizesGiven = false;
  let huge = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      const v = a.includes("=") ? a.slice(a.indexOf("=") + 1) : argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a.startsWith("--sizes")) {
      o.sizes = val().split(",").map(Number);
      sizesGiven = true;
      if (o.sizes.some((s) => !(s > 0))) throw new Error("--sizes takes megabytes, e.g. 1,20,100");
    } else if (a.startsWith("--formats")) {
      o.formats = val().split(",").map((f) => f.trim()) as Format[];
      const bad = o.formats.filter((f) => !FORMATS.includes(f));
      if (bad.length || !o.formats.length) throw new Error(`--formats takes ${FORMATS.join(",")} (got ${bad.join(",") || "none"})`);
    } else if (a.startsWith("--runs")) o.runs = Math.max(1, Number(val()));
    else if (a.startsWith("--cap")) o.capMs = Number(val()) * 1000;
    else if (a.startsWith("--skip")) o.skip = new Set(val().split(","));
    else if (a === "--quick") o.quick = true;
    else if (a === "--huge") huge = true;
    else if (a === "--keep-sessions") o.keepSessions = true;
    else if (a === "--library") o.library = true;
    else if (a === "--stores") o.stores = true;
    else if (a.startsWith("--library-sessions")) o.librarySessions = Math.max(1, Number(val()));
    else throw new Error(`unknown option ${a} (see scripts/bench.mjs)`);
  }
  if (o.quick) {
    o.runs = 1;
    if (!sizesGiven) o.sizes = [1, 20];
  }
  if (huge && !o.sizes.includes(1024)) o.sizes.push(1024);
  o.sizes = [...new Set(o.sizes)].sort((a, b) => a - b);
  return o;
}

const log = (s: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
const node = process.execPath;
const CLI = join(ROOT, "dist", "cli.js");

function version(cmd: string, args: string[]): string | null {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim().split("\n")[0] : null;
}

interface Figure {
  runs: RunResult[];
  status: RunResult["status"];
  note: string;
  cpuMs: number | null;
  wallMs: number | null;
  maxRssBytes: number | null;
  stdoutBytes: number | null;
}

function figure(runs: RunResult[]): Figure {
  const ok = runs.filter((r) => r.status === "ok");
  const bad = runs.find((r) => r.status !== "ok");
  return {
    runs,
    status: bad ? bad.status : "ok",
    note: bad?.note ?? "",
    cpuMs: ok.length ? median(ok.map((r) => r.cpuMs ?? NaN)) : null,
    wallMs: ok.length ? median(ok.map((r) => r.wallMs)) : bad ? bad.wallMs : null,
    maxRssBytes: ok.length ? median(ok.map((r) => r.maxRssBytes ?? NaN)) : null,
    stdoutBytes: ok.length ? median(ok.map((r) => r.stdoutBytes)) : null,
  };
}

/** jq's one select pass per format: the id of every tool result. */
const JQ_RESULT_IDS: Record<Format, string> = {
  pi: 'select(.message.role == "toolResult") | .message.toolCallId',
  "claude-code": 'select(.type == "user") | .message.content | arrays | .[] | select(.type == "tool_result") | .tool_use_id',
  codex: 'select(.type == "response_item" and .payload.type == "function_call_output") | .payload.call_id',
  "copilot-cli": 'select(.type == "tool.execution_complete") | .data.toolCallId',
  openclaw: 'select(.message.role == "toolResult") | .message.toolCallId',
  "oh-my-pi": 'select(.message.role == "toolResult") | .message.toolCallId',
  "gemini-cli": 'select(.type == "gemini") | .toolCalls | arrays | .[] | .result | arrays | .[] | .functionResponse.id',
  "kimi-cli": 'select(.role == "tool") | .tool_call_id',
  // no ids, no results: the tool name of every call
  cursor: 'select(.role == "assistant") | .message.content | arrays | .[] | select(.type == "tool_use") | .name',
  cline: '.messages[] | select(.role == "user") | .content | arrays | .[] | select(.type == "tool_result") | .tool_use_id',
  "cline-extension": '.[] | select(.role == "user") | .content | arrays | .[] | select(.type == "tool_result") | .tool_use_id',
  "roo-code": '.[] | select(.role == "user") | .content | arrays | .[] | select(.type == "tool_result") | .tool_use_id',
};

/** Runs each command `runs` times, interleaved; a command that fails once is not repeated. */
async function cliFigures(meta: SessionMeta, o: Options, haveJq: boolean): Promise<Record<string, Figure>> {
  const cmds: Record<string, { cmd: string; args: string[]; node: boolean; okCodes: number[] }> = {
    baseline: { cmd: node, args: [join(__dirname, "baseline.mjs"), meta.file], node: true, okCodes: [0] },
    check: { cmd: node, args: [CLI, "check", "--format", "json", meta.file], node: true, okCodes: [0, 1] },
    render: { cmd: node, args: [CLI, "render", meta.file], node: true, okCodes: [0, 1] },
    // fix-all as the CLI computes it (every round to the fixed point), written nowhere
    fix: { cmd: node, args: [CLI, "fix", "--dry-run", "--color", "never", meta.file], node: true, okCodes: [0, 1] },
  };
  if (haveJq) cmds.jq = { cmd: "jq", args: ["-c", JQ_RESULT_IDS[meta.format ?? "pi"], meta.file], node: false, okCodes: [0] };
  const runs: Record<string, RunResult[]> = Object.fromEntries(Object.keys(cmds).map((k) => [k, []]));
  const n = meta.bytes > 200 * MB ? 1 : o.runs;
  for (let i = 0; i < n; i++)
    for (const [name, c] of Object.entries(cmds)) {
      if (runs[name].some((r) => r.status !== "ok")) continue;
      log(`${label(meta)}: ${name} run ${i + 1}/${n}`);
      const r = await runMeasured(c.cmd, c.args, { timeoutMs: o.capMs, node: c.node, okCodes: c.okCodes });
      if (r.status !== "ok") log(`  ${name}: ${r.status} after ${(r.wallMs / 1000).toFixed(1)} s ${r.note}`);
      runs[name].push(r);
    }
  return Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, figure(v)]));
}

type Steps = Record<string, Record<string, any>>;

/** Runs a scenario process (lsp / inspector) and collects its JSON lines, whatever happens to it. */
async function scenario(script: string, meta: SessionMeta, o: Options, steps: number): Promise<{ steps: Steps; status: string; note: string; wallMs: number }> {
  const metaFile = `${meta.file}.meta.json`;
  const r = await runMeasured(node, ["--max-old-space-size=8192", "--import", "tsx", join(__dirname, script), metaFile, String(o.capMs)], {
    timeoutMs: steps * o.capMs + 60_000,
    keepStdout: true,
    node: true,
    env: { NODE_OPTIONS: "" },
  });
  const out: Steps = {};
  for (const line of (r.stdout ?? "").split("\n")) {
    try {
      const j = JSON.parse(line);
      if (j?.step) out[j.step] = j;
    } catch {
      /* not ours */
    }
  }
  return { steps: out, status: r.status, note: r.note, wallMs: r.wallMs };
}

const label = (m: SessionMeta) => `${sizeLabel(m.bytes)} ${m.format} ${m.mode}`;
function sizeLabel(bytes: number): string {
  return bytes >= 1000 * MB ? `${(bytes / 1024 / MB).toFixed(0)} GB` : `${Math.round(bytes / MB)} MB`;
}
const sec = (ms: number | null | undefined) => (ms == null ? "?" : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);
const bytesText = (b: number | null | undefined) => (b == null ? "?" : b >= MB ? `${(b / MB).toFixed(1)} MB` : b >= 1024 ? `${(b / 1024).toFixed(1)} KB` : `${b} B`);
const x = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? "?" : `${v.toFixed(v < 10 ? 2 : 1)}x`);
/** A peak RSS as ratios: to the file's size, and to the CLI baseline loop's peak RSS on the same file (when measured). */
const rssRatios = (rss: number, file: number, baseRss: number | null | undefined) => `${x(rss / file)} file${baseRss ? `, ${x(rss / baseRss)} baseline` : ""}`;
let capSeconds = 120;
function failed(status: string, note: string, wallMs?: number | null): string {
  const what = status === "oom" ? "OOM" : status === "timeout" ? `TIMEOUT (cap ${capSeconds} s)` : status === "crash" ? "CRASH" : status;
  if (status === "timeout") return what;
  return `${what}${wallMs ? ` after ${sec(wallMs)}` : ""}${note && status !== "oom" && status !== "timeout" ? ` (${note})` : ""}`;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  capSeconds = o.capMs / 1000;
  const started = Date.now();
  const jqVersion = version("jq", ["--version"]);
  const chromium = version("/usr/bin/chromium", ["--version"]);
  const machine = {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? "?",
    memoryGB: +(totalmem() / 1024 ** 3).toFixed(1),
    freeMemoryGB: +(freemem() / 1024 ** 3).toFixed(1),
    loadAverage: loadavg().map((l) => +l.toFixed(2)),
    node: process.version,
    os: `${process.platform} ${release()}`,
    jq: jqVersion,
    chromium,
    timeTool: HAVE_TIME ? "/usr/bin/time" : "process.resourceUsage hook",
  };
  log(`machine: ${machine.cores} cores, ${machine.memoryGB} GB, node ${machine.node}, load ${machine.loadAverage.join(" ")}`);
  log(`sizes ${o.sizes.join(", ")} MB; formats ${o.formats.join(", ")}; ${o.runs} run(s) per CLI figure; step cap ${o.capMs / 1000} s`);
  const rows: Row[] = [];
  const results: any = { date: new Date().toISOString(), machine, options: { ...o, skip: [...o.skip] }, sessions: [], cli: {}, lsp: {}, inspector: null };
  /** check's wall ratio to the baseline, by `${format} ${mode}` and size. */
  const ratioAt: Record<string, Record<number, number | null>> = {};
  const modes: IdMode[] = ["reused", "unique"];
  const generated: SessionMeta[] = [];
  const gen = (mode: IdMode, mb: number, format: Format) => {
    const t = Date.now();
    const m = generateSession(SESSIONS, mode, mb, format);
    log(`session ${label(m)}: ${m.messages} messages, ${m.calls} calls (${((Date.now() - t) / 1000).toFixed(1)} s to generate or reuse)`);
    generated.push(m);
    results.sessions.push(m);
    return m;
  };

  for (const mb of o.sizes) {
    for (const format of o.formats)
    for (const mode of modes) {
      const meta = gen(mode, mb, format);
      const size = sizeLabel(meta.bytes);
      const file = meta.bytes;
      const key = `${mb}MB-${format}-${mode}`;
      if (!o.skip.has("cli")) {
        const f = await cliFigures(meta, o, !!jqVersion);
        results.cli[key] = f;
        const b = f.baseline;
        const rowOf = (name: string, what: string, fig: Figure, target = "", ok: ReturnType<typeof holds> = "") => {
          if (fig.status !== "ok") {
            rows.push({ size, format, ids: mode, what, value: failed(fig.status, fig.note, fig.wallMs), ratio: "", target, holds: target ? "NO" : "" });
            return;
          }
          rows.push({
            size,
            format, ids: mode,
            what,
            value: `${sec(fig.cpuMs)} CPU, ${sec(fig.wallMs)} wall`,
            ratio: b.status === "ok" && name !== "baseline" ? `${x(fig.cpuMs! / b.cpuMs!)} / ${x(fig.wallMs! / b.wallMs!)}` : "",
            target,
            holds: ok,
          });
        };
        rowOf("baseline", `baseline loop (read+split+parse+orphans), median of ${b.runs.length}`, b);
        const c = f.check;
        const cWall = c.status === "ok" && b.status === "ok" ? c.wallMs! / b.wallMs! : null;
        (ratioAt[`${format} ${mode}`] ??= {})[mb] = cWall;
        const tp = TARGETS.checkThroughput;
        rowOf("check", `check --format json, CPU / wall vs baseline`, c, mb === tp.atMb ? tp.text : "", mb === tp.atMb ? holds(cWall == null ? (c.status === "ok" ? null : false) : 1 / cWall >= tp.minThroughput) : "");
        rowOf("render", `render (JSON), CPU / wall vs baseline`, f.render);
        rowOf("fix", `fix --dry-run (fix all), CPU / wall vs baseline`, f.fix);
        const fa = TARGETS.fixAll;
        if (f.fix?.status === "ok" && c.status === "ok")
          rows.push({ size, format, ids: mode, what: "fix --dry-run (fix all) wall vs check wall", value: "", ratio: x(f.fix.wallMs! / c.wallMs!), target: mb >= fa.atMb ? fa.text : "", holds: mb >= fa.atMb ? holds(f.fix.wallMs! / c.wallMs! <= fa.maxRatio) : "" });
        else if (mb >= fa.atMb) rows.push({ size, format, ids: mode, what: "fix --dry-run (fix all) wall vs check wall", value: failed(f.fix?.status ?? "not run", f.fix?.note ?? ""), ratio: "", target: fa.text, holds: "NO" });
        if (f.jq) {
          rowOf("jq", `jq one select pass, CPU / wall vs baseline`, f.jq);
          if (f.jq.status === "ok" && c.status === "ok")
            rows.push({ size, format, ids: mode, what: "check vs jq (CPU / wall)", value: "", ratio: `${x(c.cpuMs! / f.jq.cpuMs!)} / ${x(c.wallMs! / f.jq.wallMs!)}`, target: "", holds: "" });
        } else rows.push({ size, format, ids: mode, what: "jq", value: "skipped: jq is not installed", ratio: "", target: "", holds: "" });
        if (c.status === "ok") rows.push({ size, format, ids: mode, what: "check --format json output", value: bytesText(c.stdoutBytes), ratio: "", target: "", holds: "" });
        const h = TARGETS.hugeRss;
        for (const [name, fig] of [["baseline", b], ["check", c], ["render", f.render]] as const) {
          const isHuge = mb >= h.atMb && name === "check";
          if (fig.status === "ok" && fig.maxRssBytes != null)
            rows.push({ size, format, ids: mode, what: name === "baseline" ? "baseline loop peak RSS / file size" : `${name} peak RSS / file size, / baseline loop's`, value: bytesText(fig.maxRssBytes), ratio: rssRatios(fig.maxRssBytes, file, name === "baseline" ? null : b.maxRssBytes), target: isHuge ? h.text : "", holds: isHuge ? holds(fig.maxRssBytes / file <= h.maxRatio) : "" });
          else if (isHuge) rows.push({ size, format, ids: mode, what: `${name} peak RSS / file size`, value: failed(fig.status, fig.note), ratio: "", target: h.text, holds: "NO" });
        }
      }
      if (!o.skip.has("lsp")) {
        if (meta.bytes > 500 * MB) rows.push({ size, format, ids: mode, what: "language server", value: "skipped over 500 MB (a synced document is one string)", ratio: "", target: "", holds: "" });
        else {
          log(`${label(meta)}: language server scenario`);
          const s = await scenario("lsp-scenario.ts", meta, o, 7);
          results.lsp[key] = s;
          const base = s.steps["baseline-in-memory"]?.ms as number | undefined;
          const stepRow = (step: string, what: string, target: string, judge: (r: any) => boolean | null, applies = true, extra = (_r: any) => "") => {
            const r = s.steps[step];
            if (!r) {
              rows.push({ size, format, ids: mode, what, value: s.status === "ok" ? "not reached" : `not reached: scenario ${failed(s.status, s.note)}`, ratio: "", target: applies ? target : "", holds: applies && target ? "n/a" : "" });
              return;
            }
            if (r.status !== "ok") {
              rows.push({ size, format, ids: mode, what, value: failed(r.status, r.note), ratio: "", target: applies ? target : "", holds: applies && target ? "NO" : "" });
              return;
            }
            rows.push({ size, format, ids: mode, what, value: `${sec(r.ms)}${extra(r)}`, ratio: base ? x(r.ms / base) : "", target: applies ? target : "", holds: applies && target ? holds(judge(r)) : "" });
          };
          const T = TARGETS;
          stepRow("open", "LSP open -> first diagnostics (client-observed) vs in-memory baseline", T.open.text, (r) => (base ? r.ms / base <= T.open.maxRatio : null), mb === T.open.atMb);
          stepRow("append", "LSP append one line -> diagnostics (client-observed)", "", () => null);
          stepRow("edit-middle", "LSP edit one middle line -> diagnostics (client-observed)", "", () => null);
          // The targets are server time: what the server logs for the publish of that version
          // (analysis, diagnostics, provider verdicts, bounding), without debounce or transfer.
          for (const [step, what, t] of [
            ["open", "LSP open: server time to publish (analysis, diagnostics, provider verdicts)", ""],
            ["append", "LSP append one line: server time to republish (the first append)", ""],
            ["append-series", "LSP append one line: server time to republish (median of 5 more)", T.append.text],
            ["edit-middle", "LSP edit one middle line: server time to republish (the first edit)", ""],
            ["edit-series", "LSP edit one middle line: server time to republish (median of 5 more)", T.edit.text],
          ] as const) {
            const r = s.steps[step];
            if (r?.status !== "ok" || typeof r.serverMs !== "number") continue;
            const max = step === "append-series" ? T.append.maxMs : step === "edit-series" ? T.edit.maxMs : undefined;
            rows.push({ size, format, ids: mode, what, value: sec(r.serverMs), ratio: base ? x(r.serverMs / base) : "", target: t, holds: max === undefined ? "" : holds(r.serverMs <= max) });
          }

          const hoverApplies = meta.hoverOccurrences >= T.hover.minOccurrences;
          stepRow("append-probe", "LSP append one line -> next request answered (no debounce wait)", "", () => null, true, () => "");
          stepRow("edit-probe", "LSP edit one middle line -> next request answered (no debounce wait)", "", () => null);
          stepRow("hover", `LSP hover on ${meta.hoverId} (${meta.hoverOccurrences} occurrences), median of 5`, T.hover.text, (r) => r.ms <= T.hover.maxMs, hoverApplies, (r) => `, ${bytesText(r.bytes)}, ${r.hoverLines} lines`);
          const ca = s.steps["code-action"];
          stepRow(
            "code-action",
            `LSP code actions on a finding's line${ca?.code ? ` (${ca.code}, ${ca.diagnostics} diagnostic(s))` : " (none: the hover line)"}, median of 5`,
            T.codeAction.text,
            (r) => r.ms <= T.codeAction.maxMs && r.firstMs <= T.codeAction.maxMs,
            mb >= T.codeAction.atMb,
            (r) => ` (first, cold: ${sec(r.firstMs)}), ${r.actions} action(s), ${bytesText(r.bytes)}`,
          );
          if (ca?.status === "ok")
            rows.push(
              ca.resolved
                ? { size, format, ids: mode, what: `LSP codeAction/resolve "${ca.resolved}" (file-wide)`, value: `${sec(ca.resolveMs)}, ${ca.resolveEdits ?? "no"} edit(s), ${bytesText(ca.resolveBytes)}`, ratio: base ? x(ca.resolveMs / base) : "", target: "", holds: "" }
                : { size, format, ids: mode, what: "LSP codeAction/resolve", value: "no file-wide action offered", ratio: "", target: "", holds: "" },
            );
          if (ca?.status === "ok" && ca.quickFix)
            rows.push({ size, format, ids: mode, what: `LSP codeAction/resolve "${String(ca.quickFix).slice(0, 60)}" (quick fix, edits made when chosen)`, value: `${sec(ca.quickFixMs)}, ${ca.quickFixEdits ?? "no"} edit(s)`, ratio: base ? x(ca.quickFixMs / base) : "", target: "", holds: "" });
          const diagSteps = ["open", "append", "edit-middle"].map((k) => s.steps[k]).filter((r) => r?.status === "ok");
          if (diagSteps.length) {
            const big = diagSteps.reduce((a, r) => ((r.bytes ?? Infinity) > (a.bytes ?? Infinity) ? r : a));
            rows.push({
              size,
              format, ids: mode,
              what: "LSP largest publishDiagnostics message",
              value: `${big.bytes == null ? "> 512 MB" : bytesText(big.bytes)} (${big.diagnostics} diagnostics, ${big.related} related)`,
              ratio: "",
              target: T.diagnosticsBytes.text,
              holds: holds(big.bytes != null && big.bytes <= T.diagnosticsBytes.max),
            });
          } else rows.push({ size, format, ids: mode, what: "LSP largest publishDiagnostics message", value: "none published", ratio: "", target: T.diagnosticsBytes.text, holds: "n/a" });
          const rss = s.steps["server-rss"]?.rss ?? [...diagSteps].reverse()[0]?.rss;
          const rssApplies = mb === T.serverRss.atMb;
          if (rss?.peak) rows.push({ size, format, ids: mode, what: "LSP server peak RSS / file size, / CLI baseline loop's", value: bytesText(rss.peak), ratio: rssRatios(rss.peak, file, results.cli[key]?.baseline?.maxRssBytes), target: rssApplies ? T.serverRss.text : "", holds: rssApplies ? holds(rss.peak / file <= T.serverRss.maxRatio) : "" });
          else rows.push({ size, format, ids: mode, what: "LSP server peak RSS / file size", value: "not measured", ratio: "", target: rssApplies ? T.serverRss.text : "", holds: rssApplies ? "n/a" : "" });
        }
      }
    }
  }

  if (!o.skip.has("inspector")) {
    // 80k messages: the unique-id 100 MB session (with --quick: the largest size run, up to 100 MB), of each format.
    const mb = o.quick ? Math.min(100, Math.max(...o.sizes)) : 100;
    results.inspector = {};
    for (const format of o.formats) {
      const meta = generated.find((m) => m.format === format && m.mode === "unique" && m.file.includes(`-${mb}mb-`)) ?? gen("unique", mb, format);
      log(`inspector: first paint of ${label(meta)} (${meta.messages} messages)`);
      const s = await scenario("inspector-scenario.ts", meta, o, 3);
      results.inspector[format] = s;
      const size = sizeLabel(meta.bytes);
      const T = TARGETS;
      // The summary request reads the file from disk: its baseline reads it too (read + split + parse + orphans, in the scenario's process).
      const base = s.steps["baseline-disk"]?.ms as number | undefined;
      const rq = s.steps["render-request"];
      rows.push({ size, format, ids: "unique", what: "inspector: server summary request (client-observed) vs baseline loop reading the file", value: rq ? (rq.status === "ok" ? sec(rq.ms) : failed(rq.status, rq.note)) : `not reached: ${failed(s.status, s.note)}`, ratio: rq?.status === "ok" && base ? x(rq.ms / base) : "", target: "", holds: "" });
      const fp = s.steps["first-paint"];
      const applies = meta.messages >= T.firstPaint.minMessages;
      rows.push({
        size,
        format,
        ids: "unique",
        what: `inspector first paint, ${meta.messages} messages (Chromium)`,
        value: fp ? (fp.status === "ok" ? `${sec(fp.ms)} (${fp.rows} rows in the DOM)` : failed(fp.status, fp.note)) : "not reached",
        ratio: fp?.status === "ok" && base ? x(fp.ms / base) : "",
        target: applies ? T.firstPaint.text : "",
        holds: applies ? (fp?.status === "ok" ? holds(fp.ms <= T.firstPaint.maxMs) : fp ? "NO" : "n/a") : "",
      });
      rows.push({
        size,
        format,
        ids: "unique",
        what: "inspector: largest message posted to the webview",
        value: fp?.largest != null ? `${bytesText(fp.largest)} (${fp.messages ?? 1} message(s), ${bytesText(fp.bytes)} in all)` : "not measured",
        ratio: "",
        target: T.webviewMessage.text,
        holds: fp?.largest != null ? holds(fp.largest <= T.webviewMessage.max) : "n/a",
      });
      if (fp?.status === "ok") rows.push({ size, format, ids: "unique", what: "inspector: webview state after first paint", value: `${bytesText(fp.stateBytes)} (${fp.stateWrites} write(s))`, ratio: "", target: "", holds: "" });
      const rss = fp?.rss?.peak ?? rq?.rss?.peak;
      if (rss) rows.push({ size, format, ids: "unique", what: "inspector: server peak RSS / file size, / CLI baseline loop's", value: bytesText(rss), ratio: rssRatios(rss, meta.bytes, results.cli[`${mb}MB-${format}-unique`]?.baseline?.maxRssBytes), target: "", holds: "" });
    }
  }

  if (!o.skip.has("cli") && o.sizes.includes(1) && o.sizes.includes(100))
    for (const format of o.formats)
      for (const mode of modes) {
        const a = ratioAt[`${format} ${mode}`]?.[1];
        const b = ratioAt[`${format} ${mode}`]?.[100];
        rows.push({
          size: "1->100 MB",
          format,
          ids: mode,
          what: "check growth: wall ratio vs baseline at 100 MB / at 1 MB",
          value: a != null && b != null ? `${x(a)} -> ${x(b)}` : "not measured at both sizes",
          ratio: a != null && b != null ? x(b / a) : "",
          target: TARGETS.linearGrowth.text,
          holds: a != null && b != null ? holds(b / a <= TARGETS.linearGrowth.slack) : "NO",
        });
      }

  if (o.library) {
    // Its steps take minutes on 2 GB: a cap of at least 30 minutes each.
    const lb = await runLibraryBench({ sessions: o.librarySessions, capMs: Math.max(o.capMs, 30 * 60_000), log, keep: o.keepSessions });
    rows.push(...lb.rows);
    results.library = lb.results;
  }

  if (o.stores) {
    const sb = await runStoreBench({ mb: Math.min(20, Math.max(...o.sizes)), capMs: o.capMs, log });
    rows.push(...sb.rows);
    results.stores = sb.results;
  }

  const tookS = (Date.now() - started) / 1000;
  results.rows = rows;
  results.durationSeconds = tookS;
  mkdirSync(OUT, { recursive: true });
  const outFile = join(OUT, `${results.date.replace(/[:.]/g, "-")}.json`);
  writeFileSync(outFile, JSON.stringify(results, null, 2));
  if (!o.keepSessions) for (const m of generated) if (m.bytes > 200 * MB) for (const f of [m.file, `${m.file}.meta.json`]) rmSync(f, { force: true });

  const head = [
    `Transcript Inspector benchmark, ${results.date.slice(0, 16).replace("T", " ")} UTC`,
    `machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGB} GB memory, node ${machine.node}, ${machine.os}; load average at start ${machine.loadAverage.join(" ")}`,
    `build: dist/ as found; jq: ${jqVersion ?? "not installed"}; chromium: ${chromium ?? "not found"}; RSS and CPU via ${machine.timeTool}`,
    `ratios: to the baseline loop over the same session measured in the same run (CLI: CPU / wall of separate processes; LSP: to the loop over the same text in memory; inspector: to the loop reading the file)`,
    `LSP and inspector times are client-observed: they include JSON-RPC transfer and any debounce the server applies to changes`,
  ];
  process.stdout.write(head.join("\n") + "\n\n" + formatTable(rows) + "\n");
  process.stdout.write(`\n${rows.filter((r) => r.holds === "yes").length} target rows hold, ${rows.filter((r) => r.holds === "NO").length} do not, ${rows.filter((r) => r.holds === "n/a").length} not measured; took ${(tookS / 60).toFixed(1)} min; results: ${outFile}\n`);
}

main().catch((e) => {
  process.stderr.write(`bench: ${(e as Error).message}\n`);
  process.exit(2);
});
