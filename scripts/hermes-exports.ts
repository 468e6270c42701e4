/**
 * Writes test/corpus/hermes/*.json: the real Hermes Agent store of test/corpus/hermes/stores/ read
 * out by the product's store reader, one document per session (one message per line)
 * (test/helpers/hermes-stores.ts). Run: node --import tsx scripts/hermes-exports.ts
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS } from "../test/helpers/corpus.js";
import { hermesExports } from "../test/helpers/hermes-stores.js";

void hermesExports().then((files) => {
  for (const [name, text] of files) {
    writeFileSync(join(CORPUS, "hermes", name), text);
    console.log(join("test", "corpus", "hermes", name));
  }
});
