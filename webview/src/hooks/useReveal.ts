/**
 * The host's revealLine (the cursor moved in the editor): select the message on that line and
 * scroll its row into view, unless it already is (the echo of a click in the inspector). A tool
 * result drawn in its call's card is selected itself (its row highlights, the card opens on it).
 */
import { useEffect, useRef } from "react";
import { sideResults } from "../model.js";
import type { RowSource } from "../rowSource.js";

export function useReveal(reveal: { line: number; seq: number } | null, source: RowSource, select: (line: number | null) => void, showIndex: (index: number, align: "center") => void) {
  const handled = useRef(0);
  useEffect(() => {
    if (!reveal || reveal.seq === handled.current || source.count === 0) return;
    handled.current = reveal.seq;
    let live = true;
    void source.locateLine(reveal.line).then((idx) => {
      const row = idx >= 0 ? source.row(idx) : undefined;
      if (!live || !row) return;
      const messages = [row.before, row.after, ...sideResults(row, "before"), ...sideResults(row, "after")];
      const line = messages.find((m) => m && m.line === reveal.line)?.line ?? row.before?.line ?? row.after?.line ?? row.compaction?.line ?? null;
      select(line);
      showIndex(idx, "center");
    });
    return () => {
      live = false;
    };
  }, [reveal, source, select, showIndex]);
}
