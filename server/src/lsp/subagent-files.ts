/**
 * Where a subagent's transcript is (issue 23 item 4), and what it says, for the inspector. The
 * agent's profile says where it keeps it (view-subagents.ts):
 *
 * - in the session's folder: `<dir>/<session>/<path>` beside `<dir>/<session>.jsonl` (Claude Code:
 *   `subagents/agent-<agentId>.jsonl`);
 * - in the sessions tree: a file `<prefix>…<suffix>` in the session's folder or, when that folder
 *   is a day of a `…/YYYY/MM/DD` tree, in another day of the same tree, newest first (Codex's
 *   child rollouts; a bounded walk: at most MAX_SCANNED folder entries).
 *
 * Names come from the session (view-subagents.ts keeps plain names only); files are read only
 * when regular and at most MAX_SUBAGENT_BYTES, never blocking (io/read-regular-file.ts).
 */
import { readdirSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { analyze, messageText } from "../engine/index.js";
import { readRegularFile } from "../io/read-regular-file.js";
import { isSafePlace, SUBAGENT_ID } from "../presentation/view-subagents.js";
import type { SubagentAnswer } from "../protocol/view-window.js";
import type { ViewSubagent } from "../protocol/view.js";

/** A subagent transcript read for the inspector at most (larger: opened, not previewed). */
export const MAX_SUBAGENT_BYTES = 32 * 1024 * 1024;
/** Messages of a subagent listed in place at most. */
export const MAX_SUBAGENT_MESSAGES = 50;
const MAX_SCANNED = 20_000;
const PREVIEW_CHARS = 200;

const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};
const list = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** A file named `prefix…suffix` in the session's folder, or in the other days of its `YYYY/MM/DD` tree. */
function inSessionsTree(sessionPath: string, prefix: string, suffix: string): string | undefined {
  const named = (n: string) => n.length > prefix.length + suffix.length && n.startsWith(prefix) && n.endsWith(suffix);
  const dir = dirname(sessionPath);
  const here = list(dir).find(named);
  if (here) return join(dir, here);
  const day = dir;
  const month = dirname(day);
  const year = dirname(month);
  if (![day, month, year].every((d) => /^\d{2,4}$/.test(basename(d)))) return undefined;
  const root = dirname(year);
  let scanned = 0;
  for (const y of list(root).filter((n) => /^\d{4}$/.test(n)).sort().reverse())
    for (const m of list(join(root, y)).filter((n) => /^\d{2}$/.test(n)).sort().reverse())
      for (const d of list(join(root, y, m)).filter((n) => /^\d{2}$/.test(n)).sort().reverse()) {
        const names = list(join(root, y, m, d));
        scanned += names.length + 1;
        const hit = names.find(named);
        if (hit) return join(root, y, m, d, hit);
        if (scanned > MAX_SCANNED) return undefined;
      }
  return undefined;
}

/** Where each subagent was found (a path is checked again on use; a miss is looked for again after MISS_MS). */
const found = new Map<string, { path?: string; at: number }>();
const MISS_MS = 5000;
const MAX_FOUND = 2000;

/** The transcript file of a subagent of the session at `sessionUri`; undefined when not found. */
export function subagentFile(sessionUri: string, ref: Pick<ViewSubagent, "id" | "where">): string | undefined {
  const key = `${sessionUri}\u0000${JSON.stringify(ref.where)}\u0000${ref.id}`;
  const known = found.get(key);
  if (known && (known.path ? isFile(known.path) : Date.now() - known.at < MISS_MS)) return known.path;
  const path = lookUp(sessionUri, ref);
  found.delete(key);
  found.set(key, { path, at: Date.now() });
  while (found.size > MAX_FOUND) found.delete(found.keys().next().value!);
  return path;
}

function lookUp(sessionUri: string, ref: Pick<ViewSubagent, "id" | "where">): string | undefined {
  if (!sessionUri.startsWith("file:") || !SUBAGENT_ID.test(ref.id) || !isSafePlace(ref.where)) return undefined;
  let session: string;
  try {
    session = fileURLToPath(sessionUri);
  } catch {
    return undefined;
  }
  const w = ref.where;
  if (w.in === "session-folder") {
    // eslint-disable-next-line no-restricted-syntax -- a path of a few segments (subagents/agent-ID.jsonl)
    const p = join(dirname(session), basename(session).replace(/\.jsonl$/i, ""), ...w.path);
    return isFile(p) ? p : undefined;
  }
  return inSessionsTree(session, w.prefix, w.suffix);
}

/** Marks the subagents whose transcripts exist beside the session with their file names (in place). */
export function markSubagentFiles(sessionUri: string, refs: Iterable<ViewSubagent>): void {
  for (const r of refs) {
    const f = subagentFile(sessionUri, r);
    if (f) r.file = basename(f);
    else delete r.file;
  }
}

/** The subagent's transcript for the inspector: its uri and its first messages (role, preview, line). */
export function readSubagent(sessionUri: string, ref: ViewSubagent): SubagentAnswer | null {
  const path = subagentFile(sessionUri, ref);
  if (!path) return null;
  const uri = pathToFileURL(path).toString();
  const base: SubagentAnswer = { toolCallId: ref.toolCallId, id: ref.id, uri, file: basename(path), messages: [], total: 0 };
  const r = readRegularFile(path);
  if (!r.ok) return { ...base, note: `The transcript could not be read: ${r.message}.` };
  if (r.file.bytes.length > MAX_SUBAGENT_BYTES) return { ...base, note: `The transcript is ${Math.round(r.file.bytes.length / 1024 / 1024)} MB: open it to read it.` };
  const a = analyze(r.file.bytes.toString("utf8"), { rules: false });
  base.format = a.session.format;
  base.total = a.before.length;
  base.messages = a.before.slice(0, MAX_SUBAGENT_MESSAGES).map((m) => {
    const text = messageText(m).replace(/\s+/g, " ").trim();
    const out: SubagentAnswer["messages"][number] = { role: m.agentRole ?? m.role, preview: text.length > PREVIEW_CHARS ? text.slice(0, PREVIEW_CHARS - 1) + "…" : text, line: m.origin.kind === "entry" ? m.origin.line + 1 : null };
    const calls = m.role === "assistant" && Array.isArray(m.content) ? m.content.filter((b: any) => b?.type === "toolCall").map((b: any) => String(b.name ?? "tool")) : [];
    if (calls.length) out.toolNames = calls;
    return out;
  });
  return base;
}
