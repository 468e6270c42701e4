/**
 * Where a diagnostic's code links to: the README shipped in the extension (`<install>/README.md`,
 * beside `dist/`), as a file URI with the code's anchor (`#code-<code>`). The server computes it
 * from its own install path, so the link resolves offline and in any install.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The README beside the bundle's directory (`dist/server.js` -> `README.md`); from sources, the checkout's. */
export function docsBase(dir: string = __dirname): string {
  const candidates = [join(dir, "..", "README.md"), join(dir, "..", "..", "..", "README.md")];
  const readme = candidates.find((p) => existsSync(p)) ?? candidates[0];
  return pathToFileURL(readme).href + "#code-";
}

/** The link prefix of every diagnostic code: append the code. */
export const DOCS_BASE = docsBase();
