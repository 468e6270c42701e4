/**
 * What Cline sends when it resumes a session (`cline --resume`, the SDK's `initialMessages`), read
 * from cline/cline at `21cb8d25` (SDK 0.0.78, CLI 3.0.56; docs/research/cline.md):
 *
 * - `readPersistedMessagesFile` (sdk packages/core/src/runtime/host/runtime-host-support.ts) takes
 *   the document's `messages` as they are (the system prompt is built again);
 * - each request's copy goes through `MessageBuilder.buildForApi` (sdk
 *   packages/core/src/session/services/message-builder.ts): `addMissingToolResults` answers each call whose id no result in
 *   the whole conversation has with an error result, "Tool execution was interrupted before a
 *   result was produced. Tool: <name>.", after the results right after the call (or in a new user
 *   message there); a result elsewhere counts as there, so a call answered out of place and a
 *   result with no call are sent as they are (the provider rules judge those);
 * - the AI SDK conversion keeps each message's role and content (a `file` block becomes its
 *   `<file_content>` text: cline-messages.ts).
 *
 * Not modelled: the builder also cuts long results (8,000 characters), files and media to its
 * budgets, which changes no pairing.
 */
import { madeUpResultFinding } from "../../model/made-up-result-finding.js";
import type { Finding, JsonPath, Msg, Session } from "../../model/types.js";
import { toolCallsOf, lineOf } from "../../model/types.js";
import type { ResumeContext } from "../profile.js";
import { CLINE_AGENT, CLINE_VERSION, clineInterruptedText } from "./cline-words.js";
import { quoteCut as tick } from "../../model/quote.js";


export function clineResumeContext(_session: Session, before: Msg[]): ResumeContext {
  const answered = new Set<string>();
  for (const m of before) if (m.role === "toolResult") answered.add(String(m.toolCallId));
  const label = `What ${CLINE_AGENT} ${CLINE_VERSION} sends on resume: the stored messages, an error result made up for each call that has none`;
  // The last message that is not a result: a call's turn went on when such a message follows it.
  let lastOther = before.length - 1;
  while (lastOther >= 0 && before[lastOther].role === "toolResult") lastOther--;
  const findings: Finding[] = [];
  let out: Msg[] | undefined;
  let pending: Msg[] = [];
  const flush = () => {
    for (const r of pending) out!.push(r);
    pending = [];
  };
  for (let i = 0; i < before.length; i++) {
    const m = before[i];
    if (pending.length && m.role !== "toolResult") flush();
    if (out) out.push(m);
    const missing = toolCallsOf(m).filter((c) => !answered.has(c.id));
    if (missing.length === 0) continue;
    out ??= before.slice(0, i + 1);
    const wentOn = i < lastOther;
    for (const c of missing) {
      const at = c as { line?: number; path?: JsonPath; name?: string };
      const name = typeof c.name === "string" ? c.name : "";
      pending.push({ role: "toolResult", toolCallId: c.id, ...(name ? { toolName: name } : {}), content: [{ type: "text", text: clineInterruptedText(name) }], isError: true, timestamp: m.timestamp, origin: { kind: "synthetic", synthetic: "synthetic-tool-result", forLine: at.line ?? (lineOf(m) ?? 0) } });
      findings.push(missingFinding(c.id, name, at.line ?? (lineOf(m) ?? 0), at.path, wentOn));
      answered.add(c.id);
    }
  }
  if (out && pending.length) flush();
  return { messages: out ?? before, dropped: [], line: 0, label, short: "resume", findings };
}

function missingFinding(id: string, name: string, line: number, path: JsonPath | undefined, wentOn: boolean): Finding {
  const tool = name ? ` (${name})` : "";
  const made = `${CLINE_AGENT} answers it on resume with a made-up error result, "${clineInterruptedText(name)}" (\`addMissingToolResults\`), which it never saves`;
  const message = !wentOn
    ? `The last turn is still waiting for its tool result. Call ${tick(id)}${tool} has no \`tool_result\` in the file and nothing after it: it may still be running (${CLINE_AGENT} saves the assistant message before its tools run). If the session is resumed as it is, ${made}.`
    : `Tool call without a result; ${made}. Call ${tick(id)}${tool} has no \`tool_result\` anywhere in the file (the session stopped between the call and its result: an abort, a crash), so the model reads that the call was cut short.`;
  return madeUpResultFinding({ id, line, path }, !wentOn, message);
}
