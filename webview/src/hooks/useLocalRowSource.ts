/** A RowSource over a whole RenderView held in the webview (the view the host posts today). */
import { useDeferredValue, useMemo } from "react";
import type { RenderView } from "../../../server/src/protocol/view.js";
import { type Filters, alignRows, allRoles, allTools, filterRows, rowForLine } from "../model.js";
import { type RowSource, summaryOf } from "../rowSource.js";

export function useLocalRowSource(view: RenderView | null, filters: Filters): RowSource {
  const all = useMemo(() => (view ? alignRows(view) : []), [view]);
  const summary = useMemo(() => (view ? summaryOf(view, all, allRoles(all), allTools(all)) : null), [view, all]);
  // typing in the search box stays responsive: the list follows a moment later
  const deferred = useDeferredValue(filters);
  const shown = useMemo(() => filterRows(all, deferred), [all, deferred]);
  const revision = useRevision(shown);
  return useMemo<RowSource>(
    () => ({
      summary,
      filters: deferred,
      count: shown.length,
      revision,
      row: (i) => shown[i],
      request: () => undefined,
      locateLine: async (line) => rowForLine(shown, line),
      locateKey: async (key) => shown.findIndex((r) => r.key === key),
      locateMessage: async (key) => shown.findIndex((r) => r.before?.key === key),
    }),
    [summary, deferred, shown, revision],
  );
}

/** A number that changes with the identity of `value`. */
function useRevision(value: unknown): number {
  const ref = useMemo(() => ({ last: undefined as unknown, n: 0 }), []);
  if (ref.last !== value) {
    ref.last = value;
    ref.n++;
  }
  return ref.n;
}
