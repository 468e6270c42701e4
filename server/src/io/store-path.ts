/**
 * The name of one session of a store: `<store path>#<session id>` (`check` prints it, `render`
 * takes it). The store's path and the session id may both hold `#`: the store is the shortest
 * prefix before a `#` that `isStore` recognises (an agent's database or storage folder, not merely
 * a path that exists). A path that exists as it is stays a path.
 */
import { existsSync } from "node:fs";

export function parseStoreSessionPath(path: string, isStore: (prefix: string) => boolean): { store: string; id: string } | undefined {
  if (existsSync(path)) return undefined;
  for (let k = path.indexOf("#"); k > 0; k = path.indexOf("#", k + 1)) {
    const store = path.slice(0, k);
    if (existsSync(store) && isStore(store)) return { store, id: path.slice(k + 1) };
  }
  return undefined;
}
