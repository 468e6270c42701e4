/**
 * `check --provider NAME`: the exit decision and the JSON a provider check adds per file.
 */
import type { Analysis } from "../engine/index.js";
import { findingJson, type FindingJson } from "./report.js";
import { isProviderName, PROVIDER_NAMES, type ProviderName } from "../engine/index.js";
import type { ProviderVerdicts } from "../engine/index.js";

export interface ProviderCheckJson {
  target: ProviderName | null;
  targetSource: ProviderVerdicts["targetSource"];
  /** Per provider: whether it would reject the next request, how many findings make it, which codes. */
  verdicts: Record<ProviderName, { rejects: boolean; count: number; codes: string[] }>;
  /** Every provider finding, severity following the target. */
  findings: FindingJson[];
}

/** The `--provider` value: a provider name or `all`; undefined when it is neither. */
export function parseProviderOption(s: string | undefined): ProviderName | "all" | undefined {
  return s === "all" || isProviderName(s) ? s : undefined;
}

/** Whether the check fails: NAME rejects the request (for `all`: any provider does). */
export function providerRejects(pv: ProviderVerdicts, provider: ProviderName | "all"): boolean {
  return provider === "all" ? PROVIDER_NAMES.some((p) => pv.verdicts[p].rejects) : pv.verdicts[provider].rejects;
}

export function providerCheckJson(a: Analysis, pv: ProviderVerdicts): ProviderCheckJson {
  const verdicts = {} as ProviderCheckJson["verdicts"];
  for (const p of PROVIDER_NAMES) {
    const v = pv.verdicts[p];
    verdicts[p] = { rejects: v.rejects, count: v.count, codes: [...new Set(pv.findings.filter((f) => f.rejectedBy.includes(p)).map((f) => f.code))] };
  }
  return { target: pv.target, targetSource: pv.targetSource, verdicts, findings: pv.findings.map((f) => findingJson(a.session.lines, f)) };
}
