/**
 * The context a pi branch holds, as pi builds it (`buildSessionContext`), what pi's `context`
 * event hands to extensions per pi version, and what `convertToLlm` drops.
 */
import { isObject } from "../../model/parse.js";
import { isoMs } from "../../model/iso-time.js";
import { pushAll } from "../../model/arrays.js";
import type { Entry, Msg } from "../../model/types.js";

const BRANCH_SUMMARY_ROLE = "branchSummary";
const COMPACTION_SUMMARY_ROLE = "compactionSummary";

/**
 * The message with its origin. Copied with Object.assign, not spread: V8 gave each spread copy
 * of a parsed message a hidden class of its own (about 250 bytes per message held, a fifth of
 * what an analysis holds). A message with its own `__proto__` key (JSON.parse makes it a plain
 * property) is spread, so that it stays a property and never becomes the copy's prototype.
 */
export function entryMsg(e: Entry, m: Omit<Msg, "origin">): Msg {
  const origin: Msg["origin"] = { kind: "entry", line: e.line, entryId: e.id };
  if (Object.hasOwn(m, "__proto__")) return { ...(m as Msg), origin };
  const out = Object.assign({}, m) as Msg;
  out.origin = origin;
  return out;
}


/** What one entry contributes to the context (pi's `appendMessage` / 1.x projection). */
export function project(e: Entry): Msg[] {
  const v = e.raw;
  switch (e.type) {
    case "message": {
      if (!isObject(v.message) || typeof v.message.role !== "string") return [];
      // As stored; pi 1.x's normalisation of missing content is applied per pi version
      // (`contextEventMessages`).
      return [entryMsg(e, v.message as any)];
    }
    case "custom_message":
      return [
        entryMsg(e, {
          role: "custom",
          customType: v.customType,
          content: v.content ?? "",
          display: v.display,
          details: v.details,
          timestamp: isoMs(v.timestamp),
        }),
      ];
    case "branch_summary":
      if (typeof v.summary !== "string" || v.summary === "") return [];
      return [entryMsg(e, { role: BRANCH_SUMMARY_ROLE, summary: v.summary, fromId: v.fromId, timestamp: isoMs(v.timestamp) })];
    default:
      return [];
  }
}

/**
 * pi's buildSessionContext for the branch: the latest compaction's summary, the kept entries
 * from `firstKeptEntryId`, everything after the compaction, with `context_edit`s applied.
 */
export function buildPiContext(branch: Entry[]): Msg[] {
  let compactionIdx = -1;
  for (let i = 0; i < branch.length; i++) if (branch[i].type === "compaction") compactionIdx = i;
  let selected: Entry[];
  const out: Msg[] = [];
  if (compactionIdx >= 0) {
    const c = branch[compactionIdx];
    const kept: Entry[] = [];
    let keeping = false;
    for (let i = 0; i < compactionIdx; i++) {
      if (branch[i].id === c.raw.firstKeptEntryId) keeping = true;
      if (keeping && !(branch[i].type === "message" && branch[i].raw.message?.role === "system")) kept.push(branch[i]);
    }
    selected = [c, ...kept, ...branch.slice(compactionIdx + 1)];
  } else selected = branch;

  const edits = new Map<string, any>();
  for (const e of selected) if (e.type === "context_edit" && typeof e.raw.targetId === "string") edits.set(e.raw.targetId, e.raw.replacement);

  for (const e of selected) {
    let msgs: Msg[];
    if (e.type === "compaction") {
      msgs = e === selected[0] && compactionIdx >= 0
        ? [
            entryMsg(e, {
              role: COMPACTION_SUMMARY_ROLE,
              summary: String(e.raw.summary ?? ""),
              tokensBefore: e.raw.tokensBefore,
              timestamp: isoMs(e.raw.timestamp),
            }),
          ]
        : [];
    } else msgs = project(e);
    if (edits.has(e.id)) {
      const rep = edits.get(e.id);
      if (rep === null) msgs = [];
      else if (isObject(rep) && "content" in rep)
        msgs = msgs.map((m) =>
          ["user", "assistant", "toolResult", "custom"].includes(m.role)
            ? {
                ...m,
                content:
                  typeof rep.content === "string" && (m.role === "assistant" || m.role === "toolResult")
                    ? [{ type: "text", text: rep.content }]
                    : rep.content,
              }
            : m,
        );
    }
    pushAll(out, msgs);
  }
  return out;
}

/**
 * The pi the session is rendered for:
 * - `1.x` (the newest): the context build fills a missing `content` of a user, assistant or
 *   tool-result message with `[]` (a system message with `""`), and the `context` event hides
 *   system messages from extensions.
 * - `0.83`: messages go to the extensions as stored, system messages included (pi-condense's
 *   orphan sweep treats them as barriers); `convertToLlm` then drops them (a role 0.83 does not
 *   know).
 */
export type PiVersion = "1.x" | "0.83";
export const PI_VERSIONS: readonly PiVersion[] = ["1.x", "0.83"];
export const DEFAULT_PI_VERSION: PiVersion = "1.x";

/** Roles whose missing `content` pi 1.x fills in; other roles (bashExecution, ...) have none. */
const CONTENT_ROLES = new Set(["user", "assistant", "toolResult", "system"]);

/**
 * What the `context` event hands to extensions. `piVersion` is for pi sessions; without it
 * (other formats) system messages are hidden, as pi 1.x does.
 */
export function contextEventMessages(messages: Msg[], piVersion?: PiVersion): Msg[] {
  if (piVersion === "0.83") return messages;
  const filled =
    piVersion === "1.x"
      ? messages.map((m) => (m.content == null && CONTENT_ROLES.has(m.role) ? { ...m, content: m.role === "system" ? "" : [] } : m))
      : messages;
  return filled.some((m) => m.role === "system") ? filled.filter((m) => m.role !== "system") : filled;
}


