// Writes docs/provider-rules.md and README.md's rule × provider table from the provider rule table,
// and README.md's table of agents from the format registry.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { providerRulesMarkdown, withReadmeTable } from "../server/src/engine/providers/table-doc.js";
import { withAgentTable } from "../server/src/engine/repair/agent-table-doc.js";

const root = join(__dirname, "..");
writeFileSync(join(root, "docs", "provider-rules.md"), providerRulesMarkdown());
const readme = join(root, "README.md");
writeFileSync(readme, withAgentTable(withReadmeTable(readFileSync(readme, "utf8"))));
