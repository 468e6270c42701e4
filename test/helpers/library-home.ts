/**
 * A fake home with sessions of every agent the engine reads, laid out as each agent lays out its
 * own (issue 26): copies of the shared corpus (../shared/corpus) in Claude Code's
 * ~/.claude/projects (with subagent files and their .meta.json under the session's folder), Codex's
 * ~/.codex/sessions/YYYY/MM/DD and archived_sessions (a parent and its child rollout), and pi's
 * ~/.pi/agent/sessions (with a fork naming its parent). A corpus file that is missing (CI without
 * shared/) is left out, and `have` says which agents are there.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { CORPUS } from "./corpus.js";

export interface FakeHome {
  home: string;
  /** Agents with at least one session in the home. */
  have: Set<string>;
  /** Paths by role, where present. */
  paths: Record<string, string>;
  cleanup(): void;
}

const CC_SESSION = "ef958aa1-0e93-49f0-bb71-150f63befcd1";
const SPOTTER = "fa812bfe-b295-4cca-9c2f-fdf01028cb46";

/** [corpus file, path under home, role] */
const LAYOUT: [string, string, string][] = [
  ["claude-code/daaain-real-2.1.114-attachments-subagents.jsonl", `.claude/projects/-workspace-demo/${CC_SESSION}.jsonl`, "ccParent"],
  ["claude-code/daaain-real-2.1.114-subagent-a36efb2a.jsonl", `.claude/projects/-workspace-demo/${CC_SESSION}/subagents/agent-a36efb2a1231c41e2.jsonl`, "ccChild"],
  ["claude-code/daaain-real-2.1.114-subagent-a36efb2a.meta.json", `.claude/projects/-workspace-demo/${CC_SESSION}/subagents/agent-a36efb2a1231c41e2.meta.json`, "ccChildMeta"],
  ["claude-code/daaain-real-2.1.114-subagent-a4ca7529-worktree.jsonl", `.claude/projects/-workspace-demo/${CC_SESSION}/subagents/agent-a4ca7529859c158c2.jsonl`, "ccChild2"],
  ["claude-code/daaain-real-2.1.114-subagent-a4ca7529-worktree.meta.json", `.claude/projects/-workspace-demo/${CC_SESSION}/subagents/agent-a4ca7529859c158c2.meta.json`, "ccChild2Meta"],
  ["claude-code/spotter-2139-auto-compact-2subagents.jsonl", `.claude/projects/-workspace-spotter/${SPOTTER}.jsonl`, "ccCompact"],
  ["claude-code/spotter-2139-subagent-a93ccab.jsonl", `.claude/projects/-workspace-spotter/${SPOTTER}/subagents/agent-a93ccab.jsonl`, "ccSpotterChild"],
  ["claude-code/daaain-dag-compact-after-rewind.jsonl", ".claude/projects/-workspace-other/dag-compact.jsonl", "ccRewind"],
  ["codex/daaain-parent-spawn.jsonl", ".codex/sessions/2026/01/03/rollout-2026-01-03T04-05-06-22222222-2222-4222-8222-222222222222.jsonl", "codexParent"],
  ["codex/daaain-subagent-child.jsonl", ".codex/sessions/2026/01/03/rollout-2026-01-03T04-05-10-33333333-3333-4333-8333-333333333333.jsonl", "codexChild"],
  ["codex/localpush-desktop-0.104-call-without-output.jsonl", ".codex/sessions/2026/02/23/rollout-2026-02-23T10-00-00-44444444-4444-4444-8444-444444444444.jsonl", "codexRejected"],
  ["codex/localpush-desktop-0.104-compacted-rh40.jsonl", ".codex/archived_sessions/rollout-2026-02-23T09-00-00-55555555-5555-4555-8555-555555555555.jsonl", "codexArchived"],
  ["pi/inspector-branching.jsonl", ".pi/agent/sessions/--fixture--/2026-01-01T00-00-00-000Z_fixture-session.jsonl", "piParent"],
  ["pi/pi-mono-before-compaction-v1.jsonl", ".pi/agent/sessions/--Users-badlogic-workspaces-pi-mono--/2025-12-08T00-00-00-000Z_before-compaction.jsonl", "piCompact"],
];

export function makeFakeHome(): FakeHome {
  const home = mkdtempSync(join(tmpdir(), "ti-library-home-"));
  const have = new Set<string>();
  const paths: Record<string, string> = {};
  for (const [from, to, role] of LAYOUT) {
    const src = join(CORPUS, from);
    if (!existsSync(src)) continue;
    const dst = join(home, to);
    mkdirSync(dirname(dst), { recursive: true });
    copyFileSync(src, dst);
    paths[role] = dst;
    if (to.endsWith(".jsonl")) have.add(from.split("/")[0]);
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
  const other = join(home, ".claude/projects/-workspace-demo/notes.jsonl");
  mkdirSync(dirname(other), { recursive: true });
  writeFileSync(other, '{"note":"not a session"}\n');
  paths.notSession = other;
  return { home, have, paths, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}
