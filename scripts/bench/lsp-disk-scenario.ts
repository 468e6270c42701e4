/**
 * A session VS Code does not sync (over 50 MB) over a real stdio connection: the client says a
 * tab shows it (`didShowUnsynced`), the server reads it from disk; then one line is appended on
 * disk. Prints the time to first diagnostics, to republished diagnostics after the append (both
 * client-observed, the append including the server's watch debounce), and the server's RSS.
 *   node --import tsx scripts/bench/lsp-disk-scenario.ts META.json
 */
import { appendFileSync, copyFileSync, readFileSync, rmSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { LspClient } from "../../test/helpers/lsp-client";
import { appendedLine, type SessionMeta } from "./generate";
import { procPeakRss } from "./measure";
import { emit } from "./scenario-io";

async function main() {
  const meta = JSON.parse(readFileSync(process.argv[2], "utf8")) as SessionMeta;
  const file = `${meta.file}.disk-copy.jsonl`; // appended to: never the generated session itself
  copyFileSync(meta.file, file);
  const bytes = statSync(file).size;
  const client = await LspClient.start({});
  const pid = client.child.pid!;
  const uri = pathToFileURL(file).href;
  try {
    let from = client.published.length;
    let t = performance.now();
    await client.conn.sendNotification("transcriptInspector/didShowUnsynced", { uri });
    await client.until(() => client.published.slice(from).find((p) => p.uri === uri), 300_000, "first diagnostics");
    emit("disk-open", { status: "ok", ms: performance.now() - t, bytes, rss: procPeakRss(pid) });
    from = client.published.length;
    t = performance.now();
    appendFileSync(file, appendedLine(meta, meta.lines, meta.lastId, "appended on disk").line);
    await client.until(() => client.published.slice(from).find((p) => p.uri === uri), 300_000, "republished diagnostics");
    emit("disk-append", { status: "ok", ms: performance.now() - t, rss: procPeakRss(pid) });
    const before = procPeakRss(pid);
    await client.conn.sendNotification("transcriptInspector/didHideUnsynced", { uri });
    await new Promise((r) => setTimeout(r, 2000));
    emit("disk-hide", { status: "ok", rssBefore: before, rssAfter: procPeakRss(pid) });
  } finally {
    await Promise.race([client.stop(), new Promise((r) => setTimeout(r, 5000))]);
    if (client.child.exitCode === null) client.child.kill("SIGKILL");
    rmSync(file, { force: true });
  }
  process.exit(0);
}

main().catch((e) => {
  emit("error", { status: "crash", note: String((e as Error)?.message ?? e) });
  process.exit(1);
});
