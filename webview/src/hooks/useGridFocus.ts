/**
 * The grid's keyboard (issue 23): one Tab stop for the whole list (the active cell), arrow keys
 * between cells (Up/Down: the same column of the next row; Left/Right: the other column, or the
 * findings), Home/End and PageUp/PageDown, Enter (or F2) into a cell's controls, where Tab and
 * Shift+Tab go round them and Escape goes back to the cell. Rows are virtual: the active cell is
 * kept as a row index and column and focused once its row is drawn.
 */
import type { Virtualizer } from "@tanstack/react-virtual";
import { type FocusEvent, type KeyboardEvent, type RefObject, useCallback, useState } from "react";
import type { RowSource } from "../rowSource.js";

export interface GridFocus {
  row: number;
  col: number;
}

const CONTROLS = "button, a[href], summary, [data-control]";
const PAGE = 10;

/** Cells of a drawn row, by column (1-3). */
function cellAt(scroller: HTMLElement | null, row: number, col: number): HTMLElement | null {
  const r = scroller?.querySelector<HTMLElement>(`[role="row"][data-index="${row}"]`);
  if (!r) return null;
  return r.querySelector<HTMLElement>(`:scope > [role="gridcell"][aria-colindex="${col}"]`) ?? r.querySelector<HTMLElement>(`:scope > [role="gridcell"]`);
}

/** Controls inside a cell that can act now (not in a closed card). */
function controlsOf(cell: HTMLElement): HTMLElement[] {
  return [...cell.querySelectorAll<HTMLElement>(CONTROLS)].filter((el) => el.getClientRects().length > 0 && !el.closest("details:not([open]) > :not(summary)"));
}

export function useGridFocus(source: RowSource, virtualizer: Virtualizer<HTMLDivElement, Element>, scroller: RefObject<HTMLDivElement | null>) {
  const [focus, setFocus] = useState<GridFocus>({ row: 0, col: 1 });

  const moveTo = useCallback(
    (row: number, col: number) => {
      const n = source.count;
      if (n === 0) return;
      const r = Math.max(0, Math.min(n - 1, row));
      setFocus({ row: r, col });
      virtualizer.scrollToIndex(r, { align: "auto" });
      const tryFocus = (left: number) => {
        const cell = cellAt(scroller.current, r, col);
        if (cell) cell.focus({ preventScroll: false });
        else if (left > 0) requestAnimationFrame(() => tryFocus(left - 1));
      };
      requestAnimationFrame(() => tryFocus(10));
    },
    [source, virtualizer, scroller],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const target = e.target as HTMLElement;
      const cell = target.closest<HTMLElement>('[role="gridcell"]');
      const rowEl = cell?.closest<HTMLElement>('[role="row"]');
      if (!cell || !rowEl || rowEl.dataset.index === undefined) return;
      const row = Number(rowEl.dataset.index);
      const col = Number(cell.getAttribute("aria-colindex") ?? "1");
      const moving = e.key === "ArrowDown" || e.key === "ArrowUp" || e.key === "PageDown" || e.key === "PageUp";
      if (target !== cell && !(moving && target.closest("input, textarea, select") === null)) {
        // inside a cell: Tab goes round its controls, Escape back to the cell (Up and Down still move between rows)
        if (e.key === "Escape") {
          e.preventDefault();
          cell.focus();
        } else if (e.key === "Tab") {
          const cs = controlsOf(cell);
          const i = cs.indexOf(target);
          if (cs.length) {
            e.preventDefault();
            cs[(i + (e.shiftKey ? -1 : 1) + cs.length) % cs.length].focus();
          }
        }
        return;
      }
      const cols = [...rowEl.querySelectorAll<HTMLElement>(':scope > [role="gridcell"]')].map((c) => Number(c.getAttribute("aria-colindex")));
      switch (e.key) {
        case "ArrowDown":
          e.preventDefault();
          return moveTo(row + 1, Math.min(col, 2));
        case "ArrowUp":
          e.preventDefault();
          return moveTo(row - 1, Math.min(col, 2));
        case "ArrowRight": {
          e.preventDefault();
          const next = cols.find((c) => c > col);
          if (next !== undefined) moveTo(row, next);
          return;
        }
        case "ArrowLeft": {
          e.preventDefault();
          const prev = [...cols].reverse().find((c) => c < col);
          if (prev !== undefined) moveTo(row, prev);
          return;
        }
        case "Home":
          e.preventDefault();
          return moveTo(e.ctrlKey ? 0 : row, e.ctrlKey ? col : 1);
        case "End":
          e.preventDefault();
          return moveTo(e.ctrlKey ? source.count - 1 : row, e.ctrlKey ? col : cols[cols.length - 1]);
        case "PageDown":
          e.preventDefault();
          return moveTo(row + PAGE, Math.min(col, 2));
        case "PageUp":
          e.preventDefault();
          return moveTo(row - PAGE, Math.min(col, 2));
        case "Enter":
        case "F2": {
          const cs = controlsOf(cell);
          if (cs.length) {
            e.preventDefault();
            cs[0].focus();
          }
          return;
        }
      }
    },
    [moveTo, source],
  );

  /** A click or focus inside a cell makes it the active one (the tab stop follows). */
  const onFocus = useCallback((e: FocusEvent<HTMLDivElement>) => {
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[role="gridcell"]');
    const rowEl = cell?.closest<HTMLElement>('[role="row"]');
    if (!cell || !rowEl || rowEl.dataset.index === undefined) return;
    const next = { row: Number(rowEl.dataset.index), col: Number(cell.getAttribute("aria-colindex") ?? "1") };
    setFocus((f) => (f.row === next.row && f.col === next.col ? f : next));
  }, []);

  return { focus, setFocus, onKeyDown, onFocus, moveTo };
}
