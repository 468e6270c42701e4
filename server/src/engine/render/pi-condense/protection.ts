/**
 * pi-condense's protection rules: `protectedTools` by exact name, `protectedPaths` globs against
 * `args.path` (docs/research/formats.md section 2.9).
 */
import type { PiCondenseConfig } from "./config.js";

const globCache = new Map<string, RegExp>();

/** `**​/` = zero or more directories, `**` = anything, `*` within a segment, `?` one character. */
export function globToRegExp(glob: string): RegExp {
  let re = globCache.get(glob);
  if (re) return re;
  let src = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*" && glob[i + 1] === "*") {
      if (glob[i + 2] === "/") {
        src += "(?:.*/)?";
        i += 2;
      } else {
        src += ".*";
        i += 1;
      }
    } else if (c === "*") src += "[^/]*";
    else if (c === "?") src += "[^/]";
    else src += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  re = new RegExp(`^${src}$`);
  globCache.set(glob, re);
  return re;
}

export function isProtected(toolName: string | undefined, args: unknown, config: PiCondenseConfig): boolean {
  if (toolName && config.protectedTools.includes(toolName)) return true;
  const p = args && typeof args === "object" ? (args as any).path : undefined;
  if (typeof p !== "string") return false;
  const path = p.replace(/\\/g, "/");
  return config.protectedPaths.some((g) => globToRegExp(g).test(path));
}
