/**
 * The provider flags of an agent whose next request is the context it builds, sent as it is and
 * followed by the user's next prompt: it does not serialise the request itself, a line is not
 * one request message, a user turn always comes after the history, no thought-signature bypass,
 * the sent messages are the context's own. Each profile names its model turns, its packs and
 * whether it records a model per message beside these (profile.ts, ProviderShape).
 */
import type { ProviderShape } from "./profile.js";

export const SENDS_CONTEXT_AS_BUILT = {
  serialisedBySender: false,
  oneMessagePerLine: false,
  nextRequestAddsUserTurn: true,
  bypassesThoughtSignature: false,
  sendsContextMessages: true,
} as const satisfies Partial<ProviderShape>;
