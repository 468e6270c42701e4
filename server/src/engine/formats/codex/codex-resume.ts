/**
 * The history Codex rebuilds when it resumes a rollout (codex-rs `replay_rollout_response_items`):
 * response items are appended in order; a `compacted` item replaces the history with its
 * `replacement_history` when it has one, and otherwise with the initial context (the items before
 * the first user message), the user messages so far and the compaction's `message` as a user
 * message; a `thread_rolled_back` event drops the last `num_turns` user turns.
 *
 * Items of a replacement history live inside the `compacted` line: they are shown as synthetic
 * messages of that line. Codex also shortens the kept user messages to a token budget; that cut
 * is not modelled (all user messages are kept).
 */
import type { Msg, Entry, Session } from "../../model/types.js";
import { isObject } from "../../model/parse.js";
import { buildCodexContext, codexPayloadOf } from "./codex-context.js";
import type { ResumeContext } from "../profile.js";

const isUserMessage = (e: Entry) => {
  const p = codexPayloadOf(e);
  return !!p && p.type === "message" && p.role === "user";
};

function pseudo(at: Entry, i: number, payload: unknown): Entry {
  return { line: at.line, id: `${at.id}#${i}`, parentId: null, type: "response_item", raw: { type: "response_item", payload } };
}

/** The resumed history; undefined when the rollout has no compaction and no rollback. */
export function codexResumeContext(session: Session, before: Msg[]): ResumeContext | undefined {
  let history: Entry[] = [];
  let last: { line: number; by: "compacted" | "rolled-back" } | undefined;
  for (const e of session.branch) {
    const v = e.raw;
    if (codexPayloadOf(e)) {
      history.push(e);
      continue;
    }
    if (v.type === "compacted" && isObject(v.payload)) {
      const p = v.payload;
      if (Array.isArray(p.replacement_history)) history = p.replacement_history.map((item: unknown, i: number) => pseudo(e, i, item));
      else {
        const firstUser = history.findIndex(isUserMessage);
        const initial = firstUser < 0 ? history : history.slice(0, firstUser);
        const users = firstUser < 0 ? [] : history.slice(firstUser).filter(isUserMessage);
        history = [...initial, ...users, pseudo(e, 0, { type: "message", role: "user", content: [{ type: "input_text", text: String(p.message ?? "") }] })];
      }
      last = { line: e.line, by: "compacted" };
    } else if (v.type === "event_msg" && isObject(v.payload) && v.payload.type === "thread_rolled_back") {
      const n = typeof v.payload.num_turns === "number" && v.payload.num_turns > 0 ? Math.floor(v.payload.num_turns) : 0;
      if (n === 0) continue;
      const users: number[] = [];
      history.forEach((h, i) => isUserMessage(h) && users.push(i));
      if (users.length === 0) continue;
      history = history.slice(0, n >= users.length ? users[0] : users[users.length - n]);
      last = { line: e.line, by: "rolled-back" };
    }
  }
  if (!last) return undefined;
  // Before leaves developer/system messages out (analyze.ts, the context event's view); so does After.
  const messages = buildCodexContext(history)
    .filter((m) => m.role !== "system")
    .map((m): Msg => (m.origin.kind === "entry" && m.origin.entryId.includes("#") ? { ...m, origin: { kind: "synthetic", synthetic: "resume-history", forLine: m.origin.line } } : m));
  const keyOf = (m: Msg) => (m.origin.kind === "entry" ? `${m.origin.line}:${m.toolCallId ?? ""}` : "");
  const kept = new Set(messages.map(keyOf));
  const dropped: ResumeContext["dropped"] = [];
  for (const m of before) if (!kept.has(keyOf(m))) dropped.push({ msg: m, by: { kind: "resume-cut", by: last.by, line: last.line } });
  return { messages, dropped, line: last.line, short: "resume after compact", label: `what Codex rebuilds on resume: its history as replaced or rolled back on line ${last.line + 1}` };
}
