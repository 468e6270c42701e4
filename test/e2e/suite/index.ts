/**
 * The extensionTestsPath module: the extension host `require`s it and calls `run()` (the contract
 * of @vscode/test-electron, unchanged, so this suite runs against desktop VS Code too). Compiled by
 * test/e2e/run.mjs into .e2e/suite/. It ends with a line test/e2e/run.mjs counts:
 * `exthost: N passed, N failed`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import Mocha from "mocha";

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: "bdd", timeout: 180_000, color: false, reporter: "spec" });
  const grep = process.env.TI_E2E_GREP;
  if (grep) mocha.grep(grep);
  for (const f of fs.readdirSync(__dirname).filter((f) => f.endsWith(".test.js")).sort()) mocha.addFile(path.join(__dirname, f));
  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        if (runner.stats?.pending) console.log(`exthost: ${runner.stats.pending} pending (not counted)`);
        console.log(`exthost: ${runner.stats?.passes ?? 0} passed, ${runner.stats?.failures ?? failures} failed`);
        if (failures) reject(new Error(`${failures} extension-host test(s) failed`));
        else resolve();
      });
    } catch (e) {
      console.error(e);
      reject(e);
    }
  });
}
