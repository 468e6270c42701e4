/**
 * The fields of pi entries the analysis reads, the JSON types pi writes there, and what a value of
 * another type is read as (docs/research/formats.md section 1). A field of another type is one
 * `unknown-entry` warning on its line (model/shape-findings.ts), never the file.
 */
import type { FieldRule } from "../../model/shape-findings.js";

const isRole = (...roles: string[]) => (m: Record<string, unknown>) => typeof m.role === "string" && roles.includes(m.role);
const isBlock = (...types: string[]) => (b: Record<string, unknown>) => typeof b.type === "string" && types.includes(b.type);
const ASIS = "the inspector reads it as it is (pi writes no other type here)";

/** Every field of a pi entry the analysis reads, by entry type: the JSON types pi writes, and what a value of another type is read as. */
export const PI_FIELD_RULES: Readonly<Record<string, readonly FieldRule[]>> = {
  "*": [
    { path: ["parentId"], types: ["string", "null"], then: "the entry is read as a root, as pi reads it" },
    { path: ["timestamp"], types: ["string"], then: "its time is read as unknown" },
  ],
  message: [
    { path: ["message", "content"], types: ["string", "array"], then: "its content is read as empty" },
    { path: ["message", "timestamp"], types: ["number"], then: "its time is read as unknown, so chain ranges and occurrence keys do not match it" },
    { path: ["message", "api"], types: ["string"], then: "the provider is told without it" },
    { path: ["message", "provider"], types: ["string"], then: "the provider is told without it" },
    { path: ["message", "model"], types: ["string"], then: "the provider is told without it" },
    { path: ["message", "stopReason"], types: ["string"], then: "the turn is read as finished (not an error or an abort)", when: isRole("assistant") },
    { path: ["message", "usage"], types: ["object"], then: "no usage is read from it" },
    { path: ["message", "toolCallId"], types: ["string"], then: "its id is compared as text", when: isRole("toolResult") },
    { path: ["message", "toolName"], types: ["string"], then: "its tool is read as unknown", when: isRole("toolResult") },
    { path: ["message", "isError"], types: ["boolean"], then: "the result is read as not an error", when: isRole("toolResult") },
    { path: ["message", "customType"], types: ["string"], then: "its kind is read as unknown", when: isRole("custom") },
    { path: ["message", "summary"], types: ["string"], then: "its summary is read as text", when: isRole("branchSummary", "compactionSummary") },
    { path: ["message", "command"], types: ["string"], then: ASIS, when: isRole("bashExecution") },
    { path: ["message", "output"], types: ["string"], then: ASIS, when: isRole("bashExecution") },
    { path: ["message", "content", "*"], types: ["object"], then: "the block is read as no content" },
    { path: ["message", "content", "*", "type"], types: ["string"], then: "the block is read as one of an unknown kind" },
    { path: ["message", "content", "*", "text"], types: ["string"], then: "the block's text is read as empty", when: isBlock("text") },
    { path: ["message", "content", "*", "thinking"], types: ["string"], then: "the thinking is read as empty", when: isBlock("thinking") },
    { path: ["message", "content", "*", "id"], types: ["string"], then: "the block is not read as a tool call (a result of it is an orphan)", when: isBlock("toolCall") },
    { path: ["message", "content", "*", "name"], types: ["string"], then: "its tool is read as unknown", when: isBlock("toolCall") },
    { path: ["message", "content", "*", "arguments"], types: ["object"], then: "pi sends it as it is, and providers expect an object", when: isBlock("toolCall") },
    { path: ["message", "content", "*", "data"], types: ["string"], then: "the image is read as without data", when: isBlock("image") },
    { path: ["message", "content", "*", "mimeType"], types: ["string"], then: "the image's type is read as unknown", when: isBlock("image") },
  ],
  custom_message: [
    { path: ["customType"], types: ["string"], then: "its kind is read as unknown" },
    { path: ["content"], types: ["string", "array"], then: "its content is read as empty" },
  ],
  custom: [
    { path: ["customType"], types: ["string"], then: "it is read as another extension's entry (nothing pi-condense records)" },
    { path: ["data"], types: ["object"], then: "pi-condense's record in it is not read" },
  ],
  compaction: [
    { path: ["summary"], types: ["string"], then: "the summary is read as the text of the value" },
    { path: ["firstKeptEntryId"], types: ["string"], then: "no entry before the compaction is kept" },
    { path: ["tokensBefore"], types: ["number"], then: ASIS },
  ],
  branch_summary: [
    { path: ["summary"], types: ["string"], then: "the summary is not sent" },
    { path: ["fromId"], types: ["string"], then: ASIS },
  ],
  context_edit: [{ path: ["targetId"], types: ["string"], then: "the edit applies to no entry" }],
  label: [
    { path: ["targetId"], types: ["string"], then: ASIS },
    { path: ["label"], types: ["string"], then: ASIS },
  ],
  model_change: [
    { path: ["provider"], types: ["string"], then: "the provider is told without it" },
    { path: ["modelId"], types: ["string"], then: "the provider is told without it" },
  ],
  thinking_level_change: [{ path: ["thinkingLevel"], types: ["string"], then: ASIS }],
  session_info: [{ path: ["name"], types: ["string"], then: ASIS }],
};

/** The header's fields the analysis reads. */
export const PI_HEADER_RULES: readonly FieldRule[] = [
  { path: ["version"], types: ["number"], then: "the file is read as version 1" },
  { path: ["provider"], types: ["string"], then: "the provider is told without it" },
  { path: ["modelId"], types: ["string"], then: "the provider is told without it" },
  { path: ["cwd"], types: ["string"], then: ASIS },
];
