/** A plain message where the inspector has nothing to draw, saying why (never a lasting spinner). */
import type { ReactNode } from "react";
import { Icon } from "./Icon.js";
import { SafeText } from "./SafeText.js";

export type EmptyReason = { kind: "waiting" } | { kind: "error"; message: string } | { kind: "no-messages" } | { kind: "no-roles" } | { kind: "no-match" };

export function EmptyState({ reason, action }: { reason: EmptyReason; action?: ReactNode }) {
  const [icon, text]: [string, ReactNode] =
    reason.kind === "waiting"
      ? ["loading codicon-modifier-spin", "Reading the transcript…"]
      : reason.kind === "error"
        ? ["circle-slash", <SafeText text={reason.message} />]
        : reason.kind === "no-messages"
          ? ["inbox", "This session has no messages yet. The inspector follows the file and shows them as they are written."]
          : reason.kind === "no-roles"
            ? ["filter", "No role is ticked, so no message shows. Tick the roles to see."]
            : ["search", "No messages match the filters."];
  return (
    <div className={`placeholder empty-${reason.kind}`} role={reason.kind === "error" ? "alert" : "status"} data-empty={reason.kind}>
      <Icon name={icon} />
      <span className="placeholder-text">{text}</span>
      {action}
    </div>
  );
}
