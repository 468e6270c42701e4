// `npm run package`: a production build (minified, no source maps), then `vsce package` into a VSIX
// that holds only dist/ (extension.js, server.js, cli.js, library-worker.js, sql-wasm.wasm, webview/), package.json, README.md,
// CHANGELOG.md, LICENSE and the icon (.vscodeignore). Fails when vsce warns or when the VSIX holds
// anything else.
//   node scripts/package.mjs [--out FILE.vsix]     (default: <name>-<version>.vsix in the repo root)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const outArg = process.argv.indexOf("--out");
const out = resolve(outArg > 0 ? process.argv[outArg + 1] : join(ROOT, `${pkg.name}-${pkg.version}.vsix`));

/** What may be in the VSIX (besides vsce's own [Content_Types].xml and extension.vsixmanifest). */
export const ALLOWED = [/^extension\/dist\/(extension|server|cli|library-worker)\.js$/, /^extension\/dist\/sql-wasm\.wasm$/, /^extension\/dist\/webview\/[^/]+\.(js|css|ttf|woff2?)$/, /^extension\/(package\.json|readme\.md|changelog\.md|LICENSE\.txt|LICENSE)$/i, /^extension\/images\/icon\.png$/];
export const REQUIRED = ["extension/dist/extension.js", "extension/dist/server.js", "extension/dist/cli.js", "extension/dist/library-worker.js", "extension/dist/sql-wasm.wasm", "extension/dist/webview/main.js", "extension/package.json", "extension/readme.md", "extension/changelog.md", "extension/images/icon.png"];

/** The entries of a VSIX (a zip), checked against ALLOWED/REQUIRED. */
export function checkVsix(file) {
  const r = spawnSync("unzip", ["-Z1", file], { encoding: "utf8" });
  if (r.status !== 0) return { files: [], problems: [`unzip -Z1 failed: ${r.stderr || r.error?.message}`] };
  const files = r.stdout.split("\n").filter(Boolean);
  const problems = [];
  for (const f of files) {
    if (f === "[Content_Types].xml" || f === "extension.vsixmanifest") continue;
    if (!ALLOWED.some((re) => re.test(f))) problems.push(`unexpected file in the VSIX: ${f}`);
  }
  for (const f of REQUIRED) if (!files.some((x) => x.toLowerCase() === f.toLowerCase())) problems.push(`missing from the VSIX: ${f}`);
  if (!files.some((f) => /^extension\/LICENSE(\.txt)?$/i.test(f))) problems.push("missing from the VSIX: LICENSE");
  return { files, problems };
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 });
  return { code: r.status ?? 1, out: (r.stdout ?? "") + (r.stderr ?? "") };
}

async function main() {
  console.log("[package] production build: node scripts/build.mjs --production");
  const b = run(process.execPath, ["scripts/build.mjs", "--production"]);
  process.stdout.write(b.out);
  if (b.code !== 0) return 1;
  const vsce = join(ROOT, "node_modules", ".bin", "vsce");
  if (!existsSync(vsce)) {
    console.error("[package] node_modules/.bin/vsce is missing: run npm ci");
    return 1;
  }
  console.log(`[package] vsce package --no-dependencies --out ${out}`);
  const v = run(vsce, ["package", "--no-dependencies", "--out", out]);
  process.stdout.write(v.out);
  if (v.code !== 0) return 1;
  const warnings = v.out.split("\n").filter((l) => /warning/i.test(l));
  const { files, problems } = checkVsix(out);
  const size = statSync(out).size;
  console.log(`[package] ${out}: ${(size / 1024).toFixed(1)} KiB (${size} bytes), ${files.length} entries:`);
  for (const f of files) console.log(`  ${f}`);
  for (const w of warnings) problems.push(`vsce printed a warning: ${w.trim()}`);
  for (const p of problems) console.error(`[package] ${p}`);
  return problems.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
