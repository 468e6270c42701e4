/**
 * Messages expanded to their full text, fetched from the server on demand (a click on a
 * message's expand button) and dropped when the render changes; at most 12 held.
 */
import { useCallback } from "react";
import type { FullTextAnswer } from "../../../server/src/protocol/view-window.js";
import type { RowSource } from "../rowSource.js";
import { type Fetched, useToggledFetch } from "./useToggledFetch.js";

export { fullTextKey } from "./useToggledFetch.js";

export type FullTextState = Fetched<{ status: "shown"; answer: FullTextAnswer }>;

const shownText = (answer: FullTextAnswer) => ({ status: "shown" as const, answer });

export function useFullTexts(source: RowSource) {
  const fetch = useCallback((side: "before" | "after", key: string) => source.fullText(side, key), [source]);
  const { states, toggle } = useToggledFetch(source.summary?.revision, fetch, shownText);
  return { texts: states, toggle };
}
