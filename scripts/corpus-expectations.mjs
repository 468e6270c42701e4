#!/usr/bin/env node
// Regenerates test/corpus/expectations/*.json, the snapshot test/unit/real-corpus.test.ts
// compares exactly: per file of test/corpus, the findings `check` prints by code and severity
// and the `fix --dry-run` summary. Runs the engine from the sources (tsx), like the test.
//   node scripts/corpus-expectations.mjs
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const r = spawnSync(process.execPath, ["--import", "tsx", join("scripts", "corpus-expectations.ts")], { cwd: root, stdio: "inherit" });
process.exit(r.status ?? 1);
