/**
 * Per-document state: the text (synced, or read from disk for documents the client does not
 * sync, such as files over VS Code's 50 MB limit), the sniffed format, and the analysis of the
 * current version, computed lazily and cached.
 */
import { readFileSync, statSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { type Analysis, analyze } from "../engine/analyze.js";
import { detectFormat, SESSION_FORMATS } from "../engine/formats/registry.js";
import { parseText } from "../engine/parse.js";
import type { ActionDoc } from "./actions.js";
import { DocModel } from "./model.js";
import { analyzeOptions, type Settings } from "./settings.js";

const SNIFF_CHARS = 256 * 1024;
export { SESSION_FORMATS };

/** Reads the format from the first lines only (cheap on a large non-session file). */
export function sniffFormat(text: string): string {
  let head = text.length > SNIFF_CHARS ? text.slice(0, SNIFF_CHARS) : text;
  if (head.length < text.length) head = head.slice(0, head.lastIndexOf("\n") + 1);
  return detectFormat(parseText(head).lines);
}

export interface DocState extends ActionDoc {
  format: string;
  /** null when the document is not a session the engine reads. */
  analysis: Analysis | null;
  settingsKey: string;
}

export class Store {
  private readonly cache = new Map<string, DocState>();
  private readonly sidecars = new Map<string, { text: string; name: string; stamp: string }>();
  private readonly disk = new Map<string, { mtimeMs: number; size: number; text: string }>();

  /** State for `uri` at `version` with `text`, reusing the cached analysis when nothing changed. */
  get(uri: string, version: number | null, text: string, settings: Settings): DocState {
    const sidecar = this.sidecarOf(uri);
    const key = JSON.stringify(settings) + (sidecar ? `|${sidecar.stamp}` : "");
    const c = this.cache.get(uri);
    if (c && c.version === version && c.settingsKey === key && c.text === text) return c;
    const format = sniffFormat(text);
    const options = analyzeOptions(settings);
    if (sidecar) options.acpSidecar = { text: sidecar.text, name: sidecar.name };
    let analysis: Analysis | null = null;
    let model: DocModel | undefined;
    if (SESSION_FORMATS.has(format)) {
      // Incremental: unchanged lines reuse the previous version's parse.
      const previous = c && c.settingsKey === key && c.analysis ? c.analysis : undefined;
      analysis = analyze(text, { ...options, previous });
      if (!SESSION_FORMATS.has(analysis.session.format)) analysis = null;
      else model = new DocModel(analysis);
    }
    const st: DocState = { uri, version, text, format, analysis, settingsKey: key, options, model: model as DocModel };
    this.cache.set(uri, st);
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
      const text = readFileSync(path, "utf8");
      this.disk.set(uri, { mtimeMs: st.mtimeMs, size: st.size, text });
      return text;
    } catch {
      return null;
    }
  }

  /** billion-context-pi's acp-kernel sidecar beside a session file (`<session>.jsonl.acp.json`). */
  private sidecarOf(uri: string): { text: string; name: string; stamp: string } | null {
    if (!uri.startsWith("file:")) return null;
    try {
      const path = fileURLToPath(uri) + ".acp.json";
      const st = statSync(path, { throwIfNoEntry: false });
      if (!st) return null;
      const stamp = `${st.mtimeMs}:${st.size}`;
      const c = this.sidecars.get(path);
      if (c && c.stamp === stamp) return c;
      let text = "";
      try {
        text = readFileSync(path, "utf8");
      } catch {
        /* unreadable: analysed as invalid state */
      }
      const v = { text, name: basename(path), stamp };
      this.sidecars.set(path, v);
      return v;
    } catch {
      return null;
    }
  }

  drop(uri: string): void {
    this.cache.delete(uri);
    this.disk.delete(uri);
  }

  clear(): void {
    this.cache.clear();
  }
}
