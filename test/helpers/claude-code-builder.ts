/**
 * Builds Claude Code session files in the layout Claude Code 2.x writes for a turn with parallel
 * tool calls (shared/research/formats-next.md, "how a turn with parallel calls is written"): one
 * assistant line per content block, all with the turn's `message.id`, each parented to the line
 * of the block before it; each `tool_result` on a user line of its own whose `parentUuid` is its
 * own `tool_use` line; the next line continues from the last result. So the results of one turn
 * sit on sibling branches of the uuid tree.
 */
export interface CcTurn {
  /** Tool-call ids of the turn's calls (none: a text answer). */
  calls: string[];
  /** Which calls get a result line (default: all), in the order the results are written. */
  answered?: string[];
  /** A user prompt after the turn. */
  prompt?: boolean;
}

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();

export function claudeCodeText(turns: CcTurn[], opts: { eol?: string } = {}): string {
  const lines: string[] = [];
  let n = 0;
  let parent: string | null = null;
  const base = (id: string, p: string | null) => ({ parentUuid: p, isSidechain: false, userType: "external", cwd: "/test", sessionId: "11111111-2222-4333-8444-555555555555", version: "2.1.90", uuid: id, timestamp: at(n) });
  const push = (v: Record<string, unknown>) => lines.push(JSON.stringify(v));
  const user = (text: string) => {
    const id = uuid(++n);
    push({ ...base(id, parent), type: "user", message: { role: "user", content: text } });
    parent = id;
  };
  user("start");
  turns.forEach((t, k) => {
    const messageId = `msg_${k}`;
    if (t.calls.length === 0) {
      const id = uuid(++n);
      push({ ...base(id, parent), type: "assistant", message: { id: messageId, role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: `answer ${k}` }], stop_reason: "end_turn" }, requestId: `req_${k}` });
      parent = id;
    } else {
      const callLine = new Map<string, string>();
      for (const c of t.calls) {
        const id = uuid(++n);
        push({ ...base(id, parent), type: "assistant", message: { id: messageId, role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "tool_use", id: c, name: "Bash", input: { command: `run ${c}` } }], stop_reason: null }, requestId: `req_${k}` });
        callLine.set(c, id);
        parent = id;
      }
      for (const c of t.answered ?? t.calls) {
        const id = uuid(++n);
        push({ ...base(id, callLine.get(c) ?? parent), type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: c, content: `output of ${c}`, is_error: false }] }, toolUseResult: { stdout: `output of ${c}` } });
        parent = id;
      }
    }
    if (t.prompt) user(`prompt ${k}`);
  });
  const eol = opts.eol ?? "\n";
  return lines.join(eol) + eol;
}
