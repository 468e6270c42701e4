/**
 * Messages between the extension host and the inspector webview (postMessage), as typed unions
 * with runtime guards: each side checks what it receives before acting on it (the host what the
 * page posts, the page what the host posts). No imports with runtime code: the webview bundle
 * imports this file directly.
 *
 * The page never receives the whole view (issue 11): a `summary`, then the rows, places and full
 * texts it asks for, each answer bounded (view-window.ts). A request carries an `id` the answer
 * repeats.
 */
import type { ViewFix } from "./view.js";
import type { FullTextAnswer, FullTextQuery, LocateAnswer, LocateQuery, RowFilters, RowsAnswer, RowsQuery, SubagentAnswer, SubagentQuery, ViewSummary } from "./view-window.js";

/** Host -> webview. */
export type HostToWebview =
  | { type: "summary"; summary: ViewSummary }
  | { type: "rows"; id: number; answer: RowsAnswer | null }
  | { type: "located"; id: number; answer: LocateAnswer | null }
  | { type: "fullText"; id: number; answer: FullTextAnswer | null }
  | { type: "subagent"; id: number; answer: SubagentAnswer | null }
  | { type: "revealLine"; line: number }
  | { type: "error"; message: string };

/** Webview -> host. */
export type WebviewToHost =
  | { type: "ready" }
  /** An answer came from a newer render than the page's summary: send the summary again. */
  | { type: "refresh" }
  | { type: "openLine"; line: number }
  | { type: "applyFix"; fix: ViewFix }
  /** Show another provider's verdict: the host asks for the summary with that target (`auto`: the document's). */
  | { type: "showProvider"; provider: string }
  /** Show another branch (its leaf's entry id, from the summary's `branches`); null: the agent's active branch. */
  | { type: "showBranch"; leafId: string | null }
  | { type: "rows"; id: number; query: RowsQuery }
  | { type: "locate"; id: number; query: LocateQuery }
  | { type: "fullText"; id: number; query: FullTextQuery }
  /** A subagent's transcript, listed in place (its first messages). */
  | { type: "subagent"; id: number; query: SubagentQuery }
  /** Open a subagent's transcript in the editor, with its inspector (the host asks the server where it is). */
  | { type: "openSubagent"; toolCallId: string };

type Obj = Record<string, unknown>;
const isObject = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
/** A 1-based line number. */
const isLine = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x) && x >= 1;
/** A provider name as the server lists them (`openai-chat`), or `auto`. */
const isProviderName = (x: unknown): x is string => typeof x === "string" && /^[a-z][a-z0-9-]{0,39}$/.test(x);
const isCount = (x: unknown): boolean => typeof x === "number" && Number.isFinite(x) && x >= 0;
const isIndex = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x) && x >= 0;
const isId = isIndex;
const isSide = (x: unknown): x is "before" | "after" => x === "before" || x === "after";
/** A tool-call id as the page got it from the server (a bounded string). */
const isToolCallId = (x: unknown): x is string => typeof x === "string" && x.length > 0 && x.length <= 1024;
const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === "string");

/** A fix as the server offered it: the host hands it back to the server, which re-checks it. */
export function isViewFix(x: unknown): x is ViewFix {
  return (
    isObject(x) &&
    typeof x.title === "string" &&
    typeof x.kind === "string" &&
    isLine(x.line) &&
    (x.toolCallId === undefined || typeof x.toolCallId === "string")
  );
}

export function isRowFilters(x: unknown): x is RowFilters {
  return isObject(x) && isStrings(x.hiddenRoles) && typeof x.tool === "string" && typeof x.onlyFindings === "boolean" && typeof x.search === "string" && (x.changesOnly === undefined || typeof x.changesOnly === "boolean");
}

/**
 * The shape the page relies on (arrays where it iterates, the totals it prints); the values
 * inside are rendered as text, so their content needs no check here. Constant cost.
 */
export function isViewSummary(x: unknown): x is ViewSummary {
  if (!isObject(x)) return false;
  const t = x.totals;
  return (
    typeof x.uri === "string" &&
    isIndex(x.revision) &&
    typeof x.format === "string" &&
    typeof x.pruner === "string" &&
    Array.isArray(x.ranges) &&
    isStrings(x.roles) &&
    isStrings(x.tools) &&
    isIndex(x.rowCount) &&
    isObject(x.findingCounts) &&
    isObject(t) &&
    isObject(t.before) &&
    isObject(t.after) &&
    isCount(t.before.messages) &&
    isCount(t.before.tokens) &&
    isCount(t.after.messages) &&
    isCount(t.after.tokens) &&
    (x.timeline === undefined || isTimeline(x.timeline)) &&
    (x.branches === undefined || isBranches(x.branches))
  );
}

/** The branch picker's lists are arrays of objects with a leaf id and counts; the counts are numbers. */
function isBranches(x: unknown): boolean {
  if (!isObject(x) || !Array.isArray(x.branches) || !Array.isArray(x.conversations) || !isObject(x.leftOut)) return false;
  const l = x.leftOut;
  return (
    isCount(x.branchCount) &&
    isCount(x.conversationCount) &&
    [l.messages, l.branches, l.conversations, l.quietLeaves, l.subagentLines, l.subagentLeaves].every(isCount) &&
    x.branches.every((b) => isObject(b) && typeof b.leafId === "string" && isLine(b.line) && isCount(b.messages)) &&
    x.conversations.every((c) => isObject(c) && isLine(c.rootLine) && isCount(c.messages) && isCount(c.branches))
  );
}

const isNumbers = (x: unknown): x is number[] => Array.isArray(x) && x.every((n) => typeof n === "number");
/** The timeline's columns are number arrays of one length; marks and ranges are arrays. */
function isTimeline(x: unknown): boolean {
  if (!isObject(x) || !isNumbers(x.row)) return false;
  const n = x.row.length;
  return [x.line, x.before, x.after, x.recorded].every((c) => isNumbers(c) && c.length === n) && Array.isArray(x.marks) && Array.isArray(x.ranges) && isCount(x.responses);
}

/** Rows the page draws: each an object with a key and a message on at least one side. */
function isRowsAnswer(x: unknown): x is RowsAnswer {
  return (
    isObject(x) &&
    isIndex(x.revision) &&
    isIndex(x.count) &&
    isIndex(x.start) &&
    Array.isArray(x.rows) &&
    x.rows.every(isRow)
  );
}
/** An image answer: a type the page draws, base64 bytes if any (decoded by the page into a canvas). */
const isImage = (x: unknown): boolean =>
  isObject(x) && typeof x.mimeType === "string" && isCount(x.bytes) && (x.data === undefined || (typeof x.data === "string" && /^[A-Za-z0-9+/]*={0,2}$/.test(x.data)));
/** Content to draw: an object with an array of typed blocks (their text is drawn as text). */
const isContent = (c: unknown): boolean => isObject(c) && Array.isArray(c.blocks) && c.blocks.every((b) => isObject(b) && typeof b.type === "string");
function isMessage(m: unknown): boolean {
  return isObject(m) && typeof m.key === "string" && typeof m.role === "string" && typeof m.preview === "string" && typeof m.tokens === "number" && Array.isArray(m.findings) && (m.line === null || isLine(m.line)) && (m.content === undefined || isContent(m.content));
}
/** A pair of messages (a row's, or a result's in a card): one side at least. */
const isPair = (r: unknown): boolean => isObject(r) && typeof r.key === "string" && (isMessage(r.before) || isMessage(r.after)) && (r.before === undefined || isMessage(r.before)) && (r.after === undefined || isMessage(r.after));
const isFold = (f: unknown): boolean => isObject(f) && isIndex(f.rows) && isIndex(f.messages) && typeof f.firstKey === "string";
const isTokensAt = (t: unknown): boolean => t === undefined || (isObject(t) && isCount(t.tokens) && (t.line === undefined || isLine(t.line)));
/** A compaction's row: where, who, the sentence, what left (counts), the tokens around it (numbers). */
const isCompaction = (c: unknown): boolean =>
  isObject(c) &&
  isLine(c.line) &&
  typeof c.agent === "string" &&
  typeof c.summary === "string" &&
  (c.trigger === undefined || typeof c.trigger === "string") &&
  isObject(c.left) &&
  [c.left.messages, c.left.toolMessages].every(isCount) &&
  (c.left.tokens === undefined || isCount(c.left.tokens)) &&
  isTokensAt(c.tokensBefore) &&
  isTokensAt(c.tokensAfter);
const hasNoMessages = (r: Record<string, unknown>) => r.before === undefined && r.after === undefined && r.results === undefined;
/** A row: a pair (with the results of its calls), a fold of unchanged rows (changes only), or a compaction. */
const isRow = (r: unknown): boolean =>
  isObject(r) &&
  typeof r.key === "string" &&
  (r.fold !== undefined
    ? isFold(r.fold) && hasNoMessages(r)
    : r.compaction !== undefined
      ? isCompaction(r.compaction) && hasNoMessages(r)
      : isPair(r) && (r.results === undefined || (Array.isArray(r.results) && r.results.every(isPair))));
const isLocateAnswer = (x: unknown): x is LocateAnswer =>
  isObject(x) && isIndex(x.revision) && typeof x.index === "number" && Number.isInteger(x.index) && x.index >= -1 && (x.row === undefined || isRow(x.row));
const isSubagentAnswer = (x: unknown): x is SubagentAnswer =>
  isObject(x) &&
  typeof x.toolCallId === "string" &&
  typeof x.id === "string" &&
  typeof x.uri === "string" &&
  typeof x.file === "string" &&
  isCount(x.total) &&
  Array.isArray(x.messages) &&
  x.messages.every((m) => isObject(m) && typeof m.role === "string" && typeof m.preview === "string" && (m.line === null || isLine(m.line)) && (m.toolNames === undefined || isStrings(m.toolNames))) &&
  (x.note === undefined || typeof x.note === "string");
const isFullTextAnswer = (x: unknown): x is FullTextAnswer =>
  isObject(x) && isIndex(x.revision) && typeof x.key === "string" && isSide(x.side) && typeof x.text === "string" && (x.totalChars === undefined || isIndex(x.totalChars)) && (x.content === undefined || isContent(x.content)) && (x.image === undefined || isImage(x.image));

export function isHostToWebview(x: unknown): x is HostToWebview {
  if (!isObject(x)) return false;
  switch (x.type) {
    case "summary":
      return isViewSummary(x.summary);
    case "rows":
      return isId(x.id) && (x.answer === null || isRowsAnswer(x.answer));
    case "located":
      return isId(x.id) && (x.answer === null || isLocateAnswer(x.answer));
    case "fullText":
      return isId(x.id) && (x.answer === null || isFullTextAnswer(x.answer));
    case "subagent":
      return isId(x.id) && (x.answer === null || isSubagentAnswer(x.answer));
    case "revealLine":
      return isLine(x.line);
    case "error":
      return typeof x.message === "string";
    default:
      return false;
  }
}

function isLocateTarget(x: unknown): boolean {
  if (!isObject(x)) return false;
  const keys = Object.keys(x);
  if (keys.length !== 1) return false;
  return isLine(x.line) || typeof x.rowKey === "string" || typeof x.messageKey === "string";
}

export function isWebviewToHost(x: unknown): x is WebviewToHost {
  if (!isObject(x)) return false;
  switch (x.type) {
    case "ready":
    case "refresh":
      return true;
    case "openLine":
      return isLine(x.line);
    case "applyFix":
      return isViewFix(x.fix);
    case "showProvider":
      return isProviderName(x.provider);
    case "showBranch":
      return x.leafId === null || (typeof x.leafId === "string" && x.leafId.length > 0 && x.leafId.length <= 1024);
    case "rows": {
      const q = x.query;
      return isId(x.id) && isObject(q) && isIndex(q.revision) && isRowFilters(q.filters) && isIndex(q.start) && isIndex(q.count);
    }
    case "locate": {
      const q = x.query;
      return isId(x.id) && isObject(q) && isIndex(q.revision) && isRowFilters(q.filters) && isLocateTarget(q.target);
    }
    case "fullText": {
      const q = x.query;
      return isId(x.id) && isObject(q) && isIndex(q.revision) && isSide(q.side) && typeof q.key === "string" && (q.content === undefined || typeof q.content === "boolean") && (q.image === undefined || isIndex(q.image));
    }
    case "subagent": {
      const q = x.query;
      return isId(x.id) && isObject(q) && isIndex(q.revision) && isToolCallId(q.toolCallId);
    }
    case "openSubagent":
      return isToolCallId(x.toolCallId);
    default:
      return false;
  }
}
