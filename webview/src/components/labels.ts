/** Icons and words for roles, severities and the marks a message can carry. */
import type { ViewFinding, ViewMessage } from "../../../server/src/protocol/view.js";

export const ROLE_ICONS: Record<string, string> = {
  user: "account",
  assistant: "hubot",
  toolResult: "output",
  custom: "extensions",
  system: "gear",
  branchSummary: "git-branch",
  compactionSummary: "fold",
  bashExecution: "terminal",
};
export const SEVERITY_ICONS: Record<ViewFinding["severity"], string> = { error: "error", warning: "warning", information: "info", hint: "lightbulb" };
export const CHANGED_LABEL: Record<NonNullable<ViewMessage["changed"]>, [string, string]> = {
  stubbed: ["archive", "result stubbed"],
  purged: ["clear-all", "arguments purged"],
  "thinking-stripped": ["lightbulb", "thinking stripped"],
};
export const SYNTHETIC_LABEL: Record<NonNullable<ViewMessage["synthetic"]>, string> = {
  "chain-summary": "chain summary",
  "synthetic-tool-result": "synthetic tool result",
  "acp-summary": "acp summary",
  "stub-result": "stub result",
  "resume-history": "replacement history",
  "resume-filler": "added on resume",
};

const SEVERITY_ORDER: ViewFinding["severity"][] = ["error", "warning", "information", "hint"];

export function worstSeverity(fs: ViewFinding[]): ViewFinding["severity"] {
  return SEVERITY_ORDER.find((s) => fs.some((f) => f.severity === s)) ?? "hint";
}
