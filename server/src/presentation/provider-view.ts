/**
 * Every provider's verdict on a document's next request, as the editor's provider switch and the
 * inspector's badge show them (nine entries, whatever the session's size).
 */
import { PROVIDER_LABELS, PROVIDER_NAMES } from "../engine/index.js";
import type { ProviderVerdicts } from "../engine/index.js";
import type { ViewProvider } from "../protocol/view.js";

export type ProviderVerdictRow = ViewProvider["verdicts"][number];

export function verdictItems(pv: ProviderVerdicts): ProviderVerdictRow[] {
  return PROVIDER_NAMES.map((p) => ({ name: p, label: PROVIDER_LABELS[p], rejects: pv.verdicts[p].rejects, problems: pv.verdicts[p].count }));
}

/** The inspector's provider section: the target, the detected provider, every verdict. */
export function providerView(pv: ProviderVerdicts): ViewProvider {
  return { target: pv.target ?? "", detected: pv.turns[pv.turns.length - 1]?.provider ?? "", verdicts: verdictItems(pv), ...(pv.notChecked ? { notChecked: true as const } : {}) };
}
