/**
 * Rule 4, leading user (first-user-pin.diff, as a property of the rendered wire): strict
 * providers reject a conversation that does not open with a user message. `leading-non-user`
 * when the rendered context opens with anything else while the input had a user message.
 */
import type { Finding, Msg } from "../types.js";
import { lineOf } from "../types.js";

export function leadingUserFindings(before: Msg[], wire: Msg[]): Finding[] {
  const hadUser = before.some((m) => m.role !== "assistant" && m.role !== "toolResult" && m.role !== "system");
  const first = wire.find((m) => m.role !== "system");
  if (!hadUser || !first || first.role === "user") return [];
  const line = lineOf(first) ?? (first.origin.kind === "synthetic" ? first.origin.forLine ?? null : null);
  if (line === null) return [];
  return [
    {
      code: "leading-non-user",
      severity: "error",
      line,
      message: `The rendered context opens with a message of role \`${first.role}\`, not a user message. Strict providers reject a conversation that does not start with the user.`,
    },
  ];
}
