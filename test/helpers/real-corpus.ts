/**
 * What the real-corpus test (test/unit/real-corpus.test.ts) and its expectations script
 * (scripts/corpus-expectations.mjs) compute for one file of test/corpus: the findings `check`
 * prints (the same code path: loadSessionFile, the detected provider's verdicts, shownFindings),
 * the summary line `fix --dry-run` prints (runFix itself, output captured), and three oracles read
 * from the file's own lines, independently of the engine's readers:
 *
 * - resultsByCallId: how many tool results each call id has (Claude Code `tool_result` blocks,
 *   Codex `*_output` items, also inside a `compacted` line's replacement history, pi
 *   `toolResult` messages);
 * - acceptedLines: the lines the session itself shows the provider accepted (see there).
 */
import { readFileSync } from "node:fs";
import { type Analysis, type Finding, fixAll, providerVerdicts } from "../../server/src/engine/index.js";
import { runFix } from "../../server/src/cli/fix-command.js";
import { loadSessionFile, optionsFor } from "../../server/src/cli/session-file.js";
import { shownFindings } from "../../server/src/presentation/shown-findings.js";

export interface Checked {
  format: string;
  analysis?: Analysis;
  /** The findings `check` prints for the file (detected provider), in line order. */
  findings: Finding[];
}

/** `check FILE` without the printing. */
export function checkOf(path: string): Checked {
  const loaded = loadSessionFile(path);
  if (loaded.kind !== "session") return { format: "unknown", findings: [] };
  const a = loaded.analysis;
  const pv = providerVerdicts(a, { target: undefined });
  return { format: a.session.format, analysis: a, findings: shownFindings(a, pv, { providers: "target" }).sort((x, y) => x.line - y.line) };
}

/** The summary `fix --dry-run FILE` prints (without the path) and how many findings it lists as left. */
export function fixDryRunOf(path: string): { summary: string; left: number } {
  let out = "";
  runFix([path], { dryRun: true, backup: false, optionsFor }, (s) => (out += s), (_status, message) => (out += `${path}: ${message}\n`));
  const lines = out.split("\n");
  const at = lines.findIndex((l) => l.startsWith(`${path}: `));
  if (at < 0) return { summary: "(no summary line)", left: 0 };
  const left = lines.slice(at + 1).filter((l) => l.startsWith("  ")).length;
  return { summary: lines[at].slice(path.length + 2), left };
}

/** The text `fix` makes of the file, in memory (fixAll: what fix-bytes.ts writes, as text). */
export function fixedText(path: string): string {
  return fixAll(readFileSync(path, "utf8"), optionsFor(path)).text;
}

function objects(text: string): { line: number; v: any }[] {
  const out: { line: number; v: any }[] = [];
  text.split("\n").forEach((l, line) => {
    try {
      const v = JSON.parse(l);
      if (v && typeof v === "object" && !Array.isArray(v)) out.push({ line, v });
    } catch {
      /* not a JSON line */
    }
  });
  return out;
}

const CODEX_OUTPUT = /_output$/;

/** Tool results per call id, read from the lines (all agents the corpus holds). */
export function resultsByCallId(text: string): Map<string, number> {
  const n = new Map<string, number>();
  const add = (id: unknown) => typeof id === "string" && n.set(id, (n.get(id) ?? 0) + 1);
  const codexItem = (p: any) => p && typeof p.type === "string" && CODEX_OUTPUT.test(p.type) && add(p.call_id);
  for (const { v } of objects(text)) {
    // Claude Code: a user line whose content holds tool_result blocks.
    const content = v.message?.content;
    if (Array.isArray(content)) for (const b of content) if (b && b.type === "tool_result") add(b.tool_use_id);
    // Codex: an output item, on its own line or in a compacted line's replacement history.
    if (v.type === "response_item") codexItem(v.payload);
    if (v.type === "compacted" && Array.isArray(v.payload?.replacement_history)) for (const it of v.payload.replacement_history) codexItem(it);
    // pi: a toolResult message.
    if (v.type === "message" && v.message?.role === "toolResult") add(v.message.toolCallId);
  }
  return n;
}

/** Call ids that `after` holds more results for than `before` does, among ids `before` already answers. */
export function addedResultsForAnswered(before: string, after: string): { id: string; before: number; after: number }[] {
  const b = resultsByCallId(before);
  const a = resultsByCallId(after);
  return [...b].filter(([id, k]) => (a.get(id) ?? 0) > k).map(([id, k]) => ({ id, before: k, after: a.get(id)! }));
}

/** A Codex response item the model produced (as opposed to what is sent to it: outputs, user and developer messages). */
const CODEX_MODEL_ITEMS = new Set(["function_call", "custom_tool_call", "local_shell_call", "web_search_call", "reasoning", "tool_search_call", "image_generation_call"]);
const codexModelItem = (p: any) => !!p && ((p.type === "message" && p.role === "assistant") || CODEX_MODEL_ITEMS.has(p.type));

/**
 * The 0-based lines the session itself shows the provider accepted: a line is accepted when the
 * model answered a later request that contained it, that is when a response the model produced
 * (in a later API response than the line's own) follows it on the same chain.
 *
 * - Claude Code: a request is the `parentUuid` chain above the response. A line is accepted when
 *   it is an ancestor of an assistant line the model wrote (not `<synthetic>`, not an API-error
 *   line) and not part of that line's own response (same `message.id`: Claude Code writes one
 *   line per content block of a response). Only `parentUuid` is followed: a `compact_boundary`
 *   starts a new chain (its `logicalParentUuid` is not followed, since what lies before it was
 *   not sent again), and lines on sibling branches (parallel results on their own branches) are
 *   not counted, so this is a lower bound.
 * - Codex: a request is the items in file order. A response is a run of model items (assistant
 *   messages, calls, reasoning; event and context lines between them do not end it); every line
 *   before a response's first item is accepted, back to the last `compacted` line or
 *   `thread_rolled_back` event before it (those change what later requests hold).
 * - Other formats: no line (the test makes no claim).
 */
export function acceptedLines(text: string, format: string): Set<number> {
  const objs = objects(text);
  const out = new Set<number>();
  if (format === "claude-code") {
    const byUuid = new Map<string, { line: number; parent: unknown; messageId: unknown }>();
    for (const { line, v } of objs) if (typeof v.uuid === "string" && !byUuid.has(v.uuid)) byUuid.set(v.uuid, { line, parent: v.parentUuid, messageId: v.message?.id });
    for (const { v } of objs) {
      if (v.type !== "assistant" || v.isApiErrorMessage === true || v.message?.model === "<synthetic>") continue;
      const own = v.message?.id;
      const seen = new Set<string>();
      let p = v.parentUuid;
      while (typeof p === "string" && !seen.has(p)) {
        seen.add(p);
        const e = byUuid.get(p);
        if (!e) break;
        if (own === undefined || e.messageId !== own) out.add(e.line);
        p = e.parent;
      }
    }
  } else if (format === "codex") {
    // Backwards: `run` while inside a response (after its last model item, before its first);
    // `answered` once a response's first item is behind us, until a cut.
    let run = false;
    let answered = false;
    for (let i = objs.length - 1; i >= 0; i--) {
      const { line, v } = objs[i];
      const p = v.payload;
      if (v.type === "compacted" || (v.type === "event_msg" && p?.type === "thread_rolled_back")) {
        run = answered = false;
        continue;
      }
      if (v.type === "response_item") {
        if (codexModelItem(p)) run = true;
        else if (run) {
          run = false;
          answered = true;
        }
      }
      if (answered) out.add(line);
    }
  }
  return out;
}

/** Whether a finding message speaks of pi (the runtime or its libraries) as a word (not inside a name: oh-my-pi). */
export const PI_WORD = /(?<![\w-])pi(?:-ai|-condense|-mono)?\b/i;

/** Every text a finding shows: its message and its related locations' messages. */
export function findingTexts(f: Finding): string[] {
  return [f.message, ...(f.related ?? []).map((r) => r.message)];
}

/** The snapshot of one file kept in test/corpus/expectations/<format>.json. */
export interface Expectation {
  format: string;
  /** `<code> <severity>` -> how many, sorted by key. */
  findings: Record<string, number>;
  /** `fix --dry-run`: its summary line and how many findings it lists as left. */
  fix: { summary: string; left: number };
}

export function expectationOf(path: string): Expectation {
  const c = checkOf(path);
  const counts = new Map<string, number>();
  for (const f of c.findings) counts.set(`${f.code} ${f.severity}`, (counts.get(`${f.code} ${f.severity}`) ?? 0) + 1);
  const findings: Record<string, number> = {};
  for (const k of [...counts.keys()].sort()) findings[k] = counts.get(k)!;
  return { format: c.format, findings, fix: fixDryRunOf(path) };
}
