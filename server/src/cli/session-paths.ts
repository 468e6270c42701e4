/**
 * The files `check` is given: a FILE stays as given; an agent's session store (a database, its
 * storage folder, or the folder holding them: io/session-store.ts) becomes each of its sessions
 * (`<store>#<id>`); a DIR becomes every `*.jsonl` file under
 * it, and every JSON-document session an agent names (a profile's `documentFileName`: Gemini
 * CLI's `session-*.json`), depth first, each folder's names sorted (by code unit, so the order is the same
 * everywhere). A symbolic link to a folder is followed once: a folder already visited (the same
 * device and inode) is not entered again, so a link loop ends.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { errText } from "../io/read-regular-file.js";
import { isSessionFileName as isSessionName, SESSION_DOCUMENT_GLOBS } from "../engine/index.js";
import { openedStore, storeAt } from "../io/session-store.js";

export interface ExpandedPaths {
  paths: string[];
  problems: { status: 1 | 2; message: string }[];
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function expandPaths(args: string[]): ExpandedPaths {
  const paths: string[] = [];
  const problems: ExpandedPaths["problems"] = [];
  const visited = new Set<string>();
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort(byName);
    } catch (e) {
      problems.push({ status: 2, message: `cannot read ${dir}: ${errText(e)}` });
      return;
    }
    for (const name of names) {
      const p = join(dir, name);
      let st;
      try {
        st = statSync(p); // follows links
      } catch {
        if (isSessionName(name)) paths.push(p); // a dangling link: reported when read
        continue;
      }
      if (st.isDirectory()) {
        const key = `${st.dev}:${st.ino}`;
        if (visited.has(key)) continue;
        visited.add(key);
        walk(p);
      } else if (isSessionName(name)) paths.push(p);
    }
  };
  for (const a of args) {
    // An agent's store (OpenCode's database or storage folder): each of its sessions, `<store>#<id>`.
    const at = storeAt(a);
    if (at) {
      try {
        const sessions = openedStore(at).sessions;
        for (const s of sessions) paths.push(`${at.path}#${s.id}`);
        if (sessions.length === 0) problems.push({ status: 2, message: `${a}: no sessions in this ${at.kind === "database" ? "database" : "storage folder"}` });
      } catch (e) {
        problems.push({ status: 2, message: `cannot read ${a}: ${errText(e)}` });
      }
      continue;
    }
    let st;
    try {
      st = statSync(a);
    } catch {
      paths.push(a); // missing or unreadable: reported when read, as before
      continue;
    }
    if (!st.isDirectory()) {
      paths.push(a);
      continue;
    }
    const before = paths.length;
    visited.add(`${st.dev}:${st.ino}`);
    walk(a);
    if (paths.length === before) problems.push({ status: 2, message: `${a}: no session files (*.jsonl, ${SESSION_DOCUMENT_GLOBS.join(", ")}) in this folder` });
  }
  return { paths, problems };
}
