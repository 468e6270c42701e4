/**
 * Diffs drawn as diffs (issue 23): an Edit's old and new text through `diff` (jsdiff's
 * structuredPatch, 3 lines of context), a unified diff through its parsePatch, and Codex's
 * apply_patch format (`*** Update File:`, `@@`, `+`/`-`/` ` lines) read line by line. Each line
 * keeps its `+`/`-` mark in the text (read aloud, copied), coloured by kind.
 */
import { parsePatch, structuredPatch } from "diff";
import { memo } from "react";
import { SafeText } from "../components/SafeText.js";

type Kind = "add" | "del" | "ctx" | "hunk" | "meta";
interface DiffFile {
  title: string;
  lines: { kind: Kind; text: string }[];
}

const kindOf = (l: string): Kind => (l.startsWith("+") ? "add" : l.startsWith("-") ? "del" : l.startsWith("@@") ? "hunk" : l.startsWith("\\") ? "meta" : "ctx");

/** One file's edit: old and new text. */
export function editDiff(path: string | undefined, before: string, after: string): DiffFile {
  const p = structuredPatch(path ?? "", path ?? "", before, after, "", "", { context: 3 });
  const lines: DiffFile["lines"] = [];
  for (const h of p.hunks) {
    lines.push({ kind: "hunk", text: `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@` });
    for (const l of h.lines) lines.push({ kind: kindOf(l), text: l });
  }
  return { title: path ?? "edit", lines };
}

/** A unified diff (git diff, diff -u); null when it does not read as one. */
export function unifiedDiff(text: string): DiffFile[] | null {
  try {
    const files = parsePatch(text);
    if (!files.length || files.every((f) => f.hunks.length === 0)) return null;
    return files.map((f) => {
      const lines: DiffFile["lines"] = [];
      for (const h of f.hunks) {
        lines.push({ kind: "hunk", text: `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@` });
        for (const l of h.lines) lines.push({ kind: kindOf(l), text: l });
      }
      const name = (f.newFileName && f.newFileName !== "/dev/null" ? f.newFileName : f.oldFileName) ?? "diff";
      return { title: name.replace(/^[ab]\//, ""), lines };
    });
  } catch {
    return null;
  }
}

const APPLY_FILE = /^\*\*\* (Add|Update|Delete) File: (.*)$/;

/** Codex's apply_patch text: one entry per file. */
export function applyPatchDiff(text: string): DiffFile[] {
  const files: DiffFile[] = [];
  let cur: DiffFile | undefined;
  for (const l of text.split("\n")) {
    const f = APPLY_FILE.exec(l);
    if (f) {
      cur = { title: `${f[1] === "Add" ? "new file " : f[1] === "Delete" ? "deleted " : ""}${f[2]}`, lines: [] };
      files.push(cur);
      continue;
    }
    if (/^\*\*\* (Begin|End) Patch/.test(l) || l === "") continue;
    if (!cur) {
      cur = { title: "patch", lines: [] };
      files.push(cur);
    }
    if (l.startsWith("*** ")) cur.lines.push({ kind: "meta", text: l });
    else cur.lines.push({ kind: kindOf(l), text: l });
  }
  return files;
}

function counts(f: DiffFile): string {
  const add = f.lines.filter((l) => l.kind === "add").length;
  const del = f.lines.filter((l) => l.kind === "del").length;
  return `${add} added, ${del} removed`;
}

export const DiffFiles = memo(function DiffFiles({ files, query, cut }: { files: DiffFile[]; query?: string; cut?: boolean }) {
  return (
    <div className="diff">
      {files.map((f, n) => (
        <div key={n} className="diff-file">
          <div className="diff-title">
            <SafeText text={f.title} query={query} /> <span className="diff-counts">{counts(f)}</span>
          </div>
          <pre className="diff-lines">
            {f.lines.map((l, i) => (
              <span key={i} className={`dl dl-${l.kind}`} data-kind={l.kind}>
                <SafeText text={l.text || " "} query={query} />
                {"\n"}
              </span>
            ))}
          </pre>
        </div>
      ))}
      {cut ? <div className="content-note">The text was cut: the diff shows its beginning.</div> : null}
    </div>
  );
});
