/** A Claude Code file with two root conversations (issue 23 item 4: `/clear` starts a new root in the same file). */
/** `first` and `second` turns (a user question and an answer each), the second conversation last. */
export function twoRootsText(first: number, second: number): string {
  const lines: string[] = [];
  let n = 0;
  const conversation = (prefix: string, turns: number) => {
    let parent: string | null = null;
    for (let t = 0; t < turns; t++)
      for (const role of ["user", "assistant"] as const) {
        const uuid = `${prefix}-0000-4000-8000-${String(++n).padStart(12, "0")}`;
        const message = role === "user" ? { role, content: `${prefix} question ${t}` } : { id: `msg_${prefix}_${t}`, role, model: "claude-sonnet-4-5", content: [{ type: "text", text: `${prefix} answer ${t}` }], stop_reason: "end_turn" };
        lines.push(JSON.stringify({ parentUuid: parent, isSidechain: false, userType: "external", cwd: "/test", sessionId: "11111111-2222-4333-8444-555555555555", version: "2.1.90", type: role, uuid, timestamp: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(), message }));
        parent = uuid;
      }
  };
  conversation("aaaaaaaa-aaaa", first);
  conversation("bbbbbbbb-bbbb", second);
  return lines.join("\n") + "\n";
}
