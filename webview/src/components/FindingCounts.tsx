/** How many findings of each code: a wrapping strip of whole codes (never broken at hyphens). */
import VscodeBadge from "@vscode-elements/react-elements/dist/components/VscodeBadge.js";
import { SafeText } from "./SafeText.js";

export function FindingCounts({ counts }: { counts: [string, number][] }) {
  return (
    <div className="finding-counts" role="list" aria-label="Findings by code">
      {counts.map(([code, n]) => (
        <span key={code} role="listitem" className="fcount" data-code={code} title={`${n} ${code} finding${n === 1 ? "" : "s"}`}>
          <SafeText text={code} /> <VscodeBadge>{n}</VscodeBadge>
        </span>
      ))}
    </div>
  );
}
