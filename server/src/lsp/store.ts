/**
 * Per-document state: the text (synced, or read from disk for documents the client does not
 * sync, such as files over VS Code's 50 MB limit), the sniffed format, and the analysis of the
 * current version, computed lazily and cached.
 *
 * Documents read from disk (not synced by the client: rendered for the inspector) are kept for the
 * last MAX_DISK_DOCUMENTS shown only; older ones are released (their text and analysis hold about
 * 4 MB of heap per MB of file). Files and sidecars are read only when regular files, never
 * blocking (a FIFO or a link to /dev/zero in an untrusted workspace cannot hang the server).
 */
import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readRecordingFile, readSidecarFile, recordingIdentity, type SidecarFile } from "../io/sidecar-file.js";
import { resolveSiblingParents } from "../io/sibling-parents.js";
import { type Analysis, analyze } from "../engine/index.js";
import { detectDocumentHead, detectFormat, SESSION_FORMATS } from "../engine/index.js";
import { parseText, type ParsedText, type SourceLine } from "../engine/index.js";
import { continueAnalysis, type SessionCheckpoint, type StageReport } from "../engine/index.js";
import { readRegularFile } from "../io/read-regular-file.js";
import type { ActionDoc } from "./actions.js";
import { DocModel } from "./model.js";
import { analyzeOptions, type Settings } from "./settings.js";

const SNIFF_CHARS = 256 * 1024;
export { SESSION_FORMATS };
/** Disk documents kept at once (the inspector shows one or two). */
export const MAX_DISK_DOCUMENTS = 2;

/** Reads the format from the first lines only (cheap on a large non-session file). */
export function sniffFormat(text: string): string {
  let head = text.length > SNIFF_CHARS ? text.slice(0, SNIFF_CHARS) : text;
  if (head.length < text.length) head = head.slice(0, Math.max(head.lastIndexOf("\n"), head.lastIndexOf("\r")) + 1);
  const format = detectFormat(parseText(head).lines.held);
  if (format !== "unknown" || head.length >= Math.min(text.length, SNIFF_CHARS)) return format;
  // a JSON document on one long line (Roo Code's history) has no whole line in the head: its start tells it
  const doc = detectDocumentHead(text);
  if (doc !== "unknown") return doc;
  // a JSON Lines entry longer than the head (a first prompt with an image): that line too
  const end = text.indexOf("\n", head.length);
  return detectFormat(parseText(text.slice(0, end < 0 ? text.length : end + 1)).lines.held);
}

/** The format sniffed from the lines inside the first SNIFF_CHARS characters, as `sniffFormat` on the text. */
export function sniffParsedFormat(parsed: ParsedText): string {
  const limit = SNIFF_CHARS - (parsed.bom ? 1 : 0);
  const head: SourceLine[] = [];
  let cut: SourceLine | undefined;
  for (const l of parsed.lines.held) {
    if (l.offset + l.text.length + (l.eol === "" ? 0 : 1) > limit) {
      cut = l;
      break;
    }
    head.push(l);
  }
  const format = detectFormat(head);
  if (format !== "unknown" || cut === undefined || cut.offset >= limit) return format;
  // a JSON document on one long line (Roo Code's history) has no whole line in the head: its start tells it
  const doc = detectDocumentHead(head.map((l) => l.text + l.eol).join("") + cut.text.slice(0, SNIFF_CHARS));
  if (doc !== "unknown") return doc;
  // a JSON Lines entry longer than the head (a first prompt with an image): that line too
  return detectFormat([...head, cut]);
}

/** A synced document's text, read only when a feature needs it (repairs), and its parsed lines. */
export interface SyncedSource {
  parsed: ParsedText;
  text: () => string;
  /** For a file followed on disk (no version): changes whenever its lines do. */
  stamp?: number;
}

export interface DocState extends ActionDoc {
  format: string;
  /** null when the document is not a session the engine reads. */
  analysis: Analysis | null;
  settingsKey: string;
  /** The SyncedSource stamp this state was computed from (files followed on disk). */
  stamp?: number;
  /** A synced session's model, for the next version to continue when lines are only appended. */
  checkpoint?: SessionCheckpoint;
  /** Which stages continued from the previous version (incremental/continue-analysis.ts). */
  stages?: StageReport;
  /** Lines the session stage read for this version (all of them, or the appended ones). */
  linesRead?: number;
}

export class Store {
  private readonly cache = new Map<string, DocState>();
  private readonly sidecars = new Map<string, { text: string; name: string; error?: string; stamp: string }>();
  /** The recordings beside session files (recordingOf), by session path. */
  private readonly recordings = new Map<string, SidecarFile & { record: string }>();
  private readonly disk = new Map<string, { mtimeMs: number; size: number; text: string }>();
  /** Disk documents, least recently shown first. */
  private readonly diskOrder: string[] = [];

  /** State for `uri` at `version` with `text`, reusing the cached analysis when nothing changed. */
  get(uri: string, version: number | null, source: string | SyncedSource, settings: Settings): DocState {
    const sidecar = this.sidecarOf(uri);
    const recording = this.recordingOf(uri);
    // The recording counts by its last record: the agent appending other events to it changes nothing here.
    const key = JSON.stringify(settings) + (sidecar ? `|${sidecar.stamp}` : "") + (recording ? `|${recording.name}:${recording.record}` : "");
    let c = this.cache.get(uri);
    const synced = typeof source === "string" ? null : source;
    // A synced document's version names its text; a disk document is compared by its text.
    if (c && c.version === version && c.settingsKey === key && (synced ? (version !== null || c.stamp === synced.stamp) : c.text === source)) return c;
    const format = synced ? sniffParsedFormat(synced.parsed) : sniffFormat(source as string);
    const options = analyzeOptions(settings, format);
    if (sidecar) options.acpSidecar = { text: sidecar.text, name: sidecar.name, error: sidecar.error };
    if (recording) options.recording = { text: recording.text, name: recording.name, error: recording.error };
    let analysis: Analysis | null = null;
    let model: DocModel | undefined;
    let checkpoint: SessionCheckpoint | undefined;
    let stages: StageReport | undefined;
    if (SESSION_FORMATS.has(format)) {
      // A synced document's lines follow its edits already (lsp/line-document.ts): only the session
      // and what derives from it are computed again.
      if (synced) {
        // The engine continues what it can from the previous version (incremental/continue-analysis.ts).
        // Only the previous context, occurrences and usage are kept for it: the rest of the previous
        // state is released before the new one is computed, so that two analyses of a large
        // session are not held at once.
        const previous = c?.checkpoint ? { checkpoint: c.checkpoint, analysis: c.settingsKey === key && c.analysis ? c.analysis : undefined } : undefined;
        if (c) {
          this.cache.delete(uri);
          c = undefined;
        }
        const next = continueAnalysis(synced.parsed, options, previous);
        analysis = next.analysis;
        checkpoint = next.checkpoint;
        stages = next.stages;
      } else {
        // Incremental: unchanged lines reuse the previous version's parse.
        const previous = c && c.settingsKey === key && c.analysis ? c.analysis : undefined;
        analysis = analyze(source as string, { ...options, previous });
      }
      if (uri.startsWith("file:")) analysis = resolveSiblingParents(fileURLToPath(uri), analysis);
      if (!SESSION_FORMATS.has(analysis.session.format)) analysis = null;
      else model = new DocModel(analysis);
    }
    const st: DocState = { uri, version, text: "", bom: synced ? synced.parsed.bom : (source as string).charCodeAt(0) === 0xfeff, format, analysis, settingsKey: key, options, model: model as DocModel, stamp: synced?.stamp, checkpoint, stages, linesRead: stages?.linesRead };
    if (synced) {
      let text: string | undefined;
      Object.defineProperty(st, "text", { get: () => (text ??= synced.text()), enumerable: true });
    } else st.text = source as string;
    this.cache.set(uri, st);
    if (version === null && !synced) this.shownFromDisk(uri);
    else this.forgetDisk(uri);
    return st;
  }

  /** The text of a document the client does not sync, read from disk (cached by mtime and size). */
  readDisk(uri: string): string | null {
    if (!uri.startsWith("file:")) return null;
    try {
      const path = fileURLToPath(uri);
      const st = statSync(path);
      const c = this.disk.get(uri);
      if (c && c.mtimeMs === st.mtimeMs && c.size === st.size) return c.text;
      const r = readRegularFile(path);
      if (!r.ok) return null;
      const text = r.file.bytes.toString("utf8");
      this.disk.set(uri, { mtimeMs: r.file.stat.mtimeMs, size: r.file.stat.size, text });
      this.shownFromDisk(uri);
      return text;
    } catch {
      return null;
    }
  }

  /** Marks a disk document as just shown and releases the least recently shown beyond the limit. */
  private shownFromDisk(uri: string): void {
    const i = this.diskOrder.indexOf(uri);
    if (i >= 0) this.diskOrder.splice(i, 1);
    this.diskOrder.push(uri);
    while (this.diskOrder.length > MAX_DISK_DOCUMENTS) {
      const old = this.diskOrder.shift()!;
      this.disk.delete(old);
      if (this.cache.get(old)?.version === null) {
        this.cache.delete(old);
        if (old.startsWith("file:")) this.recordings.delete(fileURLToPath(old));
      }
    }
  }

  private forgetDisk(uri: string): void {
    const i = this.diskOrder.indexOf(uri);
    if (i >= 0) this.diskOrder.splice(i, 1);
    this.disk.delete(uri);
  }

  /** billion-context-pi's acp-kernel sidecar beside a session file (`<session>.jsonl.acp.json`). */
  private sidecarOf(uri: string): { text: string; name: string; error?: string; stamp: string } | null {
    if (!uri.startsWith("file:")) return null;
    try {
      const session = fileURLToPath(uri);
      const path = session + ".acp.json";
      const st = statSync(path, { throwIfNoEntry: false });
      if (!st) {
        this.sidecars.delete(path);
        return null;
      }
      const c = this.sidecars.get(path);
      if (c && c.stamp === `${st.mtimeMs}:${st.size}:${st.ino}`) return c;
      const v = readSidecarFile(session);
      if (!v) return null;
      this.sidecars.set(path, v);
      return v;
    } catch {
      return null;
    }
  }

  /**
   * The file beside a session file where its agent records what it sent (OpenClaw's
   * `<session>.trajectory.jsonl`), read again only when it changed (its size, time and inode).
   */
  private recordingOf(uri: string): (SidecarFile & { record: string }) | null {
    if (!uri.startsWith("file:")) return null;
    try {
      const session = fileURLToPath(uri);
      const cached = this.recordings.get(session);
      if (cached) {
        const st = statSync(join(dirname(session), cached.name), { throwIfNoEntry: false });
        if (st && cached.stamp === `${st.mtimeMs}:${st.size}:${st.ino}`) return cached;
      }
      const file = readRecordingFile(session);
      if (!file) {
        this.recordings.delete(session);
        return null;
      }
      const v = { ...file, record: recordingIdentity(file) };
      this.recordings.set(session, v);
      return v;
    } catch {
      return null;
    }
  }

  /** Uris whose text or analysis the store holds. */
  retainedUris(): string[] {
    return [...new Set([...this.cache.keys(), ...this.disk.keys()])];
  }

  drop(uri: string): void {
    this.cache.delete(uri);
    this.forgetDisk(uri);
    if (uri.startsWith("file:")) this.recordings.delete(fileURLToPath(uri));
  }

  clear(): void {
    this.cache.clear();
    this.recordings.clear();
  }
}
