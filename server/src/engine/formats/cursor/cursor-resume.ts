/**
 * The After column of a Cursor transcript: the transcript as stored. What Cursor sends when a chat
 * goes on is not known (Cursor is closed source and builds the request on its own servers), and
 * the transcript lacks what a request needs (tool results, call ids, the model's thinking), so
 * no request is modelled: After is Before, labelled as such.
 */
import type { Msg, Session } from "../../model/types.js";
import type { ResumeContext } from "../profile.js";
import { openLastTurnFinding } from "./cursor-read.js";
import { CURSOR_AGENT } from "./cursor-words.js";

export function cursorResumeContext(session: Session, before: Msg[]): ResumeContext {
  const open = openLastTurnFinding(session.entries);
  return {
    ...(open ? { findings: [open] } : {}),
    messages: before,
    dropped: [],
    line: 0,
    label: `What ${CURSOR_AGENT} sends is not known: the transcript as stored. ${CURSOR_AGENT} records no call ids, no tool results and no model, so the call/result checks do not apply`,
    short: "as stored",
  };
}
