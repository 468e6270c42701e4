/**
 * Per-message state fetched from the server when the user opens it (a click on a message's
 * expand or "Show all" button), closed by the same toggle, and dropped when the render changes.
 * At most `keep` are held: opening one more closes the oldest. A reply that arrives after its
 * message was closed (or the render changed) is ignored.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export type Fetched<S> = { status: "loading" } | { status: "missing" } | S;

export const fullTextKey = (side: "before" | "after", key: string) => `${side}\u0000${key}`;

export function useToggledFetch<A, S extends { status: "shown" }>(
  revision: unknown,
  fetch: (side: "before" | "after", key: string) => Promise<A | null>,
  shown: (answer: A) => S | undefined,
  keep = 12,
) {
  const [states, setStates] = useState<ReadonlyMap<string, Fetched<S>>>(new Map());
  // the map as last set, for deciding in the click handler (state updaters run later)
  const current = useRef(states);
  const update = useCallback((next: ReadonlyMap<string, Fetched<S>>) => {
    current.current = next;
    setStates(next);
  }, []);
  useEffect(() => update(new Map()), [revision, update]);
  const toggle = useCallback(
    (side: "before" | "after", key: string) => {
      const k = fullTextKey(side, key);
      const next = new Map(current.current);
      if (next.delete(k)) return update(next);
      next.set(k, { status: "loading" });
      while (next.size > keep) next.delete(next.keys().next().value!);
      update(next);
      void fetch(side, key).then((answer) => {
        if (current.current.get(k)?.status !== "loading") return;
        const done = new Map(current.current);
        done.set(k, (answer && shown(answer)) || { status: "missing" });
        update(done);
      });
    },
    [fetch, shown, keep, update],
  );
  return { states, toggle };
}
