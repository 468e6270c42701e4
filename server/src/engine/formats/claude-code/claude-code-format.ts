/**
 * Claude Code transcripts (`~/.claude/projects/<dir>/<session>.jsonl`), read into the same tree
 * and message model as pi (research notes formats.md section 4; no primary source exists, the
 * shapes follow claude-code-log's models and fixtures).
 *
 * Tree: `uuid` / `parentUuid`. Context: user and assistant lines on the branch; one API response
 * split over several lines (same `message.id`) is merged back; `tool_use` becomes a pi
 * `toolCall`, each `tool_result` block a pi `toolResult`.
 */
import { describeJsonType, isObject } from "../../model/parse.js";
import { shapeFinding } from "../../model/shape-findings.js";
import type { Entry, Finding, JsonPath, Msg, SourceLine } from "../../model/types.js";
import type { FormatRead, FormatReader } from "../profile.js";

const CLAUDE_TYPES = new Set(["user", "assistant", "system", "summary", "queue-operation"]);
const KNOWN_WITHOUT_UUID = new Set(["summary", "queue-operation", "file-history-snapshot"]);

export function readClaudeCode(lines: SourceLine[]): FormatRead {
  const entries: Entry[] = [];
  const findings: Finding[] = [];
  // A compact boundary has parentUuid null and names the line before it in logicalParentUuid:
  // linking it there keeps the whole conversation on one branch (Before), and the After column
  // cuts it where Claude Code does on resume (claude-code-resume.ts).
  const uuids = new Set<string>();
  for (const l of lines) if (isObject(l.value) && typeof l.value.uuid === "string") uuids.add(l.value.uuid);
  for (const l of lines) {
    const v = l.value;
    if (!isObject(v)) continue;
    if (typeof v.type !== "string") {
      findings.push(shapeFinding("unknown-entry", { line: l.line, message: "Not a Claude Code transcript line. The object has no string `type`." }));
      continue;
    }
    if (typeof v.uuid !== "string") {
      if (!KNOWN_WITHOUT_UUID.has(v.type) && (v.type === "user" || v.type === "assistant" || v.type === "system"))
        findings.push(shapeFinding("unknown-entry", { line: l.line, path: ["type"], message: `Line without a uuid is left out. This \`${v.type}\` line has no \`uuid\`, so it cannot take part in the conversation tree.` }));
      continue;
    }
    const logical = v.parentUuid == null && v.type === "system" && v.subtype === "compact_boundary" && typeof v.logicalParentUuid === "string" && uuids.has(v.logicalParentUuid) ? v.logicalParentUuid : null;
    const parentId = typeof v.parentUuid === "string" ? v.parentUuid : logical;
    entries.push({ line: l.line, id: v.uuid, parentId, type: v.type, raw: v });
    if ((v.type === "user" || v.type === "assistant") && !isObject(v.message))
      findings.push(shapeFinding("unknown-entry", { line: l.line, path: ["message"], message: `Line without a message object. This \`${v.type}\` line's \`message\` is ${describeJsonType(v.message)}, not an object.` }));
  }
  return { entries, findings };
}

function ms(s: unknown): number | undefined {
  if (typeof s !== "string") return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
}

export function buildClaudeContext(branch: Entry[]): Msg[] {
  const out: Msg[] = [];
  let lastAssistant: { msg: Msg; apiId: string | undefined } | undefined;
  for (const e of branch) {
    const v = e.raw;
    const origin = { kind: "entry" as const, line: e.line, entryId: e.id };
    if (!isObject(v.message)) {
      if (v.type === "system" && v.subtype !== "compact_boundary") lastAssistant = undefined;
      continue;
    }
    const m = v.message;
    if (v.type === "assistant") {
      const blocks = (Array.isArray(m.content) ? m.content : []).map((b: any, i: number) =>
        isObject(b) && b.type === "tool_use"
          ? { type: "toolCall", id: b.id, name: b.name, arguments: b.input, line: e.line, path: ["message", "content", i, "id"] }
          : b,
      );
      const apiId = typeof m.id === "string" ? m.id : undefined;
      if (lastAssistant && apiId && lastAssistant.apiId === apiId && out[out.length - 1] === lastAssistant.msg) {
        lastAssistant.msg.content.push(...blocks);
        if (m.stop_reason) lastAssistant.msg.stopReason = mapStop(m.stop_reason);
        continue;
      }
      const msg: Msg = { role: "assistant", content: blocks, stopReason: mapStop(m.stop_reason), timestamp: ms(v.timestamp), model: m.model, origin };
      out.push(msg);
      lastAssistant = { msg, apiId };
      continue;
    }
    if (v.type === "user") {
      if (typeof m.content === "string") {
        out.push({ role: "user", content: m.content, timestamp: ms(v.timestamp), origin });
        continue;
      }
      const content = Array.isArray(m.content) ? m.content : [];
      const other = content.filter((b: any) => !(isObject(b) && b.type === "tool_result"));
      content.forEach((b: any, i: number) => {
        if (isObject(b) && b.type === "tool_result")
          out.push({
            role: "toolResult",
            toolCallId: b.tool_use_id,
            content: typeof b.content === "string" ? [{ type: "text", text: b.content }] : b.content ?? [],
            isError: b.is_error === true,
            timestamp: ms(v.timestamp),
            origin: { ...origin },
            resultPath: ["message", "content", i, "tool_use_id"],
          });
      });
      if (other.length > 0) out.push({ role: "user", content: other, timestamp: ms(v.timestamp), origin: { ...origin } });
    }
  }
  return out;
}

function mapStop(s: unknown): string | undefined {
  if (s === "tool_use") return "toolUse";
  if (s === "end_turn" || s === "stop_sequence") return "stop";
  if (s === "max_tokens") return "length";
  return typeof s === "string" ? s : undefined;
}

/** Claude Code transcripts: lines linked by `uuid` / `parentUuid`, sidechains interleaved. */
export const claudeCodeFormat: FormatReader = {
  name: "claude-code",
  detect: (v) => typeof v.type === "string" && CLAUDE_TYPES.has(v.type) && ("uuid" in v || "sessionId" in v || "leafUuid" in v),
  read: readClaudeCode,
  buildContext: buildClaudeContext,
  leaf(entries) {
    // Sidechain (subagent) lines interleave with the main thread: the active leaf is the last
    // main-thread line, unless the file is a subagent transcript of its own.
    const main = entries.filter((e) => e.raw.isSidechain !== true);
    const pool = main.length > 0 ? main : entries;
    return pool[pool.length - 1];
  },
  idKey: "uuid",
  parentKey: "parentUuid",
  entryRefKeys: new Set(["parentUuid", "logicalParentUuid", "leafUuid"]),
  isIdPath(value: any, path: JsonPath): boolean {
    const k = path[path.length - 1];
    if (!(path.length === 4 && path[0] === "message" && path[1] === "content" && typeof path[2] === "number")) return false;
    const b = value?.message?.content?.[path[2]];
    return (k === "id" && b?.type === "tool_use") || (k === "tool_use_id" && b?.type === "tool_result");
  },
  repair: {
    resultLineRemoval(v, id, entry) {
      if (!entry || v.type !== "user" || !isObject(v.message) || !Array.isArray(v.message.content)) return null;
      const c = v.message.content;
      // Only when the line holds just this one result block; otherwise removing the line loses others.
      if (c.length !== 1 || !isObject(c[0]) || c[0].type !== "tool_result" || c[0].tool_use_id !== id) return null;
      return "reparent";
    },
    turnLinesCarryIds: true,
    interruptedResult(call, _callLine, prev, newId) {
      // Claude Code writes an interrupted call's result as a user line with one error tool_result.
      const p = prev.raw;
      const copy = (k: string) => (k in p ? { [k]: p[k] } : {});
      return {
        parentUuid: prev.id,
        isSidechain: p.isSidechain === true,
        ...copy("userType"),
        ...copy("cwd"),
        ...copy("sessionId"),
        ...copy("version"),
        ...copy("gitBranch"),
        ...(typeof p.agentId === "string" && p.isSidechain === true ? { agentId: p.agentId } : {}),
        type: "user",
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: CLAUDE_INTERRUPTED_TEXT, is_error: true }] },
        uuid: newId,
        ...copy("timestamp"),
      };
    },
    linked: true,
  },
};

/** What Claude Code writes as the result of a tool call the user interrupted. */
const CLAUDE_INTERRUPTED_TEXT = "[Request interrupted by user for tool use]";
