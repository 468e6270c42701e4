/**
 * A pi parent session whose `subagent` call (the tool of pi's subagent extensions) ran a child
 * with a transcript of its own, as pi-subagents 0.54 records it: `details.runId` and each result's
 * `details.results[i].sessionFile` (`<session folder>/<session name>/<runId>/run-<i>/session.jsonl`);
 * and the child's own pi session. Constructed from the shapes pi-subagents' source builds.
 */
const header = (id: string) => ({ type: "session", version: 3, id, timestamp: "2026-02-01T10:00:00.000Z", cwd: "/work/app" });
const lines = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join("\n") + "\n";

export const PI_SUBAGENT_RUN = "7f3c2a10-5b6d-4e8f-9a0b-1c2d3e4f5a6b";

/** The parent: `sessionFile` as recorded (an absolute path under `folder`/`name`), or left out (`details.runId` only). */
export function piParentSession(folder: string, name: string, opts: { sessionFile?: boolean; results?: Record<string, unknown>[] } = {}): string {
  const file = `${folder}/${name}/${PI_SUBAGENT_RUN}/run-0/session.jsonl`;
  const results = opts.results ?? [{ agent: "scout", agentSource: "user", task: "Map the auth module", exitCode: 0, messages: [], stderr: "", usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, cost: 0, contextTokens: 15, turns: 1 }, ...(opts.sessionFile === false ? {} : { sessionFile: file }) }];
  return lines([
    header("p1"),
    { type: "message", id: "u1", parentId: null, timestamp: "2026-02-01T10:00:01.000Z", message: { role: "user", content: [{ type: "text", text: "Find where auth happens" }], timestamp: 1 } },
    { type: "message", id: "a1", parentId: "u1", timestamp: "2026-02-01T10:00:02.000Z", message: { role: "assistant", content: [{ type: "toolCall", id: "call_sub_1", name: "subagent", arguments: { agent: "scout", task: "Map the auth module" } }], api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: "toolUse", timestamp: 2 } },
    { type: "message", id: "r1", parentId: "a1", timestamp: "2026-02-01T10:00:09.000Z", message: { role: "toolResult", toolCallId: "call_sub_1", toolName: "subagent", content: [{ type: "text", text: "auth lives in src/auth" }], details: { mode: "single", runId: PI_SUBAGENT_RUN, results }, isError: false, timestamp: 9 } },
    { type: "message", id: "a2", parentId: "r1", timestamp: "2026-02-01T10:00:10.000Z", message: { role: "assistant", content: [{ type: "text", text: "Auth is in src/auth." }], api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: "stop", timestamp: 10 } },
  ]);
}

/** The child's own session (a fresh pi session: no parentSession in its header). */
export function piChildSession(): string {
  return lines([
    header("c1"),
    { type: "message", id: "cu1", parentId: null, timestamp: "2026-02-01T10:00:03.000Z", message: { role: "user", content: [{ type: "text", text: "Map the auth module" }], timestamp: 3 } },
    { type: "message", id: "ca1", parentId: "cu1", timestamp: "2026-02-01T10:00:08.000Z", message: { role: "assistant", content: [{ type: "text", text: "auth lives in src/auth" }], api: "anthropic-messages", provider: "anthropic", model: "claude-haiku-4-5", usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: "stop", timestamp: 8 } },
  ]);
}
