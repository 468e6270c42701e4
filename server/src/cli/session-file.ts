/**
 * One file from disk to an analysis, for `check` and `render`: read line by line (no string of
 * the whole file, so files over 512 MB work), its sidecar beside it, and the verdict "not a
 * session transcript" for a file no format reader recognises (formats/registry.ts decides).
 */
import { type Analysis, type AnalyzeOptions, analyzeSession } from "../engine/index.js";
import { FORMAT_PROFILES } from "../engine/index.js";
import { isObject, type ParsedText, parseText } from "../engine/index.js";
import { sessionFromLines } from "../engine/index.js";
import { type ReadLinesOptions, readSessionLines } from "../io/read-session-lines.js";
import { readRecordingFile, readSidecarFile } from "../io/sidecar-file.js";
import { resolveSiblingParents } from "../io/sibling-parents.js";
import { openedStore, storeAt, storeSessionPath } from "../io/session-store.js";

/**
 * The files beside the session: billion-context-pi keeps acp-kernel's state as
 * `<session>.jsonl.acp.json`; OpenClaw records what it sent as `<session>.trajectory.jsonl`.
 */
export function optionsFor(path: string): AnalyzeOptions {
  const options: AnalyzeOptions = {};
  const sidecar = readSidecarFile(path);
  if (sidecar) options.acpSidecar = { text: sidecar.text, name: sidecar.name, error: sidecar.error };
  const recording = readRecordingFile(path);
  if (recording) options.recording = { text: recording.text, name: recording.name, error: recording.error };
  return options;
}

export type LoadedFile =
  | { kind: "session"; analysis: Analysis }
  | { kind: "not-session"; reason: string }
  | { kind: "failed"; status: 1 | 2; message: string };

export const NOT_A_SESSION = "not a session transcript";

/** Why a file whose format is unknown is not a session, in plain words. */
export function notSessionReason(parsed: ParsedText): string {
  // Lines that hold nothing (blank) are not among the held ones.
  if (!parsed.lines.held.some((l) => l.text.trim() !== "" || l.parseError !== undefined)) return "the file is empty";
  if (!parsed.lines.held.some((l) => isObject(l.value))) return "no line is a JSON object";
  return `no line is an entry of a format it reads (${FORMAT_PROFILES.map((r) => r.name).join(", ")})`;
}

/** A session of a store (`<store>#<id>`) as its document's parsed text, or why not. */
function storeSession(path: string, named: { store: string; id: string }): { ok: true; parsed: ParsedText } | Extract<LoadedFile, { kind: "failed" }> {
  try {
    const at = storeAt(named.store);
    if (!at) return { kind: "failed", status: 2, message: `cannot read ${path}: ${named.store} is not a session store (an agent's database or storage folder)` };
    const text = openedStore(at).document(named.id);
    if (text === undefined) return { kind: "failed", status: 2, message: `cannot read ${path}: ${named.store} holds no session ${named.id}` };
    return { ok: true, parsed: parseText(text) };
  } catch (e) {
    return { kind: "failed", status: 2, message: `cannot read ${path}: ${(e as Error).message}` };
  }
}

/** Reads and analyses `path` (a file, or a store's session: `<store>#<id>`); never throws. `rules: false` (render) runs no finding rule. */
export function loadSessionFile(path: string, options: { rules?: boolean; read?: ReadLinesOptions; agentVersions?: Record<string, string> } = {}): LoadedFile {
  const named = storeSessionPath(path);
  if (named) {
    const s = storeSession(path, named);
    if (!("ok" in s)) return s;
    return analysed(path, s.parsed, options, false);
  }
  const r = readSessionLines(path, options.read);
  if (!r.ok) return { kind: "failed", status: r.status, message: r.message };
  return analysed(path, r.lines.parsed, options, true);
}

function analysed(path: string, parsed: ParsedText, options: { rules?: boolean; agentVersions?: Record<string, string> }, onDisk: boolean): LoadedFile {
  try {
    const session = sessionFromLines(parsed);
    if (session.format === "unknown") return { kind: "not-session", reason: notSessionReason(parsed) };
    const analysis = analyzeSession(session, { ...(onDisk ? optionsFor(path) : {}), ...(options.rules === false ? { rules: false } : {}), ...(options.agentVersions ? { agentVersions: options.agentVersions } : {}) });
    return { kind: "session", analysis: onDisk ? resolveSiblingParents(path, analysis) : analysis };
  } catch (e) {
    return { kind: "failed", status: 2, message: `${path}: internal error: ${(e as Error).message}` };
  }
}
