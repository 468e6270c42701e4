/**
 * The provider rule table (research: docs/research/providers.md, section 3.1). Each rule is a
 * structural check over the request (request-build.ts); each cell says what one provider does with a
 * request that fails it, quoting the provider's error text and the public source it comes
 * from. The checks never read those texts: they only end up in messages and docs.
 */
import { orphanResult, danglingCall, resultsNotAdjacent, resultsNotFirst, resultsSplit, countMismatch } from "./rule-families/pairing-rules.js";
import { duplicateCallId, collidingId, duplicateResult } from "./rule-families/ids-rules.js";
import { emptyContent, leadingNonUser, roleAlternation, endsWithAssistant } from "./rule-families/message-shape-rules.js";
import { thinkingOrder, thinkingAltered, reasoningItemIncomplete, reasoningContentMissing, thoughtSignatureMissing } from "./rule-families/reasoning-rules.js";
import { invalidCallId, invalidToolName } from "./rule-families/id-format-rules.js";
import type { Cell, CheckContext, Hit, ProviderRule } from "./rule-types.js";

export const PROVIDER_RULES: readonly ProviderRule[] = [
  orphanResult,
  danglingCall,
  resultsNotAdjacent,
  resultsNotFirst,
  resultsSplit,
  countMismatch,
  duplicateCallId,
  collidingId,
  duplicateResult,
  emptyContent,
  leadingNonUser,
  roleAlternation,
  endsWithAssistant,
  thinkingOrder,
  thinkingAltered,
  reasoningItemIncomplete,
  reasoningContentMissing,
  thoughtSignatureMissing,
  invalidCallId,
  invalidToolName,
];

export type { Cell, CheckContext, Hit, ProviderRule };
