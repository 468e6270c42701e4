/**
 * Messages expanded to their full text, fetched from the server on demand (a click on a
 * message's expand button) and dropped when the render changes. At most KEEP_TEXTS are held:
 * opening one more closes the oldest.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { FullTextAnswer } from "../../../server/src/protocol/view-window.js";
import type { RowSource } from "../rowSource.js";

const KEEP_TEXTS = 12;

export type FullTextState = { status: "loading" } | { status: "missing" } | { status: "shown"; answer: FullTextAnswer };

export const fullTextKey = (side: "before" | "after", key: string) => `${side}\u0000${key}`;

export function useFullTexts(source: RowSource) {
  const [texts, setTexts] = useState<ReadonlyMap<string, FullTextState>>(new Map());
  // the map as last set, for deciding in the click handler (state updaters run later)
  const current = useRef(texts);
  const update = useCallback((next: ReadonlyMap<string, FullTextState>) => {
    current.current = next;
    setTexts(next);
  }, []);
  const revision = source.summary?.revision;
  useEffect(() => update(new Map()), [revision, update]);
  const toggle = useCallback(
    (side: "before" | "after", key: string) => {
      const k = fullTextKey(side, key);
      const next = new Map(current.current);
      if (next.delete(k)) {
        update(next);
        return;
      }
      next.set(k, { status: "loading" });
      while (next.size > KEEP_TEXTS) next.delete(next.keys().next().value!);
      update(next);
      void source.fullText(side, key).then((answer) => {
        if (current.current.get(k)?.status !== "loading") return;
        const done = new Map(current.current);
        done.set(k, answer ? { status: "shown", answer } : { status: "missing" });
        update(done);
      });
    },
    [source, update],
  );
  return { texts, toggle };
}
