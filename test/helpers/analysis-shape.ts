/**
 * An analysis as plain data, for comparing an incrementally continued analysis with a fresh one
 * (test/unit/incremental-*.property.test.ts).
 */
import type { Analysis } from "../../server/src/engine/pipeline/analyze.js";
import { PROVIDER_NAMES } from "../../server/src/engine/model/provider-names.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";

export const occurrenceShape = (a: Analysis) => a.occurrences.occurrences.map((o) => [o.id, o.turn, o.key, o.resultLine, o.result?.origin]);
export const analysisShape = (a: Analysis) => ({
  format: a.session.format,
  entries: a.session.entries.map((e) => [e.line, e.id, e.parentId, e.type]),
  byId: [...a.session.byId].map(([k, e]) => [k, e.line]).sort(),
  leaves: a.session.leaves,
  leafId: a.session.leafId,
  branch: a.session.branch.map((e) => e.line),
  truncatedLastLine: a.session.truncatedLastLine,
  findings: a.findings,
  usage: a.usage,
  before: a.before.map((m) => [m.role, m.origin, m.content]),
  pruned: a.pruned.map((m) => [m.role, m.origin, m.content]),
  after: a.after.map((m) => [m.role, m.origin, m.content]),
  dropped: a.dropped.map((d) => [d.msg.origin, d.by]),
  occurrences: a.occurrences.occurrences.map((o) => [o.id, o.turn, o.key, o.toolName, o.callLine, o.callPath, o.resultLine, o.resultPath, o.result?.origin]),
  unpaired: a.occurrences.unpaired.map((u) => [u.id, u.line, u.path, u.turn, u.msg.origin]),
  occurrencesById: [...a.occurrences.byId].map(([id, list]) => [id, list.map((o) => a.occurrences.occurrences.indexOf(o))]),
});

/** Provider verdicts as a user sees them: an append resumes the previous request build (providers/request-build.ts). */
export const verdictShape = (a: Analysis, target?: "all") => {
  const v = providerVerdicts(a, { target });
  return {
    target: v.target,
    turns: v.turns,
    findings: v.findings.map((f) => [f.code, f.line, f.path, f.toolCallId, f.severity, f.message, f.rejectedBy, f.related]),
    counts: PROVIDER_NAMES.map((p) => v.verdicts[p].count),
  };
};

