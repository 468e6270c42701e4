/**
 * The library bench's language-server step: dist/server.js over stdio, its library configured on
 * HOME with CACHE (warm), asked for the summary until settled; then its RSS (/proc), the Sessions
 * view's messages (the roots and one level under every group) and search latency. Prints one JSON line.
 *   node --import tsx scripts/bench/library-lsp-scenario.ts HOME CACHE
 */
import { readFileSync } from "node:fs";
import { LspClient } from "../../test/helpers/lsp-client";

const [home, cacheDir] = process.argv.slice(2);
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rssOf = (pid: number) => {
  const s = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, "m").exec(s)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
};

async function main() {
  const c = await LspClient.start();
  const t0 = performance.now();
  await c.request("transcriptInspector/library/configure", { enabled: true, home, workspaceFolders: [], folders: [], cacheDir, provider: "auto" });
  let s: any;
  for (;;) {
    s = await c.request("transcriptInspector/library/summary", {});
    if (s && !s.scanning && s.pending === 0 && s.checked > 0 && !s.search.indexing) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const settledMs = performance.now() - t0;
  let viewMessages = 0;
  let viewBytes = 0;
  let viewLargest = 0;
  const ask = async (id?: string) => {
    const r: any = await c.request("transcriptInspector/library/children", id ? { id } : {});
    const n = JSON.stringify(r).length;
    viewMessages++;
    viewBytes += n;
    viewLargest = Math.max(viewLargest, n);
    return r.nodes as any[];
  };
  for (const agent of await ask()) if (agent.kind === "agent") for (const project of await ask(agent.id)) await ask(project.id);
  const search = [];
  for (const query of ["error", "bash_7", "pytest", "toolu_000001"]) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const r: any = await c.request("transcriptInspector/library/search", { query, limit: 50 });
      times.push(performance.now() - t);
      total = r.total;
    }
    search.push({ query, runs: 5, ms: median(times), total });
  }
  const mem = rssOf(c.child.pid!);
  await c.stop();
  console.log(JSON.stringify({ settledMs, read: s.read, sessions: s.sessions, rss: mem.rss, peakRss: mem.peak, viewMessages, viewBytes, viewLargest, search }));
}
void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
