/**
 * What the webview keeps across hide/show and reload (VS Code's setState): filters, scroll
 * position and the selected line. Never the view: after a reload the host answers "ready" with
 * a fresh render. Writes are coalesced while scrolling or typing.
 */
import { useCallback, useEffect, useMemo, useRef } from "react";
import { type Filters, filtersFrom } from "../model.js";
import type { VsCodeApi } from "../vscode.js";

export interface InspectorState {
  filters: Filters;
  scrollTop: number;
  /** Key of the first row in view: restores the position even when row heights are re-measured. */
  anchorKey?: string;
  /** The highlighted file line (the selection). */
  selectedLine: number | null;
}

/** State saved by this or an older build, reduced to well-formed fields (an old saved view is dropped). */
export function stateFrom(saved: unknown): InspectorState {
  const s = (saved && typeof saved === "object" ? saved : {}) as Record<string, unknown>;
  return {
    filters: filtersFrom(s.filters),
    scrollTop: typeof s.scrollTop === "number" && s.scrollTop >= 0 ? s.scrollTop : 0,
    anchorKey: typeof s.anchorKey === "string" ? s.anchorKey : undefined,
    selectedLine: typeof s.selectedLine === "number" ? s.selectedLine : null,
  };
}

const WRITE_DELAY_MS = 150;

export function usePersistedState(api: VsCodeApi) {
  const initial = useMemo(() => stateFrom(api.getState()), [api]);
  const current = useRef<InspectorState>(initial);
  const timer = useRef<number | undefined>(undefined);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    api.setState({ ...current.current });
  }, [api]);

  /** Merges `patch` into the saved state; the write follows shortly. */
  const save = useCallback(
    (patch: Partial<InspectorState>) => {
      current.current = { ...current.current, ...patch };
      if (timer.current === undefined) timer.current = window.setTimeout(flush, WRITE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    const onHide = () => {
      if (timer.current !== undefined) flush();
    };
    window.addEventListener("pagehide", onHide);
    return () => window.removeEventListener("pagehide", onHide);
  }, [flush]);

  return { initial, save };
}
