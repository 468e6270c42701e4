/**
 * What pi's `convertToLlm` sends for the coding agent's own message roles: each becomes a user
 * message whose text is built from fields other than `content` (pi-mono
 * `packages/coding-agent/src/core/messages.ts`, `bashExecutionToText` and the summary prefixes).
 * Without this, the After column would show these messages empty and count them as saved. And
 * which messages convertToLlm leaves out per pi version (`convertToLlmDrops`). pi-ai's
 * `transformMessages` (render/pi-ai/) runs after it.
 */
import type { DropReason } from "../../model/drop-reason.js";
import type { Msg } from "../../model/types.js";
import type { PiVersion } from "./pi-context.js";

const COMPACTION_PREFIX = "The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
const COMPACTION_SUFFIX = "\n</summary>";
const BRANCH_PREFIX = "The following is a summary of a branch that this conversation came back from:\n\n<summary>\n";
const BRANCH_SUFFIX = "</summary>";

export type TextBlock = { type: "text"; text: string };

/** The text pi sends for a `bashExecution` message. */
export function bashExecutionText(m: Msg): string {
  const output = typeof m.output === "string" ? m.output : "";
  let text = `Ran \`${String(m.command ?? "")}\`\n`;
  text += output ? "```\n" + output + "\n```" : "(no output)";
  if (m.cancelled) text += "\n\n(command cancelled)";
  else if (m.exitCode !== null && m.exitCode !== undefined && m.exitCode !== 0) text += `\n\nCommand exited with code ${m.exitCode}`;
  if (m.truncated && m.fullOutputPath) text += `\n\n[Output truncated. Full output: ${m.fullOutputPath}]`;
  return text;
}

/**
 * The user-message content `convertToLlm` builds for an agent role that goes out as a user
 * message (`custom`, `branchSummary`, `compactionSummary`, `bashExecution`); undefined for any
 * other role (those pass through unchanged).
 */
export function llmUserContent(m: Msg): string | unknown[] | undefined {
  switch (m.role) {
    case "compactionSummary":
      return [{ type: "text", text: COMPACTION_PREFIX + String(m.summary ?? "") + COMPACTION_SUFFIX }] satisfies TextBlock[];
    case "branchSummary":
      return [{ type: "text", text: BRANCH_PREFIX + String(m.summary ?? "") + BRANCH_SUFFIX }] satisfies TextBlock[];
    case "bashExecution":
      return [{ type: "text", text: bashExecutionText(m) }] satisfies TextBlock[];
    case "custom":
      // string content is wrapped as one text block; block arrays pass as they are
      return typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content;
    default:
      return undefined;
  }
}

/** `convertToLlm`'s input split by pi version: pi 0.83 drops system messages (an unknown role). */
export function convertToLlmDrops(messages: Msg[], piVersion?: PiVersion): { messages: Msg[]; dropped: { msg: Msg; by: DropReason }[] } {
  if (piVersion !== "0.83" || !messages.some((m) => m.role === "system")) return { messages, dropped: [] };
  return {
    messages: messages.filter((m) => m.role !== "system"),
    dropped: messages.filter((m) => m.role === "system").map((msg) => ({ msg, by: { kind: "convert-unknown-role" } as const })),
  };
}
