/**
 * Writes test/corpus/opencode/*.export.json: the real OpenCode stores of test/corpus/opencode/stores/
 * read out by the product's store reader, in the shape `opencode export` prints a session (one message per line)
 * (test/helpers/opencode-stores.ts). Run: node --import tsx scripts/opencode-exports.ts
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS } from "../test/helpers/corpus.js";
import { realExports } from "../test/helpers/opencode-stores.js";

void realExports().then((files) => {
  for (const [name, text] of files) {
    writeFileSync(join(CORPUS, "opencode", name), text);
    console.log(join("test", "corpus", "opencode", name));
  }
});
