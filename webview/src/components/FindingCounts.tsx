/**
 * How many findings of each code: a wrapping strip of whole codes (never broken at hyphens), the
 * most frequent first. Past a handful of codes it shows the first few and a "+N more" toggle, so
 * the header stays short.
 */
import VscodeBadge from "@vscode-elements/react-elements/dist/components/VscodeBadge.js";
import { useState } from "react";
import { SafeText } from "./SafeText.js";

const COLLAPSED_CODES = 5;

export function FindingCounts({ counts }: { counts: [string, number][] }) {
  const [expanded, setExpanded] = useState(false);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const collapsible = sorted.length > COLLAPSED_CODES + 1;
  const shown = collapsible && !expanded ? sorted.slice(0, COLLAPSED_CODES) : sorted;
  return (
    <div className="finding-counts" role="list" aria-label="Findings by code">
      {shown.map(([code, n]) => (
        <span key={code} role="listitem" className="fcount" data-code={code} title={`${n} ${code} finding${n === 1 ? "" : "s"}`}>
          <SafeText text={code} /> <VscodeBadge>{n}</VscodeBadge>
        </span>
      ))}
      {collapsible ? (
        <button type="button" className="fcount-toggle" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? "fewer" : `+${sorted.length - COLLAPSED_CODES} more`}
        </button>
      ) : null}
    </div>
  );
}
