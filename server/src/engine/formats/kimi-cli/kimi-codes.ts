/**
 * The finding codes of Kimi CLI's reading that no other rule reports. rules/registry.ts spreads
 * this table into the rule table; the README documents each code under `#code-<code>` and
 * package.json lists it in `severityOverrides`. A call without a result reports under the shared
 * `dangling-call`, a result that answers no call under `orphan-result` (kimi-resume.ts).
 */
import type { CodeTable } from "../../model/finding-kit.js";

export const KIMI_CLI_CODES = {
  "malformed-arguments": {
    description: "A tool call whose `arguments` string is not JSON: the agent keeps it in its history and sends it as it is with every later request, and an OpenAI-compatible server that parses it refuses each of them.",
    severity: "error",
    follows: "MoonshotAI/kimi-cli #2165, #1171, #1378 (kosong `chat_provider/kimi.py` `_convert_message` sends `tool_calls` as stored)",
    fixes: [],
  },
} as const satisfies CodeTable;
