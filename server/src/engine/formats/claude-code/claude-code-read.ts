/**
 * Claude Code transcript lines as entries: each line with a string `type` and a string `uuid` is
 * one entry, linked by `parentUuid`; a compact boundary (`parentUuid` null) is linked to its
 * `logicalParentUuid` when a line of the file has that uuid, so the tree shows the whole
 * conversation (Claude Code's own walk stops there; claude-code-reading.ts reads the file as it
 * does). One line at a time: a full read and a continued one (claude-code-continuation.ts) read
 * each line the same way.
 */
import { describeJsonType, isObject } from "../../model/parse.js";
import { shapeFinding } from "../../model/shape-findings.js";
import type { Entry, Finding, SourceLine } from "../../model/types.js";
import type { FormatRead } from "../profile.js";
import type { LineList } from "../../model/line-list.js";
import { rememberReading } from "./claude-code-reading.js";
import { claudeCodeFieldFinding } from "./claude-code-field-rules.js";

const KNOWN_WITHOUT_UUID = new Set(["summary", "queue-operation", "file-history-snapshot"]);

export function readClaudeCode(list: LineList): FormatRead {
  const entries: Entry[] = [];
  const findings: Finding[] = [];
  const uuids = new Set<string>();
  const lines = list.held;
  for (const l of lines) if (isObject(l.value) && typeof l.value.uuid === "string") uuids.add(l.value.uuid);
  for (const l of lines) readClaudeLine(l, (uuid) => uuids.has(uuid), entries, findings);
  rememberReading(entries, list);
  return { entries, findings };
}

/** The logical parent a compact boundary line names, when its `parentUuid` is null; else undefined. */
export function boundaryLogicalParent(v: Record<string, any>): string | undefined {
  return v.parentUuid == null && v.type === "system" && v.subtype === "compact_boundary" && typeof v.logicalParentUuid === "string" ? v.logicalParentUuid : undefined;
}

/** One line's entry and findings, added to `entries` and `findings`; `inFile`: whether a line of the file has the uuid. */
export function readClaudeLine(l: SourceLine, inFile: (uuid: string) => boolean, entries: Entry[], findings: Finding[]): void {
  const v = l.value;
  if (!isObject(v)) return;
  if (typeof v.type !== "string") {
    findings.push(shapeFinding("unknown-entry", { line: l.line, message: "Not a Claude Code transcript line. The object has no string `type`." }));
    return;
  }
  if (typeof v.uuid !== "string") {
    if (!KNOWN_WITHOUT_UUID.has(v.type) && (v.type === "user" || v.type === "assistant" || v.type === "system"))
      findings.push(shapeFinding("unknown-entry", { line: l.line, path: ["type"], message: `Line without a uuid is left out. This \`${v.type}\` line has no \`uuid\`, so it cannot take part in the conversation tree.` }));
    return;
  }
  const logical = boundaryLogicalParent(v);
  const parentId = typeof v.parentUuid === "string" ? v.parentUuid : logical !== undefined && inFile(logical) ? logical : null;
  entries.push({ line: l.line, id: v.uuid, parentId, type: v.type, raw: v });
  const wrong = claudeCodeFieldFinding(v, l.line);
  if (wrong) findings.push(wrong);
  if ((v.type === "user" || v.type === "assistant") && !isObject(v.message))
    findings.push(shapeFinding("unknown-entry", { line: l.line, path: ["message"], message: `Line without a message object. This \`${v.type}\` line's \`message\` is ${describeJsonType(v.message)}, not an object.` }));
}
