/**
 * A fake home holding OpenCode's and Hermes Agent's databases in their standard folders
 * (`~/.local/share/opencode/opencode.db`, `~/.hermes/state.db`), made from the corpus dumps
 * (opencode-stores.ts, hermes-stores.ts): the session library's stores.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hermesDatabase } from "./hermes-stores.js";
import { STORES, databaseFromDump } from "./opencode-stores.js";

export /** A fake home with OpenCode's and Hermes Agent's databases in their standard folders (`hermesEdit`: SQL run on Hermes's first). */
async function storeHome(hermesEdit = ""): Promise<{ home: string; opencode: string; hermes: string; done: () => void }> {
  const home = mkdtempSync(join(tmpdir(), "ti-library-stores-"));
  const oc = await databaseFromDump(join(STORES, "lazyagents-opencode-1.18.33.sql"));
  const he = await hermesDatabase(hermesEdit);
  const opencode = join(home, ".local", "share", "opencode", "opencode.db");
  const hermes = join(home, ".hermes", "state.db");
  mkdirSync(join(home, ".local", "share", "opencode"), { recursive: true });
  mkdirSync(join(home, ".hermes"));
  copyFileSync(oc.path, opencode);
  copyFileSync(he.path, hermes);
  oc.done();
  he.done();
  return { home, opencode, hermes, done: () => rmSync(home, { recursive: true, force: true }) };
}

