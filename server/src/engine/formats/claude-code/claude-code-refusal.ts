/**
 * Where Claude Code stops with an error on resume and sends nothing
 * (docs/research/claude-code-resume.md section 4.6): an assistant line whose `message.content` is
 * not a list of blocks (a string, as the corpus file `agent-sessions-claude-schema-drift` holds).
 * Claude Code writes assistant content only as a list, and both versions call list methods on it:
 *
 * - 2.0.31 splits every loaded message into one message per block (the load that appends "No
 *   response requested."): `message.content.map` throws on the first such line of the chain, and
 *   `claude -p --resume` prints "Failed to resume session with --print mode";
 * - 2.1.112 restores the todo list from the resumed history (print mode, unless
 *   `CLAUDE_CODE_ENABLE_TASKS` is set): walking back from the last assistant message to the last
 *   `TodoWrite` call, it calls `message.content.find` on each, and the first one that is not a list
 *   throws ("Failed to resume session: _.message.content.find is not a function"). When a
 *   `TodoWrite` call comes after that line, the first request fails instead, before anything is
 *   sent ("q.message.content.some is not a function"; fixture `assistant-string-content`).
 *
 * Not for a subagent's own file (read as the parent session resumes it, a path not recorded).
 * Linear in the chain.
 */
import { isObject } from "../../model/parse.js";
import type { Item } from "./claude-code-items.js";
import type { ReadingVersion, TranscriptLine } from "./claude-code-transcript.js";

export interface Refusal {
  /** 0-based line of the assistant line Claude Code fails on. */
  line: number;
  /** What that line holds instead of a list of blocks, in a few words ("a string"). */
  holds: string;
  /** Where Claude Code fails on it, in plain words. */
  where: string;
  /** What Claude Code says, as a clause ("`claude -p --resume` prints \"…\""). */
  error: string;
}

/** What a content that is not a list is, for people. */
function kindOf(content: unknown): string {
  if (typeof content === "string") return "a string";
  if (content === undefined) return "no content";
  if (content === null) return "null";
  return typeof content === "object" ? "an object" : `a ${typeof content}`;
}

const contentOf = (raw: Record<string, any>): unknown => (isObject(raw.message) ? raw.message.content : undefined);

/**
 * The error Claude Code meets: the recorded text for a string (`<expr>.<method> is not a
 * function`); any other value that is not a list fails there as well, with a TypeError whose
 * wording depends on the value (not recorded).
 */
function typeError(expr: string, method: string, content: unknown): string {
  return typeof content === "string" ? `${expr}.${method} is not a function` : `TypeError on ${expr}`;
}

/**
 * The refusal of `version`, if any: 2.0.31 reads the loaded chain (file lines), 2.1.112 the
 * history it rebuilt from it (section 4, with what it made up).
 */
export function resumeRefusal(version: ReadingVersion, chain: readonly TranscriptLine[], history: readonly Item[]): Refusal | undefined {
  if (version === "2.0") {
    const tl = chain.find((t) => t.raw.type === "assistant" && !Array.isArray(contentOf(t.raw)));
    if (!tl) return undefined;
    const content = contentOf(tl.raw);
    return {
      line: tl.line,
      holds: kindOf(content),
      where: "where it splits each message of the session into one message per block",
      error: `"${typeError("Q.message.content", "map", content)}"; \`claude -p --resume\` prints "Failed to resume session with --print mode"`,
    };
  }
  let todoFound = false;
  for (let i = history.length - 1; i >= 0; i--) {
    const it = history[i];
    if (it.type !== "assistant") continue;
    if (it.arrayContent) {
      if (!todoFound && it.pieces.some((p) => isObject(p.block) && p.block.type === "tool_use" && p.block.name === "TodoWrite")) todoFound = true;
      continue;
    }
    if (it.line === undefined) continue;
    const content = contentOf(it.raw);
    if (Array.isArray(content)) continue;
    return todoFound
      ? { line: it.line, holds: kindOf(content), where: "when it builds the first request", error: `the request fails with "${typeError("q.message.content", "some", content)}"` }
      : {
          line: it.line,
          holds: kindOf(content),
          where: "where it looks back for the last TodoWrite call to restore the todo list",
          error: `\`claude -p --resume\` prints "Failed to resume session: ${typeError("_.message.content", "find", content)}"`,
        };
  }
  return undefined;
}
