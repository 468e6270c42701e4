/**
 * Whether Codex resumes a rollout at all (docs/research/codex-resume.md R2.4, R2.6, R2.7): it
 * reads lines until the first that decodes as a `session_meta`; a decodable `response_item`
 * before it, or no such line at all, and it refuses the file. The meta's `history_mode` must be
 * `legacy` (or absent) or `paginated`, and a paginated rollout needs an `ordinal` on its last
 * record. Legacy pre-envelope rollouts (a bare `{id, timestamp}` first line) have no meta it can
 * read: no version tried resumes them.
 */
import { isObject } from "../../model/parse.js";
import type { Entry } from "../../model/types.js";
import type { DecodedLine } from "./codex-decode.js";

/** Why Codex does not resume the file: where, in plain words, and the error `codex resume` stops with. */
export interface Refusal {
  /** 0-based line the refusal is about. */
  line: number;
  reason: string;
  /** The CLI's own error text (0.171.0), with the file's path left out. */
  error: string;
}

const UUID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;
const HISTORY_MODES: ReadonlySet<string> = new Set(["legacy", "paginated"]);

/** The refusal, or undefined when Codex resumes the file. `decoded[i]` is `entries[i]` decoded. */
export function codexRefusal(entries: readonly Entry[], decoded: readonly (DecodedLine | null)[]): Refusal | undefined {
  let failedMeta: { line: number; why: string } | undefined;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const d = decoded[i];
    if (e.raw.type === "session_meta" && isObject(e.raw.payload)) {
      const mode = e.raw.payload.history_mode;
      if (mode !== undefined && !(typeof mode === "string" && HISTORY_MODES.has(mode)))
        return {
          line: e.line,
          reason: `its session metadata has \`history_mode: ${JSON.stringify(mode)}\`, and Codex takes only \`legacy\` and \`paginated\``,
          error: `invalid session metadata history_mode: unknown variant \`${String(mode)}\`, expected \`legacy\` or \`paginated\``,
        };
    }
    if (d?.kind === "meta") {
      const why = metaProblem(d.payload);
      if (!why) return paginatedRefusal(e, entries);
      failedMeta ??= { line: e.line, why };
      continue;
    }
    if (d?.kind === "undecodable" && d.type === "session_meta") failedMeta ??= { line: e.line, why: d.reason };
    if (d?.kind === "item") {
      const meta = failedMeta ? ` (the \`session_meta\` on line ${failedMeta.line + 1} does not decode: ${failedMeta.why})` : "";
      return { line: e.line, reason: `its first line Codex can read as a conversation item (line ${e.line + 1}) comes before any session metadata it can read${meta}`, error: "rollout does not start with session metadata" };
    }
  }
  const first = entries[0];
  if (first && isLegacyHeader(first.raw))
    return { line: first.line, reason: "it is a legacy rollout (a bare `{id, timestamp}` first line, from before the `{timestamp, type, payload}` lines), which no Codex version tried resumes", error: "rollout is empty" };
  if (failedMeta) return { line: failedMeta.line, reason: `its \`session_meta\` on line ${failedMeta.line + 1} does not decode: ${failedMeta.why}`, error: "rollout is empty" };
  return { line: first?.line ?? 0, reason: "it has no `session_meta` line", error: "rollout is empty" };
}

/** R2.4: the fields a session meta must have (each removed in turn from a good file: refused); a `source` given must decode. */
/**
 * The line of the session metadata Codex resumes the file from (where `codexRefusal` stops
 * reading): no line after it changes whether the file is refused, except in paginated mode
 * (the last record's ordinal), where this is undefined; undefined too when the file is refused.
 */
export function resumedFromLine(entries: readonly Entry[], decoded: readonly (DecodedLine | null)[]): number | undefined {
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const d = decoded[i];
    if (e.raw.type === "session_meta" && isObject(e.raw.payload)) {
      const mode = e.raw.payload.history_mode;
      if (mode !== undefined && !(typeof mode === "string" && HISTORY_MODES.has(mode))) return undefined;
    }
    if (d?.kind === "meta") {
      if (metaProblem(d.payload)) continue;
      return d.payload.history_mode === "paginated" ? undefined : e.line;
    }
    if (d?.kind === "item") return undefined;
  }
  return undefined;
}

function metaProblem(p: Record<string, any>): string | undefined {
  if (typeof p.id !== "string" || !UUID.test(p.id)) return p.id === undefined ? "`payload.id` is missing" : "`payload.id` is not a UUID";
  for (const k of ["timestamp", "cwd", "originator", "cli_version"]) if (typeof p[k] !== "string") return `\`payload.${k}\` is ${p[k] === undefined ? "missing" : "not a string"}`;
  return sourceProblem(p.source);
}

/** A subagent source names its parent thread and its depth (R2.4: `thread_spawn` without `depth` fails). */
function sourceProblem(source: unknown): string | undefined {
  if (source === undefined || source === null || typeof source === "string") return undefined;
  if (!isObject(source)) return "`payload.source` is neither a string nor an object";
  const sub = source.subagent;
  if (!isObject(sub) || !isObject(sub.thread_spawn)) return undefined;
  const spawn = sub.thread_spawn;
  if (typeof spawn.parent_thread_id !== "string") return "`payload.source.subagent.thread_spawn.parent_thread_id` is missing";
  if (typeof spawn.depth !== "number") return "`payload.source.subagent.thread_spawn.depth` is missing";
  return undefined;
}

/** R2.6: a paginated rollout is read by ordinals; its last record must carry one. */
function paginatedRefusal(meta: Entry, entries: readonly Entry[]): Refusal | undefined {
  if (meta.raw.payload.history_mode !== "paginated") return undefined;
  let last: Entry | undefined;
  for (let i = entries.length - 1; i >= 0 && !last; i--) if (typeof entries[i].raw.type === "string" && "payload" in entries[i].raw) last = entries[i];
  if (!last || typeof last.raw.ordinal === "number") return undefined;
  return {
    line: last.line,
    reason: `its session metadata says \`history_mode: "paginated"\`, and its last record (line ${last.line + 1}) has no \`ordinal\``,
    error: "final paginated rollout record is missing an ordinal",
  };
}

/** R2.7: the first line of a legacy rollout: a bare `{id, timestamp, instructions?}`, no envelope. */
function isLegacyHeader(v: Record<string, any>): boolean {
  return !("type" in v) && !("payload" in v) && typeof v.id === "string" && typeof v.timestamp === "string";
}
