// Writes docs/provider-rules.md from the provider rule table.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { providerRulesMarkdown } from "../server/src/engine/providers/table-doc.js";

writeFileSync(join(__dirname, "..", "docs", "provider-rules.md"), providerRulesMarkdown());
