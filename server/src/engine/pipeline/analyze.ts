/**
 * The engine's front door: parse -> model -> render (prune, sweep, wire) -> findings.
 * The CLI, the language server and the tests all call `analyze`.
 */
import { type AcpRender, renderAcp } from "../render/acp-kernel/render.js";
import { readSidecar } from "../render/acp-kernel/sidecar.js";
import { formatProfile } from "../formats/registry.js";
import { contextEventMessages, DEFAULT_PI_VERSION, type PiVersion } from "../formats/pi/pi-context.js";
import { convertToLlmDrops } from "../formats/pi/convert-to-llm.js";
import { emptyChainReport } from "../render/pi-condense/chain-ranges.js";
import { type PiCondenseConfig, withDefaults, type DeepPartial } from "../render/pi-condense/config.js";
import { IndexerState } from "../render/pi-condense/indexer-state.js";
import { type PruneResult, pruneMessages } from "../render/pi-condense/prune-messages.js";
import { danglingRefFindings, invalidSidecarFinding } from "../rules/acp-sidecar.js";
import { chainFindings } from "../rules/chain-ranges.js";
import { compareRecorded, invalidRecordingFinding, type RecordedComparison, recordedContextFindings } from "../rules/recorded-context.js";
import { commitBoundaryFindings } from "../rules/commit-boundary.js";
import { firstUserPinFindings } from "../rules/first-user-pin.js";
import { leadingUserFindings } from "../rules/leading-user.js";
import { occurrenceFindings } from "../rules/occurrence-identity.js";
import { indexOccurrences, type OccurrenceIndex, resumeOccurrences } from "../model/occurrence-index.js";
import { orphanFindings } from "../rules/orphan-sweep.js";
import { oversizedLineFindings } from "../rules/oversized-line.js";
import { prunerThrowFindings } from "../rules/pruner-throws.js";
import { toWire, type WireReport } from "../render/pi-ai/transform-messages.js";
import { wireFindings } from "../rules/provider-wire-findings.js";
import { buildContext, onBranch, readSession } from "../session/read-session.js";
import type { DropReason } from "../model/drop-reason.js";
import type { Finding, Msg, Session } from "../model/types.js";
import type { FindingCode } from "../rules/registry.js";
import type { EnabledCodes } from "../model/finding-kit.js";
import { type AfterModel, agentAfter, piAfterModel } from "../render/after-model.js";
import { recordedUsage, type SessionUsage } from "../session/recorded-usage.js";
import { pushAll } from "../model/arrays.js";

export type PrunerName = "pi-condense" | "acp-kernel" | "none";

export interface AnalyzeOptions {
  piCondense?: DeepPartial<PiCondenseConfig>;
  /**
   * billion-context-pi's sidecar beside the session (`<session>.jsonl.acp.json`), when it
   * exists: "after" is then rendered the acp-kernel way.
   */
  acpSidecar?: { text: string; name: string; error?: string };
  /**
   * The file beside the session where the agent records what it sent (the profile's
   * `recordedContext`: OpenClaw's trajectory), when it exists: the After column is compared with
   * its last record.
   */
  recording?: { text: string; name: string; error?: string };
  /** The previous analysis of the same document: unchanged lines are not parsed again. */
  previous?: Analysis;
  /** Codes to leave out (for example `colliding-id` when switched off): their rules skip the work. */
  disabledCodes?: readonly FindingCode[];
  /** The pi a pi session is rendered for (default: the newest); see `PiVersion`. */
  piVersion?: PiVersion;
  /**
   * The context (`before`) when the caller has it already: an append's, continued from the
   * previous analysis (incremental/append.ts `appendContext`).
   */
  before?: Msg[];
  /** The occurrence index of `before`, when the caller continued it too (`extendOccurrences`). */
  occurrences?: OccurrenceIndex;
  /** The recorded usage when the caller continued it too (session/recorded-usage.ts `appendedUsage`). */
  usage?: SessionUsage;
  /**
   * The previous version's After column and its occurrence index (`sentOccurrences`), when the
   * caller continued the session: the index of this version's After is continued from it.
   */
  previousAfter?: { after: Msg[]; occurrences: OccurrenceIndex };
  /** Which reading of the agent to model, from its profile's `readingVersions` (default: the newest). */
  agentVersion?: string;
  /**
   * Which reading to model per format, when the caller does not know the file's format yet (the
   * CLI's `--agent-version claude-code=2.0`, as the editor's `transcriptInspector.agentVersions`);
   * `agentVersion` wins.
   */
  agentVersions?: Readonly<Record<string, string>>;
  /** false: render only (`render` of the CLI): the finding rules do not run; `findings` holds the session's own (shape) findings. */
  rules?: boolean;
  /**
   * Analyse the branch that ends at this entry instead of the active one (the inspector's branch
   * and root picker); an id that names no entry is ignored. `before`, `occurrences` and `usage`,
   * when given, must be of that branch.
   */
  leafId?: string;
}

export interface Analysis {
  session: Session;
  /** The pi pruner applied ("none" for other formats: their After column is `afterModel`). */
  pruner: PrunerName;
  /** What the After column models, per format (after-model.ts). */
  afterModel: AfterModel;
  /** The usage the agent recorded (tokens, cost), beside the estimates. */
  usage: SessionUsage;
  /** The branch's context as the agent builds it. */
  before: Msg[];
  /** After the pruner (pi-condense's `pruneMessages`). */
  pruned: Msg[];
  /**
   * pi: what goes on the wire (convertToLlm + pi-ai transformMessages applied to `pruned`);
   * other formats: the context their agent rebuilds on resume (after-model.ts).
   */
  after: Msg[];
  /** Messages of `before` that are not in `after`, and why. */
  dropped: { msg: Msg; by: DropReason }[];
  prune: PruneResult;
  /** The acp-kernel render, when the pruner is acp-kernel. */
  acp?: AcpRender;
  wire: WireReport;
  occurrences: OccurrenceIndex;
  /** The occurrence index of `after`, when the rules read one of its own (it is not `before`). */
  sentOccurrences?: OccurrenceIndex;
  indexer: IndexerState;
  findings: Finding[];
  /** The After column against what the agent recorded it sent, when a recording was given. */
  recorded?: RecordedComparison;
}

export function analyze(text: string, options: AnalyzeOptions = {}): Analysis {
  return analyzeSession(readSession(text, options.previous?.session), options);
}

export function analyzeSession(session: Session, options: AnalyzeOptions = {}): Analysis {
  if (options.leafId !== undefined) session = onBranch(session, options.leafId);
  // pi's pruners and provider layer render the After column of a format that says so (pi);
  // other agents send what they rebuild on resume (the profile's `resume`), and the rules check that.
  return formatProfile(session.format)?.renderedByPruners === true ? analyzePruned(session, options) : analyzeResumed(session, options);
}

/**
 * An agent that sends what it rebuilds from its file (Claude Code, Codex): Before is the
 * conversation as the agent reads it, After what it sends on resume. The rules check what is sent;
 * the profile's resume reports what its reading loses. No pruner, no pi-ai.
 */
const versionFor = (versions: AnalyzeOptions["agentVersions"], format: string) => (versions && Object.hasOwn(versions, format) ? versions[format] : undefined);

function analyzeResumed(session: Session, options: AnalyzeOptions): Analysis {
  const before = options.before ?? withoutSystem(buildContext(session));
  const disabled = new Set<string>(options.disabledCodes ?? []);
  const enabled: EnabledCodes = { has: (code) => !disabled.has(code) };
  const agent = agentAfter(session, before, { version: options.agentVersion ?? versionFor(options.agentVersions, session.format) });
  const occurrences = options.rules === false ? indexOccurrences([]) : options.occurrences ?? indexOccurrences(before);
  const findings: Finding[] = session.findings.slice();
  let sentOccurrences: OccurrenceIndex | undefined;
  if (options.rules !== false) {
    // What is sent: an index of the After column when the resume cut or rewrote the context
    // (continued from the previous version's when the caller gave it).
    const prev = options.previousAfter;
    const sent = agent.messages === before ? occurrences : (sentOccurrences = (prev && resumeOccurrences(prev.occurrences, prev.after, agent.messages)) || indexOccurrences(agent.messages));
    pushAll(findings, occurrenceFindings(sent, enabled));
    pushAll(findings, agent.findings);
    // A line is sent whole where each line is a message; a session that is one JSON document (Roo
    // Code writes its whole history on one line) sends its messages, not its lines.
    if (enabled.has("oversized-line") && formatProfile(session.format)?.documentsOnly !== true) pushAll(findings, oversizedLineFindings(session.lines));
  }
  const kept = withoutCodes(findings, disabled);
  kept.sort((a, b) => a.line - b.line || a.code.localeCompare(b.code));
  const usage = options.usage ?? recordedUsage(session.format, session.lines.held);
  const prune: PruneResult = { messages: before, pruned: false, chains: emptyChainReport(before), swept: [] };
  const wire: WireReport = { messages: agent.messages, dropped: [], synthetic: [], errorTurnResults: [] };
  return { session, pruner: "none", afterModel: agent.model, usage, before, pruned: before, after: agent.messages, dropped: agent.dropped, prune, wire, occurrences, sentOccurrences, indexer: IndexerState.rebuild([]), findings: kept };
}

/** `findings` (a list of this analysis's own) without those of `disabled` codes: the same list when there are none. */
function withoutCodes(findings: Finding[], disabled: ReadonlySet<string>): Finding[] {
  return disabled.size === 0 ? findings : findings.filter((f) => !disabled.has(f.code));
}

/** The context without its system and developer messages (the agent's own instructions, not the conversation). */
function withoutSystem(messages: Msg[]): Msg[] {
  return messages.some((m) => m.role === "system") ? messages.filter((m) => m.role !== "system") : messages;
}

/** pi: the context pi builds, pruned by pi-condense (or acp-kernel), then what pi-ai sends. */
function analyzePruned(session: Session, options: AnalyzeOptions): Analysis {
  const config = withDefaults(options.piCondense);
  const piVersion = options.piVersion ?? DEFAULT_PI_VERSION;
  const profile = formatProfile(session.format);
  // pi-condense and acp-kernel are pi's extensions: an agent on pi's runtime without them (OpenClaw) is rendered without pruning
  const pruners = profile?.runsPiPruners !== false;
  const before = options.before ?? contextEventMessages(buildContext(session), piVersion);
  const indexer = IndexerState.rebuild(session.branch);
  const disabled = new Set<string>(options.disabledCodes ?? []);
  const enabled: EnabledCodes = { has: (code) => !disabled.has(code) };
  const findings: Finding[] = session.findings.slice();
  const headerLine = session.header?.line ?? 0;
  let acp: AcpRender | undefined;
  if (options.acpSidecar && pruners) {
    const read = options.acpSidecar.error ? { ok: false as const, error: options.acpSidecar.error } : readSidecar(options.acpSidecar.text);
    if (read.ok) {
      acp = renderAcp(before, read.state);
      if (options.rules !== false) {
        if (enabled.has("first-user-pinned")) pushAll(findings, firstUserPinFindings(acp));
        if (enabled.has("acp-dangling-ref")) pushAll(findings, danglingRefFindings(read.state, new Set(session.entries.map((e) => e.id)), headerLine, options.acpSidecar.name));
      }
    } else if (options.rules !== false) findings.push(invalidSidecarFinding(options.acpSidecar.name, read.error, headerLine));
  }
  const noPrune = (messages: Msg[]): PruneResult => ({ messages, pruned: false, chains: emptyChainReport(messages), swept: [] });
  const prune: PruneResult = acp ? { ...noPrune(acp.messages), pruned: acp.messages !== before } : config.enabled && pruners ? pruneMessages(before, indexer, config) : noPrune(before);
  const converted = convertToLlmDrops(prune.messages, piVersion);
  const replayDropped = profile?.replayDrops?.(converted.messages) ?? [];
  const replayed = replayDropped.length === 0 ? converted.messages : withoutMsgs(converted.messages, replayDropped);
  const wire = toWire(replayed);
  pushAll(wire.dropped, converted.dropped);
  pushAll(wire.dropped, replayDropped);
  // The ids the agent sends in place of the file's (OpenClaw's replay policy): the After column and
  // the provider rules read them, and the id rules read what is sent; the wire's findings and the
  // repairs keep the file's ids.
  const after = profile?.sentIds?.(session, replayed, wire.messages, wire.synthetic) ?? wire.messages;
  const occurrences = options.rules === false ? indexOccurrences([]) : options.occurrences ?? indexOccurrences(before);
  // The index of what is sent, continued from the previous version's when the caller gave it.
  const prevSent = options.previousAfter;
  const sentOccurrences = after !== wire.messages && options.rules !== false ? (prevSent && resumeOccurrences(prevSent.occurrences, prevSent.after, after)) || indexOccurrences(after) : undefined;

  // Phases copy messages they change (stubs, purges), and copies keep their `origin` object:
  // match what each phase dropped back to `before` by origin, not by message identity.
  const dropped: { msg: Msg; by: DropReason }[] = [];
  const chainBy = new Map([...prune.chains.droppedBy].map(([m, b]) => [m.origin, b]));
  const sweptSet = new Set(prune.swept.map((s) => s.msg.origin));
  const wireDropped = new Map(wire.dropped.map((d) => [d.msg.origin, d.by]));
  const droppedMsgs = new Set<Msg>();
  for (const m of before) {
    const block = chainBy.get(m.origin);
    const by: DropReason | undefined = block
      ? { kind: "chain", blockId: block }
      : acp?.droppedBy.get(m) ?? (sweptSet.has(m.origin) ? { kind: "orphan-sweep" } : wireDropped.get(m.origin));
    if (by) {
      dropped.push({ msg: m, by });
      droppedMsgs.add(m);
    }
  }

  if (options.rules !== false) {
    if (enabled.has("pruner-throws")) pushAll(findings, prunerThrowFindings(prune, headerLine));
    pushAll(findings, occurrenceFindings(sentOccurrences ?? occurrences, enabled));
    pushAll(findings, chainFindings(prune.chains, occurrences, new Set(dropped.filter((d) => d.by.kind === "chain").map((d) => d.msg)), enabled));
    if (enabled.has("orphan-result")) pushAll(findings, orphanFindings(prune.swept, occurrences));
    if (enabled.has("leading-non-user")) pushAll(findings, leadingUserFindings(before, wire.messages));
    pushAll(findings, commitBoundaryFindings(before, occurrences, enabled, profile?.words));
    pushAll(findings, wireFindings(wire, occurrences, enabled, profile?.words));
    if (enabled.has("oversized-line")) pushAll(findings, oversizedLineFindings(session.lines));
  }
  const recorded = options.recording ? compareRecording(session, after, options, enabled, findings) : undefined;
  const kept = withoutCodes(findings, disabled);
  kept.sort((a, b) => a.line - b.line || a.code.localeCompare(b.code));
  const usage = options.usage ?? recordedUsage(session.format, session.lines.held);
  const pruner = prunerName(acp, config.enabled && pruners);
  return { session, pruner, afterModel: piAfterModel(pruner, pruners ? undefined : profile?.label), usage, before, pruned: prune.messages, after, dropped, prune, acp, wire, occurrences, sentOccurrences, indexer, findings: kept, recorded };
}

/**
 * The After column against the agent's own record of what it sent (the profile's
 * `recordedContext`), with its finding when they differ or the record cannot be read.
 */
function compareRecording(session: Session, after: readonly Msg[], options: AnalyzeOptions, enabled: EnabledCodes, findings: Finding[]): RecordedComparison | undefined {
  const source = formatProfile(session.format)?.recordedContext;
  const file = options.recording;
  if (!source || !file) return undefined;
  const headerLine = session.header?.line ?? 0;
  const read = file.error ? { ok: false as const, error: file.error } : source.read(file.text);
  if (!read.ok) {
    if (options.rules !== false && enabled.has("recorded-context-invalid")) findings.push(invalidRecordingFinding(file.name, source.label, read.error, headerLine));
    return undefined;
  }
  const c = compareRecorded(session, after, read.record, file.name, source.label);
  if (options.rules !== false && enabled.has("recorded-context-differs")) pushAll(findings, recordedContextFindings(c, formatProfile(session.format)?.words.agent ?? session.format, headerLine));
  return c;
}

/** `messages` without the dropped ones. */
function withoutMsgs(messages: readonly Msg[], dropped: readonly { msg: Msg }[]): Msg[] {
  const out = new Set(dropped.map((d) => d.msg));
  return messages.filter((m) => !out.has(m));
}

function prunerName(acp: AcpRender | undefined, enabled: boolean): PrunerName {
  return acp ? "acp-kernel" : !enabled ? "none" : "pi-condense";
}
