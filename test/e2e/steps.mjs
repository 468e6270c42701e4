// Sequential UI steps for the e2e scripts: each step passes or fails; after a failure the later
// steps are counted as failed without running (they cannot run meaningfully).
//   const steps = createSteps(async (n) => { /* e.g. a screenshot of failed step n */ });
//   await steps.step("name", async () => "optional note");  ...  steps.passed, steps.failed
const secs = (ms) => (ms / 1000).toFixed(1);

export function createSteps(onFail) {
  const s = {
    passed: 0,
    failed: 0,
    broken: false,
    count: 0,
    async step(name, fn) {
      s.count++;
      if (s.broken) {
        s.failed++;
        console.log(`not ok - ${name} (not run: an earlier step failed)`);
        return;
      }
      const t = Date.now();
      try {
        const note = await fn();
        s.passed++;
        console.log(`ok - ${name} (${secs(Date.now() - t)}s)${note ? `: ${note}` : ""}`);
      } catch (e) {
        s.failed++;
        s.broken = true;
        console.log(`not ok - ${name} (${secs(Date.now() - t)}s): ${String(e?.message ?? e).split("\n").slice(0, 8).join("\n    ")}`);
        await onFail?.(s.count);
      }
    },
  };
  return s;
}
