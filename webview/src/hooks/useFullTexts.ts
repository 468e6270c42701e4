/**
 * Messages expanded to their full text, fetched from the server on demand (a click on a
 * message's expand button) and dropped when the render changes. At most KEEP_TEXTS are held:
 * opening one more closes the oldest.
 */
import { useCallback, useEffect, useState } from "react";
import type { FullTextAnswer } from "../../../server/src/protocol/view-window.js";
import type { RowSource } from "../rowSource.js";

const KEEP_TEXTS = 12;

export type FullTextState = { status: "loading" } | { status: "missing" } | { status: "shown"; answer: FullTextAnswer };

export const fullTextKey = (side: "before" | "after", key: string) => `${side}\u0000${key}`;

export function useFullTexts(source: RowSource) {
  const [texts, setTexts] = useState<ReadonlyMap<string, FullTextState>>(new Map());
  const revision = source.summary?.revision;
  useEffect(() => setTexts(new Map()), [revision]);
  const toggle = useCallback(
    (side: "before" | "after", key: string) => {
      const k = fullTextKey(side, key);
      let opening = false;
      setTexts((prev) => {
        const next = new Map(prev);
        if (next.has(k)) next.delete(k);
        else {
          opening = true;
          next.set(k, { status: "loading" });
          while (next.size > KEEP_TEXTS) next.delete(next.keys().next().value!);
        }
        return next;
      });
      if (!opening) return;
      void source.fullText(side, key).then((answer) =>
        setTexts((prev) => {
          if (prev.get(k)?.status !== "loading") return prev;
          const next = new Map(prev);
          next.set(k, answer ? { status: "shown", answer } : { status: "missing" });
          return next;
        }),
      );
    },
    [source],
  );
  return { texts, toggle };
}
