/**
 * The virtual list over a RowSource: only the rows in (and near) view are in the DOM. Asks the
 * source for the window it shows, remembers the scroll position (and the first row in view)
 * in the saved state, and restores it once rows exist.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from "react";
import type { RowSource } from "../rowSource.js";
import type { InspectorState } from "./usePersistedState.js";

const ESTIMATED_ROW_PX = 58;
/** Rows drawn beyond each edge of the viewport. */
export const OVERSCAN_ROWS = 10;

export function useVirtualRows(source: RowSource, scroller: RefObject<HTMLDivElement | null>, initial: InspectorState, save: (patch: Partial<InspectorState>) => void) {
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const virtualizer = useVirtualizer({
    count: source.count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN_ROWS,
    getItemKey: (i) => sourceRef.current.row(i)?.key ?? `#${i}`,
    initialOffset: () => initial.scrollTop,
  });
  const items = virtualizer.getVirtualItems();

  // the window in view: a windowed source fetches the rows it lacks
  const first = items[0]?.index ?? 0;
  const last = (items.at(-1)?.index ?? -1) + 1;
  useEffect(() => {
    if (last > first) source.request(first, last);
  }, [source, first, last]);

  // restore the saved position once the first rows exist
  const restored = useRef(false);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (restored.current || source.count === 0 || !el) return;
    restored.current = true;
    el.scrollTop = initial.scrollTop;
    if (initial.anchorKey === undefined) return;
    void source.locateKey(initial.anchorKey).then((idx) => {
      if (idx >= 0) virtualizer.scrollToIndex(idx, { align: "start" });
    });
  }, [source, virtualizer, scroller, initial]);

  const frame = useRef<number | null>(null);
  const onScroll = useCallback(() => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const el = scroller.current;
      if (!el) return;
      const top = virtualizer.getVirtualItems().find((it) => it.end > el.scrollTop + 1);
      save({ scrollTop: el.scrollTop, anchorKey: top ? sourceRef.current.row(top.index)?.key : undefined });
    });
  }, [save, virtualizer, scroller]);

  /** Scrolls row `index` into view unless it is already wholly visible. */
  const showIndex = useCallback(
    (index: number, align: "start" | "center" | "auto") => {
      const el = scroller.current;
      const item = virtualizer.getVirtualItems().find((it) => it.index === index);
      if (el && item && item.start >= el.scrollTop && item.end <= el.scrollTop + el.clientHeight) return;
      virtualizer.scrollToIndex(index, { align });
    },
    [virtualizer, scroller],
  );

  return { virtualizer, items, onScroll, showIndex };
}
