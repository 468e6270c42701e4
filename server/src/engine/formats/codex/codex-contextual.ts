/**
 * Codex's contextual fragments (docs/research/codex-resume.md section 6.1): the context it injects
 * itself (AGENTS.md, the environment, skills, a turn-aborted marker, permissions...) as user or
 * developer messages. They are not user turns: a rollback does not count them, trims the ones
 * just before a rolled-back turn, and a compaction without replacement history does not collect
 * them. The newest stored lists (0.120-0.171 collect none of the user markers).
 */
import { isObject } from "../../model/parse.js";

/** User fragments: the trimmed text starts with the open marker and ends with the close marker, case-insensitively. */
const USER_MARKERS: readonly (readonly [string, string])[] = [
  ["# agents.md instructions for ", "</instructions>"],
  ["<agents_instructions>", "</agents_instructions>"],
  ["<environment_context>", "</environment_context>"],
  ["<multiagent_context>", "</multiagent_context>"],
  ["<skill>", "</skill>"],
  ["<user_shell_command>", "</user_shell_command>"],
  ["<turn_aborted>", "</turn_aborted>"],
  ["<subagent_notification>", "</subagent_notification>"],
  ["<goal_context>", "</goal_context>"],
];

/** Developer fragments: the text starts with one of these (codex-rs `CONTEXTUAL_DEVELOPER_PREFIXES`, newest lists). */
const DEVELOPER_PREFIXES: readonly string[] = [
  "<permissions instructions>",
  "<model_switch>",
  "<collaboration_mode>",
  "<realtime_conversation>",
  "<skills_instructions>",
  "<personality_spec>",
  "<token_budget>",
  "<rollout_budget>",
];

const partText = (c: unknown): string | undefined => (isObject(c) && typeof c.text === "string" ? c.text : undefined);

function isContextualUserPart(c: unknown): boolean {
  const t = partText(c)?.trim().toLowerCase();
  return t !== undefined && USER_MARKERS.some(([open, close]) => t.startsWith(open) && t.endsWith(close));
}

function isContextualDeveloperPart(c: unknown): boolean {
  const t = partText(c);
  return t !== undefined && DEVELOPER_PREFIXES.some((p) => t.startsWith(p));
}

const parts = (p: Record<string, any>): unknown[] => (Array.isArray(p.content) ? p.content : []);

/** A user message holding a contextual fragment (any part). */
export function isContextualUserMessage(p: Record<string, any>): boolean {
  return p.type === "message" && p.role === "user" && parts(p).some(isContextualUserPart);
}

/** A developer message holding a contextual fragment (any part). */
export function isContextualDeveloperMessage(p: Record<string, any>): boolean {
  return p.type === "message" && p.role === "developer" && parts(p).some(isContextualDeveloperPart);
}

/** Section 5, `is_user_turn_boundary`: a real user message, or an inter-agent message (newer versions). */
export function isUserTurnBoundary(p: Record<string, any>): boolean {
  if (p.type === "agent_message") return true;
  return p.type === "message" && p.role === "user" && !isContextualUserMessage(p);
}
