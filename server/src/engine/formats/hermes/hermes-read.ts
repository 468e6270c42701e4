/**
 * Reading a Hermes Agent session document (the session row's columns and its `messages`, each a
 * row of `state.db`'s `messages` table: what hermes-store.ts reads out of the database) into
 * entries: one per message row, linked in order, each at the line where it starts; the session's
 * columns are the header (line 0). The findings of the reading: a document that is not such a
 * session, a row whose `tool_calls` is not a list (Hermes reads it as no calls); a role, a message
 * column or a session column this reading does not know (once per kind: formats/drift.ts).
 */
import { isObject } from "../../model/parse.js";
import { shapeFinding } from "../../model/shape-findings.js";
import type { DocumentPlaces, Entry, Finding } from "../../model/types.js";
import { DriftGuard } from "../drift.js";
import type { FormatRead } from "../profile.js";
import { HERMES_AGENT, HERMES_VERSION } from "./hermes-words.js";

/** The roles Hermes writes (`user`, `assistant`, `tool`). */
export const HERMES_ROLES: ReadonlySet<string> = new Set(["user", "assistant", "tool"]);

/**
 * The `messages` columns of schema 14, and the ones later schemas add that this reading knows
 * (they change nothing it models).
 */
export const HERMES_MESSAGE_COLUMNS: ReadonlySet<string> = new Set([
  "id", "session_id", "role", "content", "tool_call_id", "tool_calls", "tool_name", "timestamp", "token_count", "finish_reason",
  "reasoning", "reasoning_content", "reasoning_details", "codex_reasoning_items", "codex_message_items", "platform_message_id", "observed", "active",
  // later schemas
  "compacted", "seq", "effect_disposition", "_compressed_summary", "api_content", "display_kind", "display_metadata", "display_identity", "display_order",
]);

/** The `sessions` columns of schema 14, and later ones this reading knows. */
export const HERMES_SESSION_COLUMNS: ReadonlySet<string> = new Set([
  "id", "source", "user_id", "model", "model_config", "system_prompt", "parent_session_id", "started_at", "ended_at", "end_reason",
  "message_count", "tool_call_count", "input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens", "reasoning_tokens", "cwd",
  "billing_provider", "billing_base_url", "billing_mode", "estimated_cost_usd", "actual_cost_usd", "cost_status", "cost_source", "pricing_version",
  "title", "api_call_count", "handoff_state", "handoff_platform", "handoff_error", "rewind_count", "archived",
  // later schemas
  "session_key", "chat_id", "chat_type", "thread_id", "display_name", "origin_json", "expiry_finalized", "project_hash", "project_path",
  "git_branch", "git_repo_root", "compression_failure_cooldown_until", "compression_failure_error", "metadata", "messages",
]);

/** A message row of the document (an empty record for anything else). */
export const rowOf = (m: unknown): Record<string, any> => (isObject(m) ? m : {});

/** Whether the document is a Hermes session: an object with the session's columns and a `messages` list. */
export const isHermesSession = (root: unknown): root is Record<string, any> => isObject(root) && Array.isArray(root.messages);

export function readHermesDocument(doc: DocumentPlaces): FormatRead {
  const root = doc.root;
  const findings: Finding[] = [];
  if (!isHermesSession(root)) {
    findings.push(
      shapeFinding("unknown-entry", {
        line: 0,
        message: `Not a ${HERMES_AGENT} session: a session read out of Hermes's state.db is an object of the session's columns with a \`messages\` list of its message rows, and this document has none, so nothing of it is read.`,
      }),
    );
    return { entries: [], findings };
  }
  const roles = new DriftGuard({ agent: HERMES_AGENT, kind: "message role", version: HERMES_VERSION });
  const messageColumns = new DriftGuard({ agent: HERMES_AGENT, kind: "message column", version: HERMES_VERSION });
  const sessionColumns = new DriftGuard({ agent: HERMES_AGENT, kind: "session column", version: HERMES_VERSION });
  for (const k of Object.keys(root)) {
    if (HERMES_SESSION_COLUMNS.has(k)) continue;
    const f = sessionColumns.note(k, 0, [k]);
    if (f) findings.push(f);
  }
  const header: Record<string, any> = {};
  for (const [k, v] of Object.entries(root)) if (k !== "messages") Object.defineProperty(header, k, { value: v, enumerable: true, writable: true, configurable: true });
  const entries: Entry[] = [];
  const seenIds = new Set<string>();
  root.messages.forEach((m: unknown, i: number) => {
    const line = doc.lineOf(["messages", i]);
    const row = rowOf(m);
    let id = typeof row.id === "number" || (typeof row.id === "string" && row.id !== "") ? String(row.id) : `messages[${i}]`;
    if (seenIds.has(id)) id = `messages[${i}]`;
    seenIds.add(id);
    const role = typeof row.role === "string" ? row.role : undefined;
    entries.push({ line, id, parentId: i > 0 ? entries[i - 1].id : null, type: role ?? "(no role)", raw: isObject(m) ? m : { value: m } });
    if (!isObject(m)) {
      findings.push(shapeFinding("unknown-entry", { line, path: ["messages", i], message: `${HERMES_AGENT} message that is not a row. Message ${i} is not an object: it is shown as it is, and nothing of it is sent.` }));
      return;
    }
    for (const k of Object.keys(m)) {
      if (HERMES_MESSAGE_COLUMNS.has(k)) continue;
      const f = messageColumns.note(k, line, ["messages", i, k]);
      if (f) findings.push(f);
    }
    if (!role || !HERMES_ROLES.has(role)) {
      const f = roles.note(role ?? "(no role)", line, ["messages", i, "role"]);
      if (f) findings.push(f);
      return;
    }
    const calls = m.tool_calls;
    if (role === "assistant" && calls !== null && calls !== undefined && !Array.isArray(calls))
      findings.push(
        shapeFinding("unknown-entry", {
          line,
          path: ["messages", i, "tool_calls"],
          message: `${HERMES_AGENT} tool calls that do not read as a list. Row ${id}'s \`tool_calls\` is ${typeof calls === "string" ? "text that is not JSON" : `a ${typeof calls}`}: Hermes reads it as no calls, so its results, if any, answer nothing.`,
        }),
      );
  });
  return { header: { line: 0, raw: header, version: 0 }, entries, findings };
}
