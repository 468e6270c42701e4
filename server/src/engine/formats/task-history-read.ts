/**
 * Reading a VS Code extension's task history (`tasks/<task id>/api_conversation_history.json`: one
 * JSON array of Anthropic-shaped messages, written compact on one line, the whole file again on
 * every change) into entries: one per item, linked in order, each at the place where it starts.
 * Cline's extension and Roo Code write it alike; each says in its hooks what only it writes. The
 * findings of the reading: a document that is no array, a message without a user or assistant
 * role, a content block type this reading does not know (once per type: formats/drift.ts), and
 * what an agent's own hook finds in a message.
 */
import { isObject } from "../model/parse.js";
import { shapeFinding } from "../model/shape-findings.js";
import type { DocumentPlaces, Entry, Finding } from "../model/types.js";
import { DriftGuard } from "./drift.js";
import type { FormatRead } from "./profile.js";

/** What one agent's task history holds beyond the shared shape, and how its findings name it. */
export interface TaskHistoryReading {
  /** The agent, as findings name it. */
  readonly agent: string;
  /** The agent version the reading follows (the drift findings name it). */
  readonly version: string;
  /** The content block types a stored message holds. */
  readonly blockTypes: ReadonlySet<string>;
  /** A role that is not a user's or assistant's, as the finding quotes it. */
  quoteRole(role: string): string;
  /** What the unknown-role finding adds after "stops resuming a task whose last message is such an item" (the agent's own error, quoted), or "". */
  readonly stopsResumingWith: string;
  /** The entry type of an item that is no message but an item of the agent's own (Roo Code's reasoning item); undefined: a message. */
  ownItem?(item: unknown): string | undefined;
  /** A finding on a user or assistant message with its content blocks (`i` its index, `last` whether it is the history's last item), after its block types are checked. */
  messageFinding?(message: { i: number; role: string; content: unknown[]; line: number; last: boolean }): Finding | undefined;
}

const ROLES: ReadonlySet<string> = new Set(["user", "assistant"]);

export function readTaskHistory(doc: DocumentPlaces, reading: TaskHistoryReading): FormatRead {
  const { agent } = reading;
  const root = doc.root;
  const findings: Finding[] = [];
  if (!Array.isArray(root)) {
    findings.push(shapeFinding("unknown-entry", { line: 0, message: `Not a ${agent} task history: ${agent} reads a task's messages from a JSON array, and this document is none, so nothing of it is read.` }));
    return { entries: [], findings };
  }
  const guard = new DriftGuard({ agent, kind: "content block type", version: reading.version });
  const entries: Entry[] = [];
  root.forEach((m: unknown, i: number) => {
    const line = doc.lineOf([i]);
    const own = reading.ownItem?.(m);
    const role = isObject(m) && typeof m.role === "string" ? m.role : undefined;
    entries.push({ line, id: `[${i}]`, parentId: i > 0 ? entries[i - 1].id : null, type: own ?? role ?? "(no role)", raw: isObject(m) ? m : { value: m } });
    if (own !== undefined) return;
    if (!role || !ROLES.has(role)) {
      findings.push(
        shapeFinding("unknown-entry", {
          line,
          path: [i, ...(isObject(m) ? ["role"] : [])],
          message: `${agent} message without a user or assistant role. Item ${i} ${isObject(m) ? (role ? `has the role ${reading.quoteRole(role)}` : "has no role") : "is not an object"}: it is shown as it is; ${agent} stops resuming a task whose last message is such an item${reading.stopsResumingWith}.`,
        }),
      );
      return;
    }
    const content = isObject(m) ? m.content : undefined;
    if (!Array.isArray(content)) return;
    content.forEach((b: unknown, j: number) => {
      const type = isObject(b) && typeof b.type === "string" ? b.type : "(no type)";
      if (reading.blockTypes.has(type)) return;
      const f = guard.note(type, doc.lineOf([i, "content", j]), [i, "content", j]);
      if (f) findings.push(f);
    });
    const f = reading.messageFinding?.({ i, role, content, line, last: i === root.length - 1 });
    if (f) findings.push(f);
  });
  return { entries, findings };
}
