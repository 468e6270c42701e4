/** One finding under a row: severity, code, message and the server's fix buttons. */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import type { MouseEvent } from "react";
import type { ViewFinding } from "../../../server/src/protocol/view.js";
import type { RowHandlers } from "./handlers.js";
import { Icon } from "./Icon.js";
import { SEVERITY_ICONS } from "./labels.js";
import { SafeText } from "./SafeText.js";

export function FindingCard({ finding: f, query, handlers }: { finding: ViewFinding; query?: string; handlers: RowHandlers }) {
  return (
    <div className={`finding sev-${f.severity}`} data-code={f.code} data-severity={f.severity} data-line={f.line}>
      <span className="finding-label">
        <Icon name={SEVERITY_ICONS[f.severity] ?? "info"} title={f.severity} />
        <span className="code">
          <SafeText text={f.code} query={query} />
        </span>
        <span className="sev">{f.severity}</span>
        <span className="fline">L{f.line}</span>
      </span>
      <span className="fmsg">
        <SafeText text={f.message} query={query} />
      </span>
      {f.fixes.length ? (
        <span className="fixes">
          {f.fixes.map((fix, k) => (
            <VscodeButton
              key={k}
              className="fix"
              secondary={k > 0}
              data-fix-kind={fix.kind}
              onClick={(e: MouseEvent) => {
                e.stopPropagation();
                handlers.applyFix(fix);
              }}
            >
              <SafeText text={fix.title} />
            </VscodeButton>
          ))}
        </span>
      ) : null}
    </div>
  );
}
