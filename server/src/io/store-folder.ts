/**
 * An agent's storage folder (one JSON file per record) as a format reads it (`StoreFolder`): the
 * names in a folder and the text of a file, below the store's root only. A name from the data (a
 * session or message id) that is not a plain name names nothing; a symbolic link that leads out
 * of the root is not followed; only regular files are read (a FIFO would block).
 */
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import type { StoreFolder } from "../engine/index.js";

const plain = (n: string) => n !== "" && n !== "." && n !== ".." && !n.includes("/") && !n.includes("\\") && !n.includes("\0");

export function storeFolder(root: string): StoreFolder {
  let real: string | undefined;
  /** The path of `path` below the root, when it is there and stays there once links are resolved. */
  const at = (path: readonly string[]): string | undefined => {
    if (!path.every(plain)) return undefined;
    const p = path.reduce((a, n) => join(a, n), root);
    try {
      real ??= realpathSync(root);
      const r = realpathSync(p);
      return r === real || r.startsWith(real.endsWith(sep) ? real : real + sep) ? r : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    list: (path) => {
      const p = at(path);
      if (p === undefined) return [];
      try {
        return readdirSync(p).sort();
      } catch {
        return [];
      }
    },
    read: (path) => {
      const p = at(path);
      if (p === undefined) return undefined;
      try {
        return statSync(p).isFile() ? readFileSync(p, "utf8") : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
