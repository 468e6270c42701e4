/**
 * Enter in the search box: the next matching row (Shift+Enter: the previous), wrapping around.
 * The search filters the list, so every shown row matches; the jump starts below the current
 * match, or at the first row in view.
 */
import { useCallback, useEffect, useState } from "react";
import type { RowSource } from "../rowSource.js";

export function useSearchJump(source: RowSource, firstInView: () => number, scrollTo: (index: number) => void) {
  const [current, setCurrent] = useState(-1);
  // other rows (a new search, a new render): the old position means nothing
  useEffect(() => setCurrent(-1), [source.revision]);
  const jump = useCallback(
    (step: 1 | -1) => {
      const n = source.count;
      if (n === 0 || !source.filters.search.trim()) return;
      let next: number;
      if (current >= 0 && current < n) next = (current + step + n) % n;
      else {
        const top = Math.max(0, Math.min(n - 1, firstInView()));
        next = step === 1 ? top : (top - 1 + n) % n;
      }
      setCurrent(next);
      scrollTo(next);
    },
    [source, current, firstInView, scrollTo],
  );
  return { current, jump };
}
