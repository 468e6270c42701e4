/**
 * The request one provider would receive for a session's next turn, as the provider rules see it
 * (verdicts.ts builds the same request for each provider, with the same options, to check it):
 * the After column as request messages, each with the wire messages it came from (`sources`)
 * and its parts in order. The inspector maps a provider's error path (`messages.12.content.0`)
 * back to a file line through it (presentation/view-request-path.ts).
 */
import type { Analysis } from "../pipeline/analyze.js";
import type { Msg } from "../model/types.js";
import type { ProviderName } from "../model/provider-names.js";
import { formatProfile } from "../formats/registry.js";
import { latestModel, modelTurns } from "./detect.js";
import { buildRequest } from "./request-build.js";
import { combineConsecutive } from "./request-combine.js";
import type { RequestMessage } from "./request-model.js";

export function providerRequest(analysis: Analysis, provider: ProviderName): RequestMessage[] {
  const { session } = analysis;
  const latest = latestModel(modelTurns(session));
  const ref = latest?.provider === provider ? latest : undefined;
  const shape = formatProfile(session.format)?.providers;
  const sameModel = (m: Msg): boolean => {
    if (shape?.packOf(m) !== provider) return false;
    if (!shape?.recordsModelPerMessage || !ref) return true;
    return (ref.model === undefined || m.model === ref.model) && (ref.api === undefined || m.api === ref.api);
  };
  const serializer = shape?.serialisedBySender ? { dropEmpty: true, dropEmptyUser: provider !== "bedrock", unsignedThinkingAsText: provider === "anthropic" || provider === "bedrock" } : undefined;
  const req = buildRequest(analysis.after, { oneMessagePerLine: shape?.oneMessagePerLine ?? false, sameModel, lineValue: (line) => session.lines.heldAt(line)?.value, serializer });
  return provider === "anthropic" ? combineConsecutive(req) : req;
}
