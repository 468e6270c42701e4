/**
 * Writes test/corpus/expectations/<format>.json: for every session file of the repository's
 * corpus (test/corpus/<format>/*.jsonl, and *.json for an agent that writes JSON documents), the findings `check` prints by code and severity and
 * the summary `fix --dry-run` prints (test/helpers/real-corpus.ts computes both, as the test
 * does). Run through scripts/corpus-expectations.mjs after a change that is meant to move them;
 * review the diff before committing it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS, repoCorpusFiles } from "../test/helpers/corpus.js";
import { type Expectation, expectationOf } from "../test/helpers/real-corpus.js";

const byFormat = new Map<string, Record<string, Expectation>>();
for (const f of repoCorpusFiles()) {
  const [dir, file] = f.name.split("/");
  if (!byFormat.has(dir)) byFormat.set(dir, {});
  byFormat.get(dir)![file] = expectationOf(f.path);
}
const out = join(CORPUS, "expectations");
mkdirSync(out, { recursive: true });
for (const [dir, files] of byFormat) {
  writeFileSync(join(out, `${dir}.json`), JSON.stringify(files, null, 2) + "\n");
  console.log(`${join("test", "corpus", "expectations", `${dir}.json`)}: ${Object.keys(files).length} files`);
}
