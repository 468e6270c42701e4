/**
 * The fields of pi entries the analysis reads, the JSON types pi writes there, and what a value of
 * another type is read as (docs/research/formats.md sections 1.3 to 1.6). A field of another type is one
 * `unknown-entry` warning on its line (model/shape-findings.ts), never the file.
 */
import type { FieldRule } from "../../model/shape-findings.js";

const isRole = (...roles: string[]) => (m: Record<string, unknown>) => typeof m.role === "string" && roles.includes(m.role);
const isBlock = (...types: string[]) => (b: Record<string, unknown>) => typeof b.type === "string" && types.includes(b.type);
const ASIS = "the inspector reads it as it is (pi writes no other type here)";
const NO_USAGE = "it is read as not recorded (0 in the recorded usage)";

/** The rules of a content block list at `at` (a message's `content`, a custom message's). */
const blockRules = (...at: string[]): FieldRule[] => [
  { path: [...at, "*"], types: ["object"], then: "the block is read as no content" },
  { path: [...at, "*", "type"], types: ["string"], then: "the block is read as one of an unknown kind" },
  { path: [...at, "*", "text"], types: ["string"], then: "the block's text is read as empty", when: isBlock("text") },
];

/** Every field of a pi entry the analysis reads, by entry type: the JSON types pi writes, and what a value of another type is read as. */
const PI_FIELD_RULES: Readonly<Record<string, readonly FieldRule[]>> = {
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
    ...["input", "output", "cacheRead", "cacheWrite", "totalTokens"].map((k): FieldRule => ({ path: ["message", "usage", k], types: ["number"], then: NO_USAGE })),
    { path: ["message", "usage", "cost"], types: ["object"], then: "no cost is read from it" },
    { path: ["message", "usage", "cost", "total"], types: ["number"], then: "no cost is read from it" },
    { path: ["message", "toolCallId"], types: ["string"], then: "its id is compared as text", when: isRole("toolResult") },
    { path: ["message", "toolName"], types: ["string"], then: "its tool is read as unknown", when: isRole("toolResult") },
    { path: ["message", "isError"], types: ["boolean"], then: "the result is read as not an error", when: isRole("toolResult") },
    { path: ["message", "customType"], types: ["string"], then: "its kind is read as unknown", when: isRole("custom") },
    { path: ["message", "summary"], types: ["string"], then: "its summary is read as text", when: isRole("branchSummary", "compactionSummary") },
    { path: ["message", "command"], types: ["string"], then: ASIS, when: isRole("bashExecution") },
    { path: ["message", "output"], types: ["string"], then: ASIS, when: isRole("bashExecution") },
    { path: ["message", "exitCode"], types: ["number", "null"], then: "the text sent for it says the value as its exit code", when: isRole("bashExecution") },
    { path: ["message", "cancelled"], types: ["boolean"], then: "it counts as cancelled unless it is false, 0, an empty string or null", when: isRole("bashExecution") },
    { path: ["message", "truncated"], types: ["boolean"], then: "it counts as truncated unless it is false, 0, an empty string or null", when: isRole("bashExecution") },
    { path: ["message", "fullOutputPath"], types: ["string"], then: ASIS, when: isRole("bashExecution") },
    { path: ["message", "excludeFromContext"], types: ["boolean"], then: "only true leaves it out of the context", when: isRole("bashExecution") },
    { path: ["message", "fromId"], types: ["string"], then: ASIS, when: isRole("branchSummary") },
    { path: ["message", "tokensBefore"], types: ["number"], then: ASIS, when: isRole("compactionSummary") },
    ...blockRules("message", "content"),
    { path: ["message", "content", "*", "thinking"], types: ["string"], then: "the thinking is read as empty", when: isBlock("thinking") },
    { path: ["message", "content", "*", "thinkingSignature"], types: ["string"], then: ASIS, when: isBlock("thinking") },
    { path: ["message", "content", "*", "id"], types: ["string"], then: "the block is not read as a tool call (a result of it is an orphan)", when: isBlock("toolCall") },
    { path: ["message", "content", "*", "name"], types: ["string"], then: "its tool is read as unknown", when: isBlock("toolCall") },
    { path: ["message", "content", "*", "arguments"], types: ["object"], then: "pi sends it as it is, and providers expect an object", when: isBlock("toolCall") },
    { path: ["message", "content", "*", "data"], types: ["string"], then: "the image is read as without data", when: isBlock("image") },
    { path: ["message", "content", "*", "mimeType"], types: ["string"], then: "the image's type is read as unknown", when: isBlock("image") },
  ],
  custom_message: [
    { path: ["customType"], types: ["string"], then: "its kind is read as unknown" },
    { path: ["content"], types: ["string", "array"], then: "its content is read as empty" },
    ...blockRules("content"),
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
  context_edit: [
    { path: ["targetId"], types: ["string"], then: "the edit applies to no entry" },
    { path: ["replacement"], types: ["object"], then: "the edited message is read without content" },
    { path: ["replacement", "content"], types: ["string", "array"], then: "the edited message is read without content" },
  ],
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

/**
 * pi-condense's records (`custom` entries by `customType`): the fields its indexer reads and skips
 * a record over (docs/research/formats.md sections 2.2 and 2.3). Those it would throw on are the
 * `pruner-throws` rule's.
 */
const PI_CONDENSE_RULES: Readonly<Record<string, readonly FieldRule[]>> = {
  "context-prune-index": [
    { path: ["data", "toolCalls"], types: ["array"], then: "no tool call of the record is indexed" },
    { path: ["data", "toolCalls", "*"], types: ["object"], then: "the tool call is not indexed" },
    { path: ["data", "toolCalls", "*", "toolCallId"], types: ["string"], then: "the tool call is not indexed" },
    { path: ["data", "toolCalls", "*", "resultTimestamp"], types: ["number"], then: "its result is matched by id alone" },
    { path: ["data", "backfilled"], types: ["boolean"], then: "only true registers the record's refs" },
    { path: ["data", "refs"], types: ["array"], then: "no ref of the record is registered" },
    { path: ["data", "refs", "*"], types: ["object"], then: "the ref is not registered" },
    { path: ["data", "refs", "*", "shortId"], types: ["string"], then: "the ref is not registered" },
    { path: ["data", "refs", "*", "toolCallId"], types: ["string"], then: "the ref is not registered" },
    { path: ["data", "refs", "*", "resultTimestamp"], types: ["number"], then: "its result is matched by id alone" },
  ],
  "context-prune-dedup-alias": [
    { path: ["data", "newToolCallId"], types: ["string"], then: "the alias is not read" },
    { path: ["data", "originalToolCallId"], types: ["string"], then: "the alias is not read" },
    { path: ["data", "newResultTimestamp"], types: ["number"], then: "the result is matched by id alone" },
    { path: ["data", "originalResultTimestamp"], types: ["number"], then: "the result is matched by id alone" },
  ],
  "context-prune-chain": [
    { path: ["data", "blockId"], types: ["string"], then: "the chain record is not read" },
    { path: ["data", "startUserTimestamp"], types: ["number"], then: "the chain record is not read" },
    { path: ["data", "toolRefs", "*"], types: ["string"], then: "the ref is read as naming no tool call" },
  ],
};

const ruleSets = new Map<string, readonly FieldRule[]>();

/** The rules of an entry: every entry's, its type's, and for a pi-condense record its `customType`'s. */
export function piFieldRules(type: string, customType: unknown): readonly FieldRule[] {
  const key = type === "custom" && typeof customType === "string" && customType in PI_CONDENSE_RULES ? `${type} ${customType}` : type;
  let rules = ruleSets.get(key);
  if (!rules) {
    rules = [...PI_FIELD_RULES["*"], ...(PI_FIELD_RULES[type] ?? []), ...(key === type ? [] : PI_CONDENSE_RULES[customType as string])];
    if (ruleSets.size < 64) ruleSets.set(key, rules);
  }
  return rules;
}

/** The header's fields the analysis reads. */
export const PI_HEADER_RULES: readonly FieldRule[] = [
  { path: ["version"], types: ["number"], then: "the file is read as version 1" },
  { path: ["provider"], types: ["string"], then: "the provider is told without it" },
  { path: ["modelId"], types: ["string"], then: "the provider is told without it" },
  { path: ["cwd"], types: ["string"], then: ASIS },
  { path: ["timestamp"], types: ["string"], then: ASIS },
];
