/**
 * Messages shown whole (the row carries the first MAX_ROW_CONTENT_CHARS): the content fetched
 * from the server on "Show all", dropped when the render changes; at most KEEP shown at once.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { FullContentState } from "../components/MessageCell.js";
import type { RowSource } from "../rowSource.js";
import { fullTextKey } from "./useFullTexts.js";

const KEEP = 12;

export function useFullContents(source: RowSource) {
  const [contents, setContents] = useState<ReadonlyMap<string, FullContentState>>(new Map());
  const current = useRef(contents);
  const update = useCallback((next: ReadonlyMap<string, FullContentState>) => {
    current.current = next;
    setContents(next);
  }, []);
  const revision = source.summary?.revision;
  useEffect(() => update(new Map()), [revision, update]);
  const toggle = useCallback(
    (side: "before" | "after", key: string) => {
      const k = fullTextKey(side, key);
      const next = new Map(current.current);
      if (next.delete(k)) return update(next);
      next.set(k, { status: "loading" });
      while (next.size > KEEP) next.delete(next.keys().next().value!);
      update(next);
      void source.fullContent(side, key).then((a) => {
        if (current.current.get(k)?.status !== "loading") return;
        const done = new Map(current.current);
        done.set(k, a?.content ? { status: "shown", content: a.content } : { status: "missing" });
        update(done);
      });
    },
    [source, update],
  );
  return { contents, toggle };
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
