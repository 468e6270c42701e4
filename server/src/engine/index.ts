/**
 * The engine's front door for the layers above it (presentation, the language server, the CLI,
 * io): they import from here, never by a deep path (eslint.config.mjs holds that line). Inside
 * the engine, folders are layers and imports only go down (README "Architecture"):
 *
 *   model -> formats -> session -> render -> rules -> pipeline -> providers -> incremental -> repair
 */
// model: the data the engine reads and makes
export type { Entry, Finding, JsonPath, Msg, Origin, RelatedInfo, Session, Severity, SourceLine } from "./model/types.js";
export { lineOf, sourceLinesOf } from "./model/types.js";
export { ByteLineScanner, type ByteLine, type Eol, splitByteLines, splitLines } from "./model/lines.js";
export { isObject, LineCollector, newLine, type ParsedText, parseText, parseTextSliced } from "./model/parse.js";
export { patchChange, patchLines } from "./model/patch-lines.js";
export { type ColumnRange, findingPlace, findingRange, type LinePlace, locate, locateMany, pathPlace, safeParseTree, type ScalarAt, stringValueRanges, valueAt } from "./model/positions.js";
export { documentOf } from "./model/json-document.js";
export type { Occurrence, UnpairedResult } from "./model/occurrence-index.js";
export { dropBlockId, dropReasonLabel } from "./model/drop-reason.js";
export { maxOf, minOf, partitionPoint, pushAll, sameItems } from "./model/arrays.js";
export { samePath } from "./model/json-path.js";
export { findingsOnLines } from "./model/findings-on-lines.js";
export { utf8Bytes } from "./model/utf8.js";
// formats: each agent's files
export { detectDocumentHead, detectFormat, detectSession, fileNameGlob, FORMAT_PROFILES, type FormatName, formatProfile, isSessionFileName, runtimeWords, sessionOfRecording, SESSION_DOCUMENT_GLOBS, SESSION_DOCUMENT_NAMES, SESSION_FORMATS } from "./formats/registry.js";
export { messageText, textOf } from "./formats/message-text.js";
export type { CompactionRecord, RecordedContext, RecordedContextSource, SessionStore, StoreDatabase, StoredSession, StoreFolder, SubagentTranscript, TranscriptPlace } from "./formats/profile.js";
export type { RecordedComparison } from "./rules/recorded-context.js";
export { isSafePlace, SUBAGENT_ID } from "./formats/profile.js";
export { DEFAULT_PI_VERSION, PI_VERSIONS, type PiVersion } from "./formats/pi/pi-context.js";
export { claudeSidechains } from "./formats/claude-code/claude-code-sidechains.js";
// session: reading
export { onBranch, sessionFromLines } from "./session/read-session.js";
export { appendedUsage, editedUsage, type RecordedUsage, type UsageTotals, usageByMessage } from "./session/recorded-usage.js";
export { addRecordTokens } from "./model/usage-record.js";
export { contextTokens, usageAround } from "./model/usage-around.js";
// render
export type { ResolvedChain, UnresolvedChain } from "./render/pi-condense/chain-ranges.js";
export type { DeepPartial, PiCondenseConfig } from "./render/pi-condense/config.js";
// rules
export { CODE_TABLE, codeSpec, FINDING_CODES, type FindingCode, type FixKind } from "./rules/registry.js";
// pipeline
export { type Analysis, analyze, analyzeSession, type AnalyzeOptions } from "./pipeline/analyze.js";
export { missingParentIds, withParentsElsewhere } from "./pipeline/missing-parents.js";
// providers
export { isProviderName, PROVIDER_LABELS, PROVIDER_NAMES, type ProviderName } from "./model/provider-names.js";
export { PROVIDER_RULES } from "./providers/rules.js";
export { cellFor, type ProviderFinding, type ProviderVerdicts, providerVerdicts } from "./providers/verdicts.js";
export { providerRequest } from "./providers/provider-request.js";
export { messagePlace, type Part, placeOf, type RequestMessage } from "./providers/request-model.js";
// continuation
export type { SessionCheckpoint } from "./incremental/append.js";
export { continueAnalysis, type ContinuedAnalysis, type PreviousVersion, type StageReport } from "./incremental/continue-analysis.js";
// repair
export { applyRepairEdits } from "./repair/index.js";
export { repairWork } from "./repair/registry.js";
export { FIX_ORDER, fixAll, type FixAllOptions, type FixAllReport, type FixAllStep, isKept, keptInOrder, type PlannedLine, PlannedLines, REPAIRS, type RepairEdit, whyNot } from "./repair/index.js";
export { isInapplicable } from "./repair/fix-all.js";
export { MERGE_SPLIT_CODES } from "./repair/merge-split-results.js";
export { repairIndex, repairIndexWork } from "./repair/repair-index.js";
