/** How findings on a Codex rollout name what acts on it (the profile's `words`): Codex itself, never pi. */
import type { RuntimeWords } from "../profile.js";

export const CODEX_WORDS: RuntimeWords = {
  agent: "Codex",
  sender: "Codex",
  missingResult: 'Codex answers it with "aborted" on resume',
  duplicateId: "Codex reads its rollout in file order",
};
