/** ArrowUp/ArrowDown move the focus between messages of the same column. */
import type { Virtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, type RefObject, useCallback } from "react";
import type { RowSource } from "../rowSource.js";

export function useKeyboardNav(source: RowSource, virtualizer: Virtualizer<HTMLDivElement, Element>, scroller: RefObject<HTMLDivElement | null>) {
  return useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
      const cell = (e.target as HTMLElement).closest<HTMLElement>(".msg");
      const rowEl = cell?.closest<HTMLElement>(".row");
      if (!cell || !rowEl) return;
      e.preventDefault();
      const side = cell.dataset.side as "before" | "after";
      const step = e.key === "ArrowDown" ? 1 : -1;
      let i = Number(rowEl.dataset.index) + step;
      while (i >= 0 && i < source.count && !source.row(i)?.[side]) i += step;
      if (i < 0 || i >= source.count) return;
      virtualizer.scrollToIndex(i, { align: "auto" });
      requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`.row[data-index="${i}"] .msg[data-side="${side}"]`)?.focus());
    },
    [source, virtualizer, scroller],
  );
}
