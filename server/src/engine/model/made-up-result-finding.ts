/**
 * The finding on a tool call the agent answers with a result it makes up (on resume, or in every
 * request): `pending-call` (information) when the call is in the session's last turn and its tool
 * may still be running, `dangling-call` (warning) when the session went on without its result.
 * The agent's reading says the sentence; the finding's shape is the same for every agent.
 */
import type { Finding, JsonPath } from "./types.js";

export function madeUpResultFinding(call: { id: string; line: number; path?: JsonPath }, pending: boolean, message: string): Finding {
  return pending
    ? { code: "pending-call", severity: "information", line: call.line, path: call.path, toolCallId: call.id, message }
    : { code: "dangling-call", severity: "warning", line: call.line, path: call.path, toolCallId: call.id, message };
}
