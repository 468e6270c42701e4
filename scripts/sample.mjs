// The front door: build everything, then run the main job on the bundled sample session:
// every finding (`check`) and the before/after render (`render`).
import { spawnSync } from "node:child_process";

const SAMPLE = "samples/sample-session.jsonl";
const run = (args) => spawnSync(process.execPath, args, { stdio: "inherit" }).status;
if (run(["scripts/build.mjs"]) !== 0) process.exit(1);
console.log(`\n$ transcript-inspector check ${SAMPLE}`);
run(["dist/cli.js", "check", SAMPLE]);
console.log(`\n$ transcript-inspector render --format text ${SAMPLE}`);
run(["dist/cli.js", "render", "--format", "text", SAMPLE]);
