import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { SESSION_FORMATS } from "../../server/src/engine/formats/registry.js";

/** The shared corpus beside the checkout (`../shared/corpus`), or $TI_CORPUS. */
export const CORPUS = process.env.TI_CORPUS ?? resolve(__dirname, "..", "..", "..", "shared", "corpus");

export function corpusFiles(): { name: string; path: string; text: string }[] {
  const out: { name: string; path: string; text: string }[] = [];
  for (const dir of [...SESSION_FORMATS].filter((d) => existsSync(join(CORPUS, d))))
    for (const f of readdirSync(join(CORPUS, dir)).filter((x) => x.endsWith(".jsonl")).sort())
      out.push({ name: `${dir}/${f}`, path: join(CORPUS, dir, f), text: readFileSync(join(CORPUS, dir, f), "utf8") });
  return out;
}

export function corpusText(name: string): string {
  return readFileSync(join(CORPUS, name), "utf8");
}

/** Independent count of parsed JSON objects per line (not the engine's parser). */
export function rawObjects(text: string): { line: number; value: any }[] {
  const out: { line: number; value: any }[] = [];
  text.split("\n").forEach((l, i) => {
    try {
      const v = JSON.parse(l);
      if (v && typeof v === "object" && !Array.isArray(v)) out.push({ line: i, value: v });
    } catch {
      /* not an object line */
    }
  });
  return out;
}
