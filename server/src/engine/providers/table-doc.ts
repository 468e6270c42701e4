/**
 * docs/provider-rules.md, written from the rule table itself so the two cannot drift
 * (regenerate: node --import tsx scripts/provider-rules-doc.ts; a unit test compares).
 */
import { PROVIDER_BASE, PROVIDER_LABELS, PROVIDER_NAMES, type ProviderName } from "./names.js";
import type { Cell } from "./rule-types.js";
import { PROVIDER_RULES } from "./rules.js";

const COLUMNS: ProviderName[] = ["anthropic", "bedrock", "openai-chat", "deepseek", "kimi", "qwen", "openai-responses", "gemini", "mistral"];
const MARK: Record<Cell["verdict"], string> = { rejects: "✔ rejects", accepts: "✘ accepts", unknown: "?", "n/a": "n/a", quiet: "quiet (by design)" };

const esc = (s: string) => s.replace(/\|/g, "\\|");

function cellOf(code: string, p: ProviderName): { cell?: Cell; inherited: boolean } {
  const r = PROVIDER_RULES.find((x) => x.code === code)!;
  if (r.cells[p]) return { cell: r.cells[p], inherited: false };
  return { cell: r.cells[PROVIDER_BASE[p]], inherited: PROVIDER_BASE[p] !== p };
}

export function providerRulesMarkdown(): string {
  const out: string[] = [];
  out.push("# Provider rules", "");
  out.push(
    "Which provider would reject the next request, and why. Generated from",
    "`server/src/engine/providers/rules.ts` by `node --import tsx scripts/provider-rules-doc.ts`; the research behind",
    "each cell is `shared/research/providers.md` (section 3.1).",
    "",
    "- **The request** is what the agent sends: for pi, the wire after pi-condense (or acp-kernel),",
    "  `convertToLlm` and pi-ai's `transformMessages`, then what pi-ai's provider serialisers do (empty text",
    "  and thinking blocks left out, empty messages skipped, consecutive tool results in one user message,",
    "  unsigned thinking sent to Anthropic and Bedrock as text, other models' thinking as text); for Claude",
    "  Code and Codex, the context as built (one line is one message). Anthropic's first-party API combines",
    "  consecutive turns of one role before checking.",
    "- **The target** is the provider of the latest turn (pi: the assistant's `provider`/`api`/`model` and",
    "  `model_change` entries; Claude Code: Anthropic, Bedrock for `anthropic.claude-…` model ids; Codex:",
    "  OpenAI Responses), or the one named by `--provider` / the setting.",
    "- **Severity follows the target**: error where the target rejects; information where only other",
    "  providers would (\"Gemini would reject this: …\"); hint where the pattern is normal for the target.",
    `- Providers: ${PROVIDER_NAMES.map((p) => `\`${p}\``).join(", ")}. DeepSeek, Kimi and Qwen are OpenAI Chat`,
    "  variants: they inherit its cell (marked ↑) unless the table says otherwise.",
    "",
    "Legend: ✔ rejects · ✘ accepts · ? no evidence found · n/a the pattern cannot occur there or another rule reports it ·",
    "quiet: normal by design.",
    "",
  );
  out.push(`| rule | ${COLUMNS.map((p) => PROVIDER_LABELS[p]).join(" | ")} |`);
  out.push(`|---|${COLUMNS.map(() => "---").join("|")}|`);
  for (const r of PROVIDER_RULES) {
    const cells = COLUMNS.map((p) => {
      const { cell, inherited } = cellOf(r.code, p);
      return cell ? `${MARK[cell.verdict]}${inherited ? " ↑" : ""}` : "n/a";
    });
    out.push(`| [\`${r.code}\`](#${r.code}) | ${cells.join(" | ")} |`);
  }
  out.push("");
  for (const r of PROVIDER_RULES) {
    out.push(`## ${r.code}`, "", r.description, "", `Follows: ${r.follows}`, "");
    out.push("| provider | verdict | error text | source |", "|---|---|---|---|");
    for (const p of COLUMNS) {
      const { cell, inherited } = cellOf(r.code, p);
      if (!cell) continue;
      const err = !cell.error ? "" : cell.paraphrase ? `(described, not verbatim) ${esc(cell.error)}` : `\`${esc(cell.error).replace(/`/g, "'")}\``;
      const note = cell.note ? ` (${esc(cell.note)})` : "";
      out.push(`| ${PROVIDER_LABELS[p]}${inherited ? " ↑" : ""} | ${MARK[cell.verdict]}${note} | ${err} | ${esc(cell.source)} |`);
    }
    out.push("");
  }
  return out.join("\n");
}
