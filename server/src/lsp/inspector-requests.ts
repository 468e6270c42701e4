/**
 * The windowed inspector's requests (protocol/view-window.ts): `summary`, `rows`, `locate` and
 * `fullText`. The view of a document version is computed once, kept with that version's state,
 * and answered in slices; a request for another revision gets the current one's answer and the
 * page, seeing the revision, waits for the new summary.
 *
 * Each request may name a branch (`leafId`, issue 23 item 4): the view of another branch than the
 * agent's active one is the analysis of that branch (`AnalyzeOptions.leafId`), computed when first
 * asked for and kept with the version's state (the last MAX_BRANCH_VIEWS per state).
 */
import type { Connection } from "vscode-languageserver/node";
import { analyzeSession, isProviderName, type Analysis } from "../engine/index.js";
import { FullTextRequest, LocateRequest, RowsRequest, SubagentRequest, SummaryRequest } from "../protocol/lsp.js";
import { messageFullText } from "../presentation/message-full-text.js";
import { providerView as providerViewOf } from "../presentation/provider-view.js";
import { buildRenderView } from "../presentation/view-model.js";
import { ViewWindow } from "../presentation/view-window.js";
import type { ViewProvider } from "../protocol/view.js";
import { ProviderErrorRequest } from "../protocol/providers.js";
import { locateProviderError } from "../presentation/view-request-path.js";
import { verdictsOf } from "./provider-findings.js";
import type { DocState } from "./store.js";
import { markSubagentFiles, readSubagent } from "./subagent-files.js";
import { registerFixPreview } from "./fix-preview.js";

/** Runs `f` on the document's state when it is a session (null otherwise); never rejects. */
export type WithSession = <T>(uri: string, f: (st: DocState) => T) => Promise<T | null>;

/** Views of other branches kept per document state (the picker goes back and forth between a few). */
export const MAX_BRANCH_VIEWS = 2;

let nextRevision = 1;
/** One window per analysed state: a new version (new state) gets a new window; the old goes with its state. */
const windows = new WeakMap<DocState, ViewWindow>();
/** Windows of other branches than the active one, per state: leaf id -> window, the most recent last. */
const branchWindows = new WeakMap<DocState, Map<string, { w: ViewWindow; a: Analysis }>>();

function windowOf(st: DocState, a: Analysis): ViewWindow {
  const view = buildRenderView(a, st.uri, st.version, st.analysis!.session.leafId);
  // subagents with transcripts of their own: which ones are beside the session
  const subagents = view.before.flatMap((m) => m.subagents ?? []);
  if (subagents.length) markSubagentFiles(st.uri, subagents);
  return new ViewWindow(view, nextRevision++, (side, i) => {
    const m = (side === "before" ? a.before : a.after)[i];
    return m ? messageFullText(m) : undefined;
  });
}

/** Whether `leafId` names another branch of the document than its active one. */
function otherBranch(st: DocState, leafId: string | undefined): leafId is string {
  const s = st.analysis!.session;
  return leafId !== undefined && leafId !== s.leafId && s.byId.has(leafId);
}

/** The view of the document's branch ending at `leafId` (default: the active branch) and its analysis. */
export function branchView(st: DocState, leafId?: string): { w: ViewWindow; a: Analysis } {
  const a = st.analysis!;
  if (!otherBranch(st, leafId)) {
    let w = windows.get(st);
    if (!w) windows.set(st, (w = windowOf(st, a)));
    return { w, a };
  }
  let kept = branchWindows.get(st);
  if (!kept) branchWindows.set(st, (kept = new Map()));
  let v = kept.get(leafId);
  if (v) kept.delete(leafId);
  else {
    const la = analyzeSession(a.session, { ...st.options, leafId });
    v = { w: windowOf(st, la), a: la };
  }
  kept.set(leafId, v);
  while (kept.size > MAX_BRANCH_VIEWS) kept.delete(kept.keys().next().value!);
  return v;
}

export function viewWindowOf(st: DocState, leafId?: string): ViewWindow {
  return branchView(st, leafId).w;
}

/**
 * Registers the requests. `shown(uri)` is called when a summary is served (the server publishes
 * diagnostics for a file it read from disk).
 */
export function registerInspectorRequests(connection: Connection, withSession: WithSession, shown: (uri: string) => void, providerView?: (uri: string, provider: string | undefined) => Promise<ViewProvider | undefined>): void {
  connection.onRequest(SummaryRequest, async (p) => {
    const got = await withSession(p.uri, (st) => {
      const v = branchView(st, p.leafId);
      return { summary: v.w.summary, other: v.a !== st.analysis ? v.a : undefined };
    });
    if (!got) return got;
    shown(p.uri);
    // the target provider (or the one the page asked to see) and every provider's verdict
    let provider = providerView ? await providerView(p.uri, p.provider) : undefined;
    // another branch: the verdicts on that branch's next request, for the same target
    if (provider && got.other) provider = providerViewOf(verdictsOf(got.other, isProviderName(provider.target) ? provider.target : undefined));
    return provider ? { ...got.summary, provider } : got.summary;
  });
  connection.onRequest(RowsRequest, (p) => withSession(p.uri, (st) => viewWindowOf(st, p.leafId).rowsAnswer(p)));
  connection.onRequest(LocateRequest, (p) => withSession(p.uri, (st) => viewWindowOf(st, p.leafId).locate(p)));
  connection.onRequest(FullTextRequest, (p) => withSession(p.uri, (st) => viewWindowOf(st, p.leafId).fullTextAnswer(p)));
  // the state itself (a preview runs the repair, which may take rounds: withSession awaits it)
  registerFixPreview(connection, async (uri) => (await withSession(uri, (st) => st)) ?? null, async (uri) => (providerView ? (await providerView(uri, undefined))?.target : undefined));
  connection.onRequest(ProviderErrorRequest, async (p) => {
    if (typeof p?.text !== "string") return null;
    const target = providerView ? (await providerView(p.uri, undefined))?.target : undefined;
    return withSession(p.uri, (st) => locateProviderError(branchView(st, p.leafId).a, p.text, target));
  });
  connection.onRequest(SubagentRequest, async (p) => {
    const ref = await withSession(p.uri, (st) => {
      for (const m of viewWindowOf(st, p.leafId).view.before) for (const r of m.subagents ?? []) if (r.toolCallId === p.toolCallId) return r;
      return undefined;
    });
    return ref ? readSubagent(p.uri, ref) : null;
  });
}
