/**
 * `check --provider auto|NAME|all`: the option, and the JSON and text a provider check adds per file.
 */
import type { Analysis } from "../engine/index.js";
import { findingJson, type FindingJson } from "./report.js";
import { isProviderName, PROVIDER_LABELS, PROVIDER_NAMES, type ProviderName } from "../engine/index.js";
import type { ProviderVerdicts } from "../engine/index.js";

export interface ProviderCheckJson {
  target: ProviderName | null;
  targetSource: ProviderVerdicts["targetSource"];
  /** Per provider: whether it would reject the next request, how many findings make it, which codes. */
  verdicts: Record<ProviderName, { rejects: boolean; count: number; codes: string[] }>;
  /** Every provider finding, severity following the target. */
  findings: FindingJson[];
}

/** What `--provider` chooses: the detected target (`auto`), a provider, or every provider's verdict (`all`). */
export type ProviderOption = ProviderName | "auto" | "all";

/** The `--provider` value: `auto`, a provider name or `all`; undefined when it is none of them. */
export function parseProviderOption(s: string | undefined): ProviderOption | undefined {
  return s === "all" || s === "auto" || isProviderName(s) ? s : undefined;
}

/** The target the verdicts are computed for: undefined (detected) for `auto`. */
export function verdictTarget(option: ProviderOption): ProviderName | "all" | undefined {
  return option === "auto" ? undefined : option;
}

/** One line per file for `--provider all`: who rejects the next request (with how many findings) and who accepts it. */
export function verdictsLine(pv: ProviderVerdicts): string {
  if (pv.notChecked) return "not checked against any provider: what the agent sends is not known";
  const rejecting = PROVIDER_NAMES.filter((p) => pv.verdicts[p].rejects);
  const accepting = PROVIDER_NAMES.filter((p) => !pv.verdicts[p].rejects);
  const parts: string[] = [];
  if (rejecting.length) parts.push(`rejected by ${rejecting.map((p) => `${PROVIDER_LABELS[p]} (${pv.verdicts[p].count})`).join(", ")}`);
  if (accepting.length) parts.push(`accepted by ${accepting.map((p) => PROVIDER_LABELS[p]).join(", ")}`);
  return parts.join("; ");
}

export function providerCheckJson(a: Analysis, pv: ProviderVerdicts): ProviderCheckJson {
  const verdicts = {} as ProviderCheckJson["verdicts"];
  for (const p of PROVIDER_NAMES) {
    const v = pv.verdicts[p];
    verdicts[p] = { rejects: v.rejects, count: v.count, codes: [...new Set(pv.findings.filter((f) => f.rejectedBy.includes(p)).map((f) => f.code))] };
  }
  return { target: pv.target, targetSource: pv.targetSource, verdicts, findings: pv.findings.map((f) => findingJson(a.session.lines, f)) };
}
