/**
 * The first-user pin (seed first-user-pin.diff, acp-kernel #489): when acp-kernel's blocks cover
 * the first user message and no user message would lead otherwise, the kernel keeps that message
 * pinned verbatim beside its summary. `first-user-pinned` says so, with the size re-sent.
 */
import type { AcpRender } from "../render/acp-kernel/render.js";
import { textOf } from "../formats/message-text.js";
import type { Finding } from "../model/types.js";
import { type CodeTable, findingMaker } from "../model/finding-kit.js";

export const FIRST_USER_PIN_CODES = {
  "first-user-pinned": {
    description: "acp-kernel re-sends a covered first user message verbatim.",
    severity: "information",
    follows: "seed first-user-pin.diff (acp-kernel #489): the conditional first-user pin",
    fixes: [],
  },
} as const satisfies CodeTable;

const make = findingMaker(FIRST_USER_PIN_CODES);

export function firstUserPinFindings(r: AcpRender): Finding[] {
  if (!r.firstUser?.pinned || r.firstUser.msg.origin.kind !== "entry") return [];
  const chars = textOf(r.firstUser.msg.content).length;
  return [
    make("first-user-pinned", {
      line: r.firstUser.msg.origin.line,
      message: `The first user message is re-sent in full every turn. acp-kernel covers it (block ${r.coveredBy.get(r.firstUser.msg)?.join(", ")}) but keeps it pinned beside its summary: no user message would lead otherwise. Its ${chars} characters are re-sent verbatim every turn.`,
    }),
  ];
}
