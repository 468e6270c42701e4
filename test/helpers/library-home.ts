/**
 * A fake home with sessions of every agent the engine reads, laid out as each agent lays out its
 * own (issue 26): copies of the shared corpus's original files (../shared/corpus) and of the
 * repository's fixtures (test/fixtures) in Claude Code's ~/.claude/projects (a session with a
 * subagent file and its .meta.json under the session's folder), Codex's
 * ~/.codex/sessions/YYYY/MM/DD and archived_sessions (a parent and its child rollout, a session a
 * provider would reject, an archived compacted one), and pi's ~/.pi/agent/sessions (with a fork
 * naming its parent). A corpus file that is missing (CI without shared/) is left out, and `have`
 * says which agents are there.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { CORPUS } from "./corpus.js";

export interface FakeHome {
  home: string;
  /** Agents with at least one session in the home. */
  have: Set<string>;
  /** Paths by role, where present. */
  paths: Record<string, string>;
  cleanup(): void;
}

const FIXTURES = resolve(__dirname, "..", "fixtures");
/** Claude Code names a session's file and its folder of subagents by the session id. */
const CC_SESSION = "55550000-0000-4000-8000-000000000001";

/** [where from, file, path under home, role] */
const LAYOUT: ["corpus" | "fixtures", string, string, string][] = [
  ["corpus", "claude-code/daaain-minimal-showcase-parallel-agents.jsonl", `.claude/projects/-workspace-example-app/${CC_SESSION}.jsonl`, "ccParent"],
  ["corpus", "claude-code/daaain-subagent-showcol2.jsonl", `.claude/projects/-workspace-example-app/${CC_SESSION}/subagents/agent-showcol2.jsonl`, "ccChild"],
  ["corpus", "claude-code/daaain-dag-compact-after-rewind.jsonl", ".claude/projects/-workspace-other/dag-compact.jsonl", "ccRewind"],
  ["corpus", "codex/daaain-parent-spawn.jsonl", ".codex/sessions/2026/01/03/rollout-2026-01-03T04-05-06-22222222-2222-4222-8222-222222222222.jsonl", "codexParent"],
  ["corpus", "codex/daaain-subagent-child.jsonl", ".codex/sessions/2026/01/03/rollout-2026-01-03T04-05-10-33333333-3333-4333-8333-333333333333.jsonl", "codexChild"],
  ["fixtures", "codex/duplicate-call-id.jsonl", ".codex/sessions/2026/11/20/rollout-2026-11-20T10-00-00-0c0de000-0000-4000-8000-000000000005.jsonl", "codexRejected"],
  ["fixtures", "codex/compacted-replacement-history.jsonl", ".codex/archived_sessions/rollout-2026-11-20T09-00-00-55555555-5555-4555-8555-555555555555.jsonl", "codexArchived"],
  ["corpus", "pi/inspector-branching.jsonl", ".pi/agent/sessions/--fixture--/2026-01-01T00-00-00-000Z_fixture-session.jsonl", "piParent"],
  ["corpus", "pi/pi-mono-before-compaction-v1.jsonl", ".pi/agent/sessions/--Users-badlogic-workspaces-pi-mono--/2025-12-08T00-00-00-000Z_before-compaction.jsonl", "piCompact"],
];

export function makeFakeHome(): FakeHome {
  const home = mkdtempSync(join(tmpdir(), "ti-library-home-"));
  const have = new Set<string>();
  const paths: Record<string, string> = {};
  for (const [base, from, to, role] of LAYOUT) {
    const src = join(base === "corpus" ? CORPUS : FIXTURES, from);
    if (!existsSync(src)) continue;
    const dst = join(home, to);
    mkdirSync(dirname(dst), { recursive: true });
    copyFileSync(src, dst);
    paths[role] = dst;
    if (to.endsWith(".jsonl")) have.add(from.split("/")[0]);
  }
  // Claude Code's .meta.json beside a subagent's file: its type and the call's description.
  if (paths.ccChild) {
    const meta = paths.ccChild.replace(/\.jsonl$/, ".meta.json");
    writeFileSync(meta, JSON.stringify({ agentType: "general-purpose", description: "Survey the jobs module (meta)" }));
    paths.ccChildMeta = meta;
  }
  // A pi fork: pi writes the session it was forked from in the header's parentSession.
  if (paths.piParent && existsSync(join(CORPUS, "pi/inspector-error-message.jsonl"))) {
    const lines = readFileSync(join(CORPUS, "pi/inspector-error-message.jsonl"), "utf8").split("\n");
    const header = JSON.parse(lines[0]);
    header.parentSession = paths.piParent;
    lines[0] = JSON.stringify(header);
    const dst = join(dirname(paths.piParent), "2026-01-02T00-00-00-000Z_error-session.jsonl");
    writeFileSync(dst, lines.join("\n"));
    paths.piFork = dst;
  }
  // A JSONL file that is no session.
  const other = join(home, ".claude/projects/-workspace-example-app/notes.jsonl");
  mkdirSync(dirname(other), { recursive: true });
  writeFileSync(other, '{"note":"not a session"}\n');
  paths.notSession = other;
  return { home, have, paths, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}
