/** One finding under a row: severity, code, message and the server's fix buttons. */
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
            <button key={k} type="button" tabIndex={-1} className={`fix${k > 0 ? " secondary" : ""}`} data-fix-kind={fix.kind} title="Shows what it changes and the target provider's verdict after it, then applies it if you say so" onClick={() => handlers.applyFix(fix)}>
              <SafeText text={fix.title} />
            </button>
          ))}
        </span>
      ) : null}
    </div>
  );
}
