/**
 * The inspector: totals, filters, chain ranges and the aligned before/after columns. Rows come
 * from a RowSource (rowSource.ts); everything from the transcript is rendered as React text
 * children, never as HTML.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ViewRange } from "../../server/src/protocol/view.js";
import { ColumnHeads } from "./components/ColumnHeads.js";
import { EmptyState, type EmptyReason } from "./components/EmptyState.js";
import { ErrorBanner } from "./components/ErrorBanner.js";
import { ProviderBadge } from "./components/ProviderBadge.js";
import type { RowHandlers } from "./components/handlers.js";
import { Ranges } from "./components/Ranges.js";
import { RowPlaceholder, RowView } from "./components/RowView.js";
import { Toolbar } from "./components/Toolbar.js";
import { Totals } from "./components/Totals.js";
import { useBandSlots } from "./hooks/useBandSlots.js";
import { useHostMessages } from "./hooks/useHostMessages.js";
import { useKeyboardNav } from "./hooks/useKeyboardNav.js";
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
  const summary = source.summary;
  const slots = useBandSlots(summary);
  const { virtualizer, items, onScroll, showIndex } = useVirtualRows(source, scroller, initial, save);
  useReveal(host.reveal, source, select, showIndex);
  const onKeyDown = useKeyboardNav(source, virtualizer, scroller);
  const firstInView = useCallback(() => {
    const top = scroller.current?.scrollTop ?? 0;
    return virtualizer.getVirtualItems().find((it) => it.end > top + 1)?.index ?? 0;
  }, [virtualizer]);
  const scrollToMatch = useCallback((i: number) => virtualizer.scrollToIndex(i, { align: "center" }), [virtualizer]);
  const search = useSearchJump(source, firstInView, scrollToMatch);

  const handlers = useMemo<RowHandlers>(
    () => ({
      openLine: (line) => {
        select(line);
        api.postMessage({ type: "openLine", line });
      },
      applyFix: (fix) => api.postMessage({ type: "applyFix", fix }),
      toggleFullText: fullTexts.toggle,
    }),
    [api, select, fullTexts.toggle],
  );

  // stable across row loads, so the header (memo) is not drawn again when rows arrive
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const jumpToRange = useCallback(
    (r: ViewRange) => {
      if (r.startKey === undefined) return;
      void sourceRef.current.locateMessage(r.startKey).then((idx) => {
        if (idx >= 0) virtualizer.scrollToIndex(idx, { align: "start" });
      });
    },
    [virtualizer],
  );

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
  return (
    <div className="app">
      {host.error ? <ErrorBanner message={host.error} /> : null}
      <header className="header">
        <Totals summary={summary} />
        <ProviderBadge provider={summary.provider} onSelect={(provider) => provider && api.postMessage({ type: "showProvider", provider })} />
        <Toolbar roles={summary.roles} tools={summary.tools} filters={filters} setFilters={setFilters} shown={source.count} total={summary.rowCount} matchAt={search.current + 1} onJump={search.jump} />
        <Ranges summary={summary} slots={slots} onJump={jumpToRange} />
      </header>
      <ColumnHeads />
      <div className="scroller" ref={scroller} onScroll={onScroll} onKeyDown={onKeyDown} data-testid="rows">
        {empty ? (
          <EmptyState
            reason={empty}
            action={
              empty.kind === "no-roles" || empty.kind === "no-match" ? (
                <VscodeButton className="clear-filters" secondary onClick={() => setFilters(emptyFilters())}>
                  Clear filters
                </VscodeButton>
              ) : undefined
            }
          />
        ) : null}
        <div className="sizer" style={{ height: virtualizer.getTotalSize() }}>
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
                query={query}
                handlers={handlers}
                fullBefore={row.before ? fullTexts.texts.get(fullTextKey("before", row.before.key)) : undefined}
                fullAfter={row.after ? fullTexts.texts.get(fullTextKey("after", row.after.key)) : undefined}
                measure={virtualizer.measureElement}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
