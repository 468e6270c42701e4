/**
 * The inspector: totals, the toolbar and its panels (filters, details, timeline), and the aligned
 * before/after columns as a grid (one Tab stop, arrow keys inside). Rows come from a RowSource
 * (rowSource.ts); everything from the transcript is rendered as React text children, never as HTML.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ViewRange } from "../../server/src/protocol/view.js";
import { BranchesPanel, BranchNote, branchesLabel, hasBranches } from "./components/Branches.js";
import { ColumnHeads } from "./components/ColumnHeads.js";
import { DetailsPanel, detailsLabel } from "./components/DetailsPanel.js";
import { EmptyState, type EmptyReason } from "./components/EmptyState.js";
import { ErrorBanner } from "./components/ErrorBanner.js";
import type { RowHandlers } from "./components/handlers.js";
import { RowPlaceholder, RowView } from "./components/RowView.js";
import { Timeline } from "./components/Timeline.js";
import { FilterPanel, type Panel, Toolbar } from "./components/Toolbar.js";
import { Totals } from "./components/Totals.js";
import { useBandSlots } from "./hooks/useBandSlots.js";
import { useFullContents, useOpenParts } from "./hooks/useFullContents.js";
import { useGridFocus } from "./hooks/useGridFocus.js";
import { useHostMessages } from "./hooks/useHostMessages.js";
import { fullTextKey, useFullTexts } from "./hooks/useFullTexts.js";
import { usePersistedState } from "./hooks/usePersistedState.js";
import { useRemoteRowSource } from "./hooks/useRemoteRowSource.js";
import { useReveal } from "./hooks/useReveal.js";
import { useSearchJump } from "./hooks/useSearchJump.js";
import { useVirtualRows } from "./hooks/useVirtualRows.js";
import { useWaitTimeout } from "./hooks/useWaitTimeout.js";
import { type Filters, emptyFilters } from "./model.js";
import type { VsCodeApi } from "./vscode.js";

/** How long "Reading the transcript…" may show before it says that nothing came. */
const WAIT_MS = 15_000;

export function App({ api }: { api: VsCodeApi }) {
  const { initial, save } = usePersistedState(api);
  const host = useHostMessages(api);
  // a summary names the session shown: saving records it (vscode.ts adds its URI) for the panel serializer
  const viewUri = host.summary?.uri;
  useEffect(() => {
    if (viewUri !== undefined) save({});
  }, [viewUri, save]);
  const [filters, setFiltersState] = useState<Filters>(initial.filters);
  const [selectedLine, setSelectedLine] = useState<number | null>(initial.selectedLine);
  const [panel, setPanel] = useState<Panel>(null);
  const scroller = useRef<HTMLDivElement>(null);

  const setFilters = useCallback(
    (f: Filters) => {
      setFiltersState(f);
      save({ filters: f });
    },
    [save],
  );
  const select = useCallback(
    (line: number | null) => {
      setSelectedLine(line);
      save({ selectedLine: line });
    },
    [save],
  );

  const source = useRemoteRowSource(api, host.requests, host.summary, filters);
  const fullTexts = useFullTexts(source);
  const fullContents = useFullContents(source);
  const parts = useOpenParts();
  const summary = source.summary;
  const slots = useBandSlots(summary);
  const { virtualizer, items, onScroll, showIndex, scrollTo } = useVirtualRows(source, scroller, initial, save);
  useReveal(host.reveal, source, select, showIndex);
  const grid = useGridFocus(source, virtualizer, scroller);
  const firstInView = useCallback(() => {
    const top = scroller.current?.scrollTop ?? 0;
    return virtualizer.getVirtualItems().find((it) => it.end > top + 1)?.index ?? 0;
  }, [virtualizer]);
  const scrollToMatch = useCallback((i: number) => scrollTo(i, "center"), [scrollTo]);
  const search = useSearchJump(source, firstInView, scrollToMatch);

  // stable across row loads, so the header (memo) is not drawn again when rows arrive
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  /** A fold's rows, or a place, to show once the list without changes only has arrived. */
  const pendingKey = useRef<string | null>(null);
  useEffect(() => {
    const key = pendingKey.current;
    if (key === null || source.loading || source.filters.changesOnly) return;
    pendingKey.current = null;
    void source.locateKey(key).then((idx) => {
      if (idx < 0) return;
      scrollTo(idx, "start");
      grid.setFocus({ row: idx, col: 1 });
    });
  }, [source, scrollTo, grid]);

  const handlers = useMemo<RowHandlers>(
    () => ({
      openLine: (line) => {
        select(line);
        api.postMessage({ type: "openLine", line });
      },
      applyFix: (fix) => api.postMessage({ type: "applyFix", fix }),
      toggleFullText: fullTexts.toggle,
      toggleFullContent: fullContents.toggle,
      setOpen: parts.setOpen,
      loadImage: async (side, key, ref) => (await sourceRef.current.image(side, key, ref))?.image ?? null,
      loadSubagent: (toolCallId) => sourceRef.current.subagent(toolCallId),
      openSubagent: (toolCallId) => api.postMessage({ type: "openSubagent", toolCallId }),
      showFold: (firstKey) => {
        pendingKey.current = firstKey;
        setFilters({ ...filtersRef.current, changesOnly: false });
      },
    }),
    [api, select, fullTexts.toggle, fullContents.toggle, parts.setOpen, setFilters],
  );

  const jumpToRange = useCallback(
    (r: ViewRange) => {
      if (r.startKey === undefined) return;
      void sourceRef.current.locateMessage(r.startKey).then((idx) => {
        if (idx >= 0) scrollTo(idx, "start");
      });
    },
    [scrollTo],
  );
  const jumpToLine = useCallback(
    (line: number) => {
      if (!line) return;
      void sourceRef.current.locateLine(line).then((idx) => {
        if (idx < 0) return;
        scrollTo(idx, "center");
        select(line);
      });
    },
    [scrollTo, select],
  );
  const onProvider = useCallback((provider: string) => api.postMessage({ type: "showProvider", provider }), [api]);
  const onBranch = useCallback((leafId: string | null) => api.postMessage({ type: "showBranch", leafId }), [api]);
  const openBranches = useCallback(() => setPanel("branches"), []);

  const waitedTooLong = useWaitTimeout(!summary && !host.error, WAIT_MS);
  if (!summary) {
    const reason: EmptyReason = host.error
      ? { kind: "error", message: host.error }
      : waitedTooLong
        ? { kind: "error", message: "No transcript arrived. Open the inspector again from a session file." }
        : { kind: "waiting" };
    return (
      <div className="app waiting">
        <EmptyState reason={reason} />
      </div>
    );
  }

  const query = source.filters.search;
  const empty: EmptyReason | null =
    summary.rowCount === 0 ? { kind: "no-messages" } : source.count > 0 || source.loading ? null : summary.roles.every((r) => source.filters.hiddenRoles.includes(r)) ? { kind: "no-roles" } : { kind: "no-match" };
  const rendered = new Set(items.map((it) => it.index));
  const tabRow = rendered.has(grid.focus.row) ? grid.focus.row : (items[0]?.index ?? -1);
  return (
    <div className="app">
      {host.error ? <ErrorBanner message={host.error} /> : null}
      <header className="header">
        <Totals summary={summary} />
        {summary.branches ? <BranchNote branches={summary.branches} onShow={onBranch} onOpenPanel={openBranches} /> : null}
        <Toolbar
          roles={summary.roles}
          tools={summary.tools}
          filters={filters}
          setFilters={setFilters}
          shown={source.count}
          total={summary.rowCount}
          matchAt={search.current + 1}
          onJump={search.jump}
          panel={panel}
          setPanel={setPanel}
          hasTimeline={!!summary.timeline}
          detailsLabel={detailsLabel(summary)}
          branchesLabel={hasBranches(summary.branches) ? branchesLabel(summary.branches) : undefined}
        />
        <FilterPanel roles={summary.roles} tools={summary.tools} filters={filters} setFilters={setFilters} hidden={panel !== "filters"} />
        <DetailsPanel summary={summary} slots={slots} onJump={jumpToRange} onProvider={onProvider} hidden={panel !== "details"} />
        {hasBranches(summary.branches) ? <BranchesPanel branches={summary.branches} onShow={onBranch} onOpenLine={handlers.openLine} hidden={panel !== "branches"} /> : null}
        {panel === "timeline" && summary.timeline ? <Timeline timeline={summary.timeline} onJump={jumpToLine} /> : null}
      </header>
      {empty ? (
        <EmptyState
          reason={empty}
          action={
            empty.kind === "no-roles" || empty.kind === "no-match" ? (
              <button type="button" className="tb-button clear-filters" onClick={() => setFilters(emptyFilters())}>
                Clear filters
              </button>
            ) : undefined
          }
        />
      ) : null}
      <div className="grid" role="grid" aria-label="Messages before and after pruning" aria-rowcount={source.count + 1} aria-colcount={3} aria-busy={source.loading} onKeyDown={grid.onKeyDown} onFocus={grid.onFocus}>
        <div className="colheads-group" role="rowgroup">
          <ColumnHeads />
        </div>
        <div className="scroller" ref={scroller} onScroll={onScroll} data-testid="rows" role="rowgroup">
          <div className="sizer" role="presentation" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((it) => {
              const row = source.row(it.index);
              if (!row) return <RowPlaceholder key={it.key} index={it.index} start={it.start} measure={virtualizer.measureElement} />;
              return (
                <RowView
                  key={it.key}
                  row={row}
                  index={it.index}
                  start={it.start}
                  slot={row.band !== undefined ? (slots.get(row.band) ?? 0) : undefined}
                  highlightLine={selectedLine}
                  current={it.index === search.current}
                  focusCol={it.index === tabRow ? (it.index === grid.focus.row ? grid.focus.col : 1) : 0}
                  query={query}
                  handlers={handlers}
                  fullBefore={row.before ? fullTexts.texts.get(fullTextKey("before", row.before.key)) : undefined}
                  fullAfter={row.after ? fullTexts.texts.get(fullTextKey("after", row.after.key)) : undefined}
                  contentBefore={row.before ? fullContents.contents.get(fullTextKey("before", row.before.key)) : undefined}
                  contentAfter={row.after ? fullContents.contents.get(fullTextKey("after", row.after.key)) : undefined}
                  open={parts.open}
                  measure={virtualizer.measureElement}
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
