/**
 * The finding codes the provider rules add to the rule table (registry.ts joins them). A provider
 * rule that is the same concept as an existing code (orphan-result, dangling-call,
 * duplicate-call-id, colliding-id, leading-non-user) reports under that code and is not listed
 * here: one problem, one code. Severity follows the target provider (verdicts.ts): an error where
 * it rejects, information where only other providers would, a hint where the pattern is normal.
 * A unit test checks this table and the provider rules agree.
 */
import type { CodeSpec, CodeTable } from "../model/finding-kit.js";

const BY_PROVIDER = {
  information: "when only providers other than the target reject it",
  hint: "when the pattern is normal for the target",
} as const;

const provider = (description: string, follows: string, fixes: CodeSpec["fixes"] = []): CodeSpec => ({
  description,
  severity: "error",
  otherSeverities: BY_PROVIDER,
  follows,
  fixes,
});

export const PROVIDER_CODES = {
  "results-not-adjacent": provider(
    "Tool results that do not come right after a turn with calls, or a turn with calls not followed by results.",
    "Gemini's turn order (providers.md 3.1)",
  ),
  "results-not-first": provider("In the message after a turn with calls, other content comes before the tool results.", "Anthropic Messages: results lead the next message (providers.md 3.1)"),
  "results-split": provider("The results of one turn's calls are spread over more than one message.", "Bedrock Converse and Gemini grouping (providers.md 3.1)", ["merge-split-results"]),
  "count-mismatch": provider("The number of tool results after a turn differs from the number of its calls.", "Gemini and Mistral count matching (providers.md 3.1)"),
  "duplicate-result": provider("Two tool results answer the same call.", "OpenAI Chat Completions (providers.md 3.1)"),
  "empty-content": provider("A message that is empty on the wire where the provider needs content.", "Anthropic, Bedrock and Gemini non-empty content (providers.md 3.1)"),
  "role-alternation": provider("Two messages of the same role in a row where the provider wants user and assistant to alternate.", "Bedrock Converse and Gemini alternation (providers.md 3.1)"),
  "ends-with-assistant": provider("The request ends with an assistant message (prefill) on a provider or model that refuses it.", "Anthropic (Claude 4.6+), Bedrock, Gemini (providers.md 3.1)"),
  "thinking-order": provider("A thinking block after other content in an assistant message of the target model.", "Anthropic extended thinking (providers.md 3.1)"),
  "thinking-altered": provider("Thinking of the latest assistant turn without its signature, or changed before sending.", "Anthropic extended thinking (providers.md 3.1)"),
  "reasoning-item-incomplete": provider("A Responses reasoning item without the item that followed it, or without its encrypted_content.", "OpenAI Responses stateless reasoning (providers.md 3.1)"),
  "reasoning-content-missing": provider("In thinking mode, a latest-turn assistant message with tool calls sent without its reasoning_content.", "DeepSeek thinking mode (providers.md 3.1)"),
  "thought-signature-missing": provider("Gemini 3: the first function call of a latest-turn model message has no thought_signature.", "Gemini 3 thought signatures (providers.md 3.1)"),
  "invalid-call-id": provider("A tool-call id outside `^[a-zA-Z0-9_-]+$` or longer than 64 characters.", "Anthropic id constraint, as pi-ai's normaliser enforces it (providers.md 3.1)"),
  "invalid-tool-name": provider("A tool name outside `^[a-zA-Z0-9_-]+$` in a replayed call.", "OpenAI Responses function name pattern (providers.md 3.1)"),
} as const satisfies CodeTable;
