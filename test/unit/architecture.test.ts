/**
 * Issue 20: the project's shape holds. No import cycle anywhere in the shipped code (the engine's
 * folders are layers and imports only go down: eslint.config.mjs checks each folder's boundary;
 * this test checks that nothing imports in a circle, also inside a folder), and no code outside
 * the format folders compares a format's name (everything about an agent goes through its
 * format profile), and every file a comment names exists (a newcomer follows those names).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import { FORMAT_PROFILES } from "../../server/src/engine/formats/registry.js";

const ROOT = resolve(__dirname, "..", "..");
const SOURCES = ["server/src", "extension/src", "webview/src"];
const IMPORT = /(?:import|export)\s[^;]*?from\s+["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true })
    .map(String)
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => normalize(join(dir, f)));
}

/** Relative imports of each file, resolved to project paths. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const text = readFileSync(join(ROOT, f), "utf8");
    const deps: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2]).replace(/\.js$/, "");
      const base = normalize(join(dirname(f), spec));
      const hit = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((c) => known.has(c));
      if (hit) deps.push(hit);
    }
    graph.set(f, deps);
  }
  return graph;
}

/** Every strongly connected set of more than one file (or a file importing itself): an import cycle. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe("the project's shape (issue 20)", () => {
  const files = SOURCES.flatMap(sourceFiles);
  it("no import cycle in server/src, extension/src or webview/src", () => {
    assert.ok(files.length > 100, `read ${files.length} files`);
    assert.deepEqual(importCycles(importGraph(files)), []);
  });
  it("the cycle check finds a cycle when there is one", () => {
    const g = new Map([["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", ["a.ts"]], ["d.ts", ["a.ts"]]]);
    assert.deepEqual(importCycles(g), [["a.ts", "b.ts", "c.ts"]]);
  });
  it("no format name is compared outside server/src/engine/formats/", () => {
    const names = FORMAT_PROFILES.map((p) => p.name);
    const compared = new RegExp(`(===|!==|==|!=|case)\\s*["'](${names.join("|")})["']|["'](${names.join("|")})["']\\s*(===|!==|==|!=)`);
    const offenders: string[] = [];
    for (const f of files) {
      if (f.startsWith(normalize("server/src/engine/formats/"))) continue;
      readFileSync(join(ROOT, f), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (compared.test(line)) offenders.push(`${relative(ROOT, join(ROOT, f))}:${i + 1}: ${line.trim()}`);
        });
    }
    assert.deepEqual(offenders, []);
  });
  it("every file a comment names exists (upstream files are named with their source)", () => {
    const offenders = staleFileReferences(files.filter((f) => f.startsWith(normalize("server/src/"))));
    assert.deepEqual(offenders, []);
  });
  it("the reference check finds a file that is gone", () => {
    assert.deepEqual(staleFileReferences([], { "x.ts": "/** Built once (context.ts); see engine/model/types.ts and src/pruner.ts upstream. */" }), ["x.ts:1: context.ts"]);
  });
});

/**
 * Files of other projects that comments name without a folder of theirs (the comment names the
 * project): pi-ai's provider modules, Gemini CLI's sources. A path that starts with `src/`,
 * `packages/` or `core/` is an upstream path too.
 */
const UPSTREAM_FILES = new Set(["anthropic.ts", "amazon-bedrock.ts", "google-shared.ts", "openai-completions.ts", "openai-responses-shared.ts", "mistral.ts", "sessionUtils.ts", "chatRecordingService.ts", "geminiChat.ts"]);

/** `file:line: name` of each `*.ts` / `*.mjs` a comment names that no file of the project is or ends with. */
function staleFileReferences(files: readonly string[], texts: Record<string, string> = {}): string[] {
  const project = [...SOURCES, "test", "scripts", "extension", "webview"].flatMap((d) => readdirSync(join(ROOT, d), { recursive: true }).map((f) => normalize(join(d, String(f)))));
  project.push(...readdirSync(ROOT));
  const out: string[] = [];
  const comment = /(?:\/\/|\/\*|^\s*\*)(.*)$/;
  for (const f of [...files, ...Object.keys(texts)]) {
    (texts[f] ?? readFileSync(join(ROOT, f), "utf8")).split("\n").forEach((line, i) => {
      const c = comment.exec(line)?.[1];
      if (!c) return;
      for (const m of c.matchAll(/[A-Za-z0-9_./-]+\.(?:ts|mjs)\b/g)) {
        const ref = m[0].replace(/^\.\//, "");
        if (/^(src|packages|core)\//.test(ref) || UPSTREAM_FILES.has(ref)) continue;
        const tail = normalize(ref);
        if (!project.some((p) => p === tail || p.endsWith(`/${tail}`))) out.push(`${f}:${i + 1}: ${ref}`);
      }
    });
  }
  return out;
}
