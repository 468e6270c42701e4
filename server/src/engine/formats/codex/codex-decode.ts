/**
 * How Codex decodes one rollout line on resume (docs/research/codex-resume.md section 2,
 * `RolloutRecorder::load_rollout_items`): a line is `{timestamp, type, payload}`; a line that does
 * not decode against the schema of its type is skipped whole (R2.2), as if it were not in the
 * file. What is checked is what the 0.171 runs showed to matter, and the required fields of the
 * item schemas (codex-rs `ResponseItem`); unknown extra fields are ignored, as serde does.
 */
import { describeJsonType, isObject } from "../../model/parse.js";

/** A decoded line: what the history rebuild reads of it. */
export type DecodedLine =
  | { kind: "meta"; payload: Record<string, any> }
  | { kind: "item"; payload: Record<string, any> }
  | { kind: "compacted"; message: string; replacement?: { payload: Record<string, any>; index: number }[] }
  | { kind: "event"; payload: Record<string, any> }
  | { kind: "turn-context"; payload: Record<string, any> }
  /** A known line type that never becomes history (world_state, ...): R2.5. */
  | { kind: "ignored" }
  /** A line Codex cannot decode: skipped whole (R2.2); `reason` says why, in a few words. */
  | { kind: "undecodable"; reason: string; type?: string };

/** R2.1: the line types of the versions tried; any other type fails to decode. */
const IGNORED_LINE_TYPES: ReadonlySet<string> = new Set([
  "world_state",
  "inter_agent_communication",
  "inter_agent_communication_metadata",
  "security_risk_score",
  "rollout_reference",
  "tool_manifest",
]);

const tick = (s: string) => `\`${s}\``;
const str = (v: unknown): v is string => typeof v === "string";

/** Decodes one parsed line (an object); `null` for a line of an unknown type (skipped, never reported: it carries no history). */
export function decodeCodexLine(v: Record<string, any>): DecodedLine | null {
  const type = v.type;
  const known = type === "session_meta" || type === "response_item" || type === "compacted" || type === "turn_context" || type === "event_msg";
  if (!known && !(str(type) && IGNORED_LINE_TYPES.has(type))) return null;
  if (!str(v.timestamp)) return { kind: "undecodable", reason: "the line has no `timestamp`", type };
  if (IGNORED_LINE_TYPES.has(type)) return { kind: "ignored" };
  const p = v.payload;
  if (!isObject(p)) return { kind: "undecodable", reason: "its `payload` is not an object", type };
  switch (type) {
    case "session_meta":
      return { kind: "meta", payload: p };
    case "turn_context":
      return { kind: "turn-context", payload: p };
    case "event_msg":
      return decodeEvent(p);
    case "compacted":
      return decodeCompacted(p);
    default: {
      const why = itemProblem(p, "payload");
      return why ? { kind: "undecodable", reason: why, type } : { kind: "item", payload: p };
    }
  }
}

/** Events: only `thread_rolled_back` changes the history; its count must be a number. */
function decodeEvent(p: Record<string, any>): DecodedLine {
  if (!str(p.type)) return { kind: "undecodable", reason: "the event has no `type`", type: "event_msg" };
  if (p.type === "thread_rolled_back" && !(typeof p.num_turns === "number" && Number.isInteger(p.num_turns) && p.num_turns >= 0))
    return { kind: "undecodable", reason: "`payload.num_turns` is not a whole number", type: "event_msg" };
  return { kind: "event", payload: p };
}

/** R2.3: ghost snapshots are taken out of a replacement history before it is decoded. */
function decodeCompacted(p: Record<string, any>): DecodedLine {
  if (!str(p.message)) return { kind: "undecodable", reason: "`payload.message` is not a string", type: "compacted" };
  if (p.replacement_history === undefined || p.replacement_history === null) return { kind: "compacted", message: p.message };
  if (!Array.isArray(p.replacement_history)) return { kind: "undecodable", reason: "`payload.replacement_history` is not a list", type: "compacted" };
  const replacement: { payload: Record<string, any>; index: number }[] = [];
  for (let i = 0; i < p.replacement_history.length; i++) {
    const item = p.replacement_history[i];
    if (isObject(item) && item.type === "ghost_snapshot") continue;
    const why = isObject(item) ? itemProblem(item, `payload.replacement_history[${i}]`) : `\`payload.replacement_history[${i}]\` is not an object`;
    if (why) return { kind: "undecodable", reason: why, type: "compacted" };
    replacement.push({ payload: item, index: i });
  }
  return { kind: "compacted", message: p.message, replacement };
}

/**
 * Why a response item does not decode, or undefined when it does. Unknown item types decode (as
 * `Other`) and are dropped later (R4.1), so only known types are checked.
 */
export function itemProblem(p: Record<string, any>, at: string): string | undefined {
  if (!str(p.type)) return `${tick(`${at}.type`)} is missing`;
  const need = (...keys: string[]) => {
    for (const k of keys) if (!str(p[k])) return `${tick(`${at}.${k}`)} is ${p[k] === undefined ? "missing" : "not a string"}`;
    return undefined;
  };
  switch (p.type) {
    case "message":
      return need("role") ?? partsProblem(p.content, `${at}.content`, MESSAGE_PARTS);
    case "reasoning":
      return reasoningProblem(p, at);
    case "function_call":
      return need("name", "arguments", "call_id");
    case "custom_tool_call":
      return need("call_id", "name", "input");
    case "local_shell_call":
      return localShellProblem(p, at);
    case "function_call_output":
    case "custom_tool_call_output":
      return need("call_id") ?? outputProblem(p.output, `${at}.output`);
    case "compaction":
    case "compaction_summary":
      return need("encrypted_content");
    default:
      return undefined;
  }
}

/** R2.2: the content parts each kind of list takes (codex-rs `ContentItem`, `FunctionCallOutputContentItem`). */
const MESSAGE_PARTS: Readonly<Record<string, string>> = { input_text: "text", output_text: "text", input_image: "image_url" };
const OUTPUT_PARTS: Readonly<Record<string, string>> = { input_text: "text", input_image: "image_url" };

function partsProblem(parts: unknown, at: string, known: Readonly<Record<string, string>>): string | undefined {
  if (!Array.isArray(parts)) return `${tick(at)} is not a list`;
  for (let i = 0; i < parts.length; i++) {
    const c = parts[i];
    if (!isObject(c)) return `${tick(`${at}[${i}]`)} is not an object`;
    const field = known[c.type];
    if (!field) return `${tick(`${at}[${i}]`)} is a part of type ${tick(String(c.type))}, which Codex does not know here (it takes ${Object.keys(known).map(tick).join(", ")})`;
    if (!str(c[field])) return `${tick(`${at}[${i}].${field}`)} is not a string`;
  }
  return undefined;
}

/** R2.2: an output is a string or a list of `input_text` / `input_image` parts (an object such as `{content, success}` fails). */
function outputProblem(output: unknown, at: string): string | undefined {
  if (str(output)) return undefined;
  if (Array.isArray(output)) return partsProblem(output, at, OUTPUT_PARTS);
  return `${tick(at)} is ${output === undefined ? "missing" : isObject(output) ? "an object" : describeJsonType(output)}: Codex takes a string or a list of \`input_text\` and \`input_image\` parts`;
}

function reasoningProblem(p: Record<string, any>, at: string): string | undefined {
  if (p.id !== undefined && p.id !== null && !str(p.id)) return `${tick(`${at}.id`)} is not a string`;
  if (!Array.isArray(p.summary)) return `${tick(`${at}.summary`)} is not a list`;
  for (let i = 0; i < p.summary.length; i++) {
    const s = p.summary[i];
    if (!isObject(s) || s.type !== "summary_text" || !str(s.text)) return `${tick(`${at}.summary[${i}]`)} is not a \`summary_text\` part`;
  }
  if (p.content !== undefined && p.content !== null) {
    if (!Array.isArray(p.content)) return `${tick(`${at}.content`)} is not a list`;
    for (let i = 0; i < p.content.length; i++) {
      const c = p.content[i];
      if (!isObject(c) || (c.type !== "reasoning_text" && c.type !== "text") || !str(c.text)) return `${tick(`${at}.content[${i}]`)} is not a \`reasoning_text\` part`;
    }
  }
  if (p.encrypted_content !== undefined && p.encrypted_content !== null && !str(p.encrypted_content)) return `${tick(`${at}.encrypted_content`)} is not a string`;
  return undefined;
}

const SHELL_STATUS: ReadonlySet<string> = new Set(["completed", "in_progress", "incomplete"]);

function localShellProblem(p: Record<string, any>, at: string): string | undefined {
  if (p.call_id !== undefined && p.call_id !== null && !str(p.call_id)) return `${tick(`${at}.call_id`)} is not a string`;
  if (!SHELL_STATUS.has(p.status)) return `${tick(`${at}.status`)} is not one of \`completed\`, \`in_progress\`, \`incomplete\``;
  const a = p.action;
  if (!isObject(a) || a.type !== "exec" || !Array.isArray(a.command) || !a.command.every(str)) return `${tick(`${at}.action`)} is not an \`exec\` action with a \`command\` list`;
  return undefined;
}
