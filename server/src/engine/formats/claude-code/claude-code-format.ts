/**
 * Claude Code transcripts (`~/.claude/projects/<dir>/<session>.jsonl`), read into the same tree
 * and message model as pi (docs/research/formats.md section 4; no primary source exists, the
 * shapes follow claude-code-log's models and fixtures).
 *
 * Tree: `uuid` / `parentUuid`. Context: user and assistant lines on the branch; one API response
 * split over several lines (same `message.id`) is merged back; `tool_use` becomes a pi
 * `toolCall`, each `tool_result` block a pi `toolResult`.
 */
import { describeJsonType, isObject } from "../../model/parse.js";
import { shapeFinding } from "../../model/shape-findings.js";
import type { Entry, Finding, JsonPath, SourceLine } from "../../model/types.js";
import type { FormatRead, FormatProfile } from "../profile.js";
import { buildClaudeContext } from "./claude-code-context.js";
import { claudeSidechains } from "./claude-code-sidechains.js";
import { claudeSubagentTranscripts } from "./claude-code-subagents.js";
import { claudeResumeContext } from "./claude-code-resume.js";
import { claudeCodeModelTurns, claudeCodePackOf } from "./claude-code-providers.js";
import { claudeCodeUsage } from "./claude-code-usage.js";

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

/** Claude Code transcripts: lines linked by `uuid` / `parentUuid`, sidechains interleaved. */
export const claudeCodeFormat: FormatProfile<"claude-code"> = {
  name: "claude-code",
  label: "Claude Code",
  words: {
    agent: "Claude Code",
    sender: "Claude Code",
    missingResult: "Claude Code leaves the call out of the request on resume, and answers a call it still sends with a made-up error result",
    duplicateId: "Claude Code keeps the later line's content in the earlier line's place",
  },
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
    newEntryId: (h) => `${h[0]}-${h[1].slice(0, 4)}-4${h[1].slice(5, 8)}-${((parseInt(h[2][0], 16) & 3) | 8).toString(16)}${h[2].slice(1, 4)}-${h[2].slice(4)}${h[3]}`,
  },
  usageOnLine: claudeCodeUsage,
  providers: {
    modelTurns: claudeCodeModelTurns,
    packOf: claudeCodePackOf,
    recordsModelPerMessage: false,
    serialisedBySender: false,
    oneMessagePerLine: true,
    bypassesThoughtSignature: false,
  },
  resume: claudeResumeContext,
  sidechains: claudeSidechains,
  subagentTranscripts: claudeSubagentTranscripts,
  renderedByPruners: false,
  linksOtherFiles: true,
  sessionFolders: [{ home: ".claude/projects", env: { name: "CLAUDE_CONFIG_DIR", under: "projects" } }],
};

/** What Claude Code writes as the result of a tool call the user interrupted. */
const CLAUDE_INTERRUPTED_TEXT = "[Request interrupted by user for tool use]";
