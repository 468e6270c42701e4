/**
 * How a pi session continues from its previous version (the format profile's continuation hooks;
 * engine/incremental uses them for every format):
 * - appended or edited lines read alone with pi's per-line reader, when the file has a header of
 *   version 2 or later (v1 files get synthetic ids and a compaction fix-up over the whole file);
 * - pi's context build projects each entry on its own, apart from compactions (they select what
 *   comes before them) and `context_edit`s (they change their target): so a tail with neither
 *   extends the previous context, and an edited message entry replaces its one message.
 */
import type { Entry, Msg, Session, SourceLine } from "../../model/types.js";
import type { ContextOptions, FormatRead } from "../profile.js";
import { contextEventMessages, DEFAULT_PI_VERSION, type PiVersion, project } from "./pi-context.js";
import { readPiLinesIn } from "./pi-read.js";

const versionOf = (o: ContextOptions): PiVersion => (o.piVersion === "0.83" ? "0.83" : DEFAULT_PI_VERSION);

export function piReadLinesIn(session: Session, lines: readonly SourceLine[]): FormatRead | null {
  if (!session.header || session.header.version < 2) return null;
  return readPiLinesIn(session, lines);
}

export function piExtendContext(prevBefore: Msg[], prevBranch: readonly Entry[], tail: readonly Entry[], options: ContextOptions): Msg[] | null {
  if (tail.length === 0) return prevBefore;
  const ids = new Set<string>();
  for (const e of tail) {
    if (e.type === "compaction" || e.type === "context_edit") return null;
    ids.add(e.id);
  }
  for (const e of prevBranch) if (e.type === "context_edit" && ids.has(e.raw.targetId)) return null;
  const added: Msg[] = [];
  for (const e of tail) for (const m of project(e)) added.push(m);
  return prevBefore.concat(contextEventMessages(added, versionOf(options)));
}

/**
 * Each edited message entry's message, where the context holds it, replaced by the edited
 * entry's. An entry not in the context (off the branch, or before a compaction's kept part)
 * leaves it as it was. Null when an edit is not a plain message of the same role (a system
 * message a compaction leaves out, a hook message renamed on read), when a `context_edit` on the
 * branch targets an edited entry, or when an edited entry's messages are not found as one message.
 */
export function piEditContext(prevBefore: Msg[], prevBranch: readonly Entry[], edits: readonly { before: Entry; after: Entry }[], options: ContextOptions): Msg[] | null {
  for (const { before, after } of edits) {
    const role = plainRole(after);
    if (role === undefined || role !== plainRole(before)) return null;
  }
  for (const e of prevBranch) if (e.type === "context_edit" && edits.some((x) => x.before.id === e.raw.targetId)) return null;
  const byLine = new Map(edits.map((e) => [e.before.line, e]));
  let out: Msg[] | undefined;
  const found = new Set<number>();
  for (let i = 0; i < prevBefore.length; i++) {
    const o = prevBefore[i].origin;
    if (o.kind !== "entry") continue;
    const e = byLine.get(o.line);
    if (!e || o.entryId !== e.before.id) continue;
    if (found.has(o.line)) return null;
    found.add(o.line);
    const msgs = contextEventMessages(project(e.after), versionOf(options));
    if (msgs.length !== 1) return null;
    (out ??= prevBefore.slice())[i] = msgs[0];
  }
  return out ?? prevBefore;
}

/** The role of a `message` entry of the kind an edit may replace in place, else undefined. */
function plainRole(e: Entry): string | undefined {
  const m = e.raw.message;
  if (e.type !== "message" || typeof m !== "object" || m === null || typeof m.role !== "string") return undefined;
  return m.role === "system" || m.role === "hookMessage" ? undefined : m.role;
}
