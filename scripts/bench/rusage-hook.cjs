// Preloaded (`node --require`) into a measured child when /usr/bin/time is missing: writes the
// process's resource usage (CPU, max RSS) to $TI_BENCH_RUSAGE at exit.
const { writeFileSync } = require("node:fs");
process.on("exit", () => {
  if (process.env.TI_BENCH_RUSAGE) writeFileSync(process.env.TI_BENCH_RUSAGE, JSON.stringify(process.resourceUsage()));
});
