/**
 * The profile hook `workingDirectory` of an agent whose document's header records the folder the
 * session worked in (OpenCode's `info.directory`, Hermes Agent's `cwd` column): that value, when
 * it is a string other than "".
 */
import type { Session } from "../model/types.js";

export function headerDirectory(key: string): (session: Session) => string | undefined {
  return (session) => {
    const dir = session.header?.raw[key];
    return typeof dir === "string" && dir !== "" ? dir : undefined;
  };
}
