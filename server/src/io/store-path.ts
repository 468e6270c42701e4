/**
 * The name of one session of a store: `<store path>#<session id>` (`check` prints it, `render`
 * takes it). A session id may hold `#` itself: the store is the shortest prefix before a `#` that
 * exists on disk. A path that exists as it is stays a path.
 */
import { existsSync } from "node:fs";

export function storeSessionPath(path: string): { store: string; id: string } | undefined {
  if (existsSync(path)) return undefined;
  for (let k = path.indexOf("#"); k > 0; k = path.indexOf("#", k + 1)) {
    const store = path.slice(0, k);
    if (existsSync(store)) return { store, id: path.slice(k + 1) };
  }
  return undefined;
}

export const storeSessionName = (store: string, id: string) => `${store}#${id}`;
