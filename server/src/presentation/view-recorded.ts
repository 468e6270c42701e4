/**
 * The After column against what the agent recorded it sent (OpenClaw's trajectory: the engine's
 * `Analysis.recorded`, rules/recorded-context.ts), as one plain sentence for the inspector, `render`
 * and screen readers. Lines are 1-based here.
 */
import type { Analysis } from "../engine/index.js";
import { formatProfile } from "../engine/index.js";
import type { ViewRecorded } from "../protocol/view.js";

export function viewRecorded(a: Analysis): ViewRecorded | undefined {
  const c = a.recorded;
  if (!c) return undefined;
  const agent = formatProfile(a.session.format)?.words.agent ?? a.session.format;
  const when = c.leafLine !== null ? `when line ${c.leafLine + 1} was the last entry` : "at an entry not in this file";
  const cut = c.cut ? ` ${agent} recorded only its first ${c.recorded} messages (${c.cut.slice(0, 80)}).` : "";
  const agrees = c.difference === undefined && !c.elsewhere;
  const summary = c.elsewhere
    ? `${c.label} was compiled at an entry not on this branch (${c.leafLine !== null ? `line ${c.leafLine + 1}` : "not in this file"}): it is not compared with this After column.`
    : agrees
    ? `${c.label} agrees with the After column: the ${c.recorded} messages ${agent} compiled ${when} are the ones modelled here, with the same roles, ids and texts.${cut}`
    : `${c.label} differs from the After column. ${agent} compiled ${c.recorded} messages ${when}; the After column has ${c.modelled} up to there and agrees on the first ${c.agree}; ${c.difference}.${cut}`;
  return {
    label: c.label,
    file: c.file,
    recordLine: c.recordLine + 1,
    ...(c.at ? { at: c.at.slice(0, 40) } : {}),
    agrees,
    ...(c.differenceLine !== undefined ? { line: c.differenceLine + 1 } : {}),
    summary,
    messages: c.listed,
    recorded: c.recorded,
  };
}
