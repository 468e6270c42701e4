/**
 * Messages shown whole (the row carries the first MAX_ROW_CONTENT_CHARS): the content fetched
 * from the server on "Show all", dropped when the render changes; at most 12 shown at once.
 */
import { useCallback, useState } from "react";
import type { FullTextAnswer } from "../../../server/src/protocol/view-window.js";
import type { RowSource } from "../rowSource.js";
import { useToggledFetch } from "./useToggledFetch.js";

const shownContent = (a: FullTextAnswer) => (a.content ? { status: "shown" as const, content: a.content } : undefined);

export function useFullContents(source: RowSource) {
  const fetch = useCallback((side: "before" | "after", key: string) => source.fullContent(side, key), [source]);
  const { states, toggle } = useToggledFetch(source.summary?.revision, fetch, shownContent);
  return { contents: states, toggle };
}

/** Keys of the cards and thinking blocks shown open (kept while rows scroll out and back). */
export function useOpenParts() {
  const [open, setOpenSet] = useState<ReadonlySet<string>>(new Set());
  const setOpen = useCallback((key: string, on: boolean) => {
    setOpenSet((prev) => {
      if (prev.has(key) === on) return prev;
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      // a bound: the oldest go first
      while (next.size > 500) next.delete(next.values().next().value!);
      return next;
    });
  }, []);
  return { open, setOpen };
}
