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
/** Frames a scroll to a row keeps correcting itself at most (rows arrive and are measured meanwhile). */
const PIN_FRAMES = 120;
/** Frames the row must stay in place before the correction stops. */
const STEADY_FRAMES = 20;
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

  /** The current pinned scroll (a new one, or the user's scrolling, ends the last). */
  const pin = useRef(0);
  // the user scrolls: a pinned row lets go
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const release = () => void pin.current++;
    el.addEventListener("wheel", release, { passive: true });
    el.addEventListener("pointerdown", release);
    return () => {
      el.removeEventListener("wheel", release);
      el.removeEventListener("pointerdown", release);
    };
  }, [scroller, source.summary]);

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

  /**
   * Scrolls to row `index` and keeps it there while the rows around it arrive and are measured
   * (their heights differ from the estimate: the offset is corrected frame by frame until the row
   * has stayed in view for a few frames, or PIN_FRAMES have passed).
   */
  const scrollTo = useCallback(
    (index: number, align: "start" | "center" | "auto") => {
      const id = ++pin.current;
      virtualizer.scrollToIndex(index, { align });
      let frames = 0;
      let steady = 0;
      const check = () => {
        if (pin.current !== id || ++frames > PIN_FRAMES) return;
        const el = scroller.current;
        const row = el?.querySelector<HTMLElement>(`[role="row"][data-index="${index}"]:not(.loading)`);
        if (!el || !row) {
          // not drawn yet: ask the virtualizer again (the rows above it may have been measured)
          virtualizer.scrollToIndex(index, { align });
          steady = 0;
        } else {
          // drawn: place it by where it really is (measured heights, not estimates)
          const box = el.getBoundingClientRect();
          const r = row.getBoundingClientRect();
          const want = align === "center" ? box.top + Math.max(0, (box.height - r.height) / 2) : box.top;
          const off = r.top - want;
          const inView = r.top >= box.top - 1 && Math.min(r.bottom, r.top + box.height / 2) <= box.bottom + 1;
          if (align === "auto" ? inView : Math.abs(off) <= 2) steady++;
          else {
            steady = 0;
            el.scrollTop += align === "auto" ? (r.top < box.top ? r.top - box.top : Math.min(r.bottom, r.top + box.height / 2) - box.bottom) : off;
          }
        }
        // rows above it keep being measured for a while (and the virtualizer moves the offset for them)
        if (steady < STEADY_FRAMES) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    },
    [virtualizer, scroller],
  );

  /** Scrolls row `index` into view unless it is already wholly visible. */
  const showIndex = useCallback(
    (index: number, align: "start" | "center" | "auto") => {
      const el = scroller.current;
      const item = virtualizer.getVirtualItems().find((it) => it.index === index);
      if (el && item && item.start >= el.scrollTop && item.end <= el.scrollTop + el.clientHeight) return;
      scrollTo(index, align);
    },
    [virtualizer, scroller, scrollTo],
  );

  return { virtualizer, items, onScroll, showIndex, scrollTo };
}
