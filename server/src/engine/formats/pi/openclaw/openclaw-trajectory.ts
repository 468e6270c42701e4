/**
 * OpenClaw's trajectory sidecar: `<session>.trajectory.jsonl` beside the session file (OpenClaw
 * 2026.6 and 2026.7; from 2026.8 the same records go to a SQLite store, not read here). One JSON
 * line per event of a run, `{traceSchema: "openclaw-trajectory", schemaVersion: 1, type, ts, runId,
 * data, …}`; at each run's start a `context.compiled` record holds the history OpenClaw compiled
 * for the model (`data.messages`, pi's message shape, with the ids as sent), the run's `prompt`
 * and `transcriptLeafId`, the session entry that was the leaf then.
 *
 * Follows openclaw@2026.7.35 as published on npm (MIT; its dist's regions src/trajectory/runtime.ts
 * and src/agents/pi-embedded-runner/run/attempt.ts, where `context.compiled` records
 * `activeSession.messages` before the prompt), checked on a session it wrote with its requests
 * (test/corpus/openclaw-run). The record is bounded by OpenClaw: an array over 64 items keeps 64
 * and a `{truncated: true}` marker, a line over 256 KB loses its `messages`.
 *
 * Only the last `context.compiled` is read: it is what the next comparison needs. The file is read
 * from its end, one line at a time, until that record.
 */
import { isObject } from "../../../model/parse.js";
import type { RecordedContextRead } from "../../profile.js";

const SCHEMA = "openclaw-trajectory";
const COMPILED = '"context.compiled"';

/** The trajectory beside a session file: its name with `.jsonl` replaced (OpenClaw's `resolveTrajectoryFilePath`). */
export const trajectoryFileName = (sessionFileName: string): string | null =>
  sessionFileName.endsWith(".jsonl") && !sessionFileName.endsWith(".trajectory.jsonl") ? `${sessionFileName.slice(0, -".jsonl".length)}.trajectory.jsonl` : null;

/** The session file beside a trajectory of this name. */
export const trajectorySessionName = (name: string): string | null => (name.endsWith(".trajectory.jsonl") && name.length > ".trajectory.jsonl".length ? `${name.slice(0, -".trajectory.jsonl".length)}.jsonl` : null);

/** The last `context.compiled` record of a trajectory's text. */
export function readLastCompiledContext(text: string): RecordedContextRead {
  let end = text.endsWith("\n") ? text.length - 1 : text.length;
  let line = countLines(text);
  while (end > 0) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const raw = text.slice(start, end);
    end = start - 1;
    line--;
    if (!raw.includes(COMPILED)) continue;
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch {
      continue;
    }
    if (!isObject(v) || v.type !== "context.compiled") continue;
    if (v.traceSchema !== SCHEMA) return { ok: false, error: `its last \`context.compiled\` record (line ${line + 1}) is not of the schema \`${SCHEMA}\`` };
    const data = v.data;
    if (!isObject(data)) return { ok: false, error: `its last \`context.compiled\` record (line ${line + 1}) has no \`data\`` };
    if (!Array.isArray(data.messages))
      return { ok: false, error: `its last \`context.compiled\` record (line ${line + 1}) holds no messages${data.truncated === true ? " (OpenClaw left them out: the record was over its size limit)" : ""}` };
    const messages: Record<string, unknown>[] = [];
    let cut: string | undefined;
    for (const m of data.messages) {
      if (isObject(m) && m.truncated === true && typeof m.reason === "string") {
        cut = m.reason.slice(0, 80);
        break;
      }
      messages.push(isObject(m) ? m : {});
    }
    return {
      ok: true,
      record: {
        line,
        at: typeof v.ts === "string" ? v.ts.slice(0, 40) : undefined,
        leafId: typeof data.transcriptLeafId === "string" ? data.transcriptLeafId : undefined,
        prompt: typeof data.prompt === "string" ? data.prompt : undefined,
        messages,
        cut,
      },
    };
  }
  return { ok: false, error: "it holds no `context.compiled` record" };
}

/** The number of lines of a text (a last line without its newline counts). */
function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return text.length > 0 && !text.endsWith("\n") ? n + 1 : n;
}
