/**
 * Rule 4, leading user (first-user-pin.diff, as a property of the rendered wire): strict
 * providers reject a conversation that does not open with a user message. `leading-non-user`
 * when the rendered context opens with anything else while the input had a user message.
 */
import type { Finding, Msg } from "../model/types.js";
import { lineOf } from "../model/types.js";
import { type CodeTable, findingMaker } from "../model/finding-kit.js";

export const LEADING_USER_CODES = {
  "leading-non-user": {
    description: "The rendered context does not open with a user message.",
    severity: "error",
    follows: "seed first-user-pin.diff, as a property of the rendered wire",
    fixes: [],
  },
} as const satisfies CodeTable;

const make = findingMaker(LEADING_USER_CODES);

export function leadingUserFindings(before: Msg[], wire: Msg[]): Finding[] {
  const hadUser = before.some((m) => m.role !== "assistant" && m.role !== "toolResult" && m.role !== "system");
  const first = wire.find((m) => m.role !== "system");
  if (!hadUser || !first || first.role === "user") return [];
  const line = lineOf(first) ?? (first.origin.kind === "synthetic" ? first.origin.forLine ?? null : null);
  if (line === null) return [];
  return [
    make("leading-non-user", {
      line,
      message: `The context sent does not start with a user message. It opens with a message of role \`${first.role}\`; strict providers reject a conversation that does not start with the user.`,
    }),
  ];
}
