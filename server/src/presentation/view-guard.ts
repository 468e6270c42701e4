/**
 * The live guard (issue 23 item 8c): whether the target provider would accept the next request,
 * and if not, why, in a few words for the status bar: the first finding that makes it reject
 * (its code, line and what is wrong) and the provider's own error text for it. Recomputed with
 * every analysis, so the status follows an agent appending to the file.
 */
import { cellFor, PROVIDER_LABELS, PROVIDER_RULES, type ProviderVerdicts } from "../engine/index.js";
import type { ProviderGuardReason } from "../protocol/providers.js";

const MAX_TEXT = 300;
const cut = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);

/** Why the target rejects the next request; undefined when it accepts it or none is known. */
export function guardReason(pv: ProviderVerdicts | undefined): ProviderGuardReason | undefined {
  const t = pv?.target;
  if (!pv || !t) return undefined;
  const v = pv.verdicts[t];
  const f = v.findings[0];
  if (!v.rejects || !f) return undefined;
  // the finding's own words, without the note that lists the providers
  const what = f.providerNote && f.message.endsWith(f.providerNote) ? f.message.slice(0, f.message.length - f.providerNote.length).trim() : f.message;
  const rule = PROVIDER_RULES.find((r) => r.code === f.code);
  const cell = rule ? cellFor(rule, t) : undefined;
  const out: ProviderGuardReason = { code: f.code, line: f.line + 1, message: cut(what) };
  if (cell?.error) out.error = cut(cell.error);
  if (cell?.paraphrase) out.paraphrase = true;
  if (f.toolCallId !== undefined) out.toolCallId = f.toolCallId.slice(0, 200);
  out.provider = PROVIDER_LABELS[t];
  return out;
}
