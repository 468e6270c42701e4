/**
 * Fix preview (issue 23 item 8b): before a repair is applied, what it changes and what the target
 * provider would say after it. The server computes the repair's edits as for applying it (the
 * same `fixEdit`), applies them to the text in memory, analyses the result and takes the same
 * target's verdict on it; the extension shows the edits in VS Code's diff editor and the verdicts
 * beside it, and applies the repair only when asked.
 */
import type { Connection } from "vscode-languageserver/node";
import { analyze, applyRepairEdits, isProviderName, providerVerdicts, type ProviderVerdicts } from "../engine/index.js";
import { guardReason } from "../presentation/view-guard.js";
import { PreviewFixRequest, type PreviewVerdict } from "../protocol/lsp.js";
import { fixEdit, toTextEdits } from "./actions.js";
import { verdictsOf } from "./provider-findings.js";
import type { DocState } from "./store.js";

function verdict(pv: ProviderVerdicts): PreviewVerdict {
  const t = pv.target;
  const v: PreviewVerdict = { provider: t, rejects: t ? pv.verdicts[t].rejects : false, problems: t ? pv.verdicts[t].count : 0 };
  const reason = guardReason(pv);
  if (reason) v.reason = reason;
  return v;
}

/** Findings by code, errors and warnings only (what a repair is for). */
function counts(findings: { code: string; severity: string }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of findings) if (f.severity === "error" || f.severity === "warning") out.set(f.code, (out.get(f.code) ?? 0) + 1);
  return out;
}

/**
 * Registers `transcriptInspector/previewFix`. `stateOf` gives the document's state; `target` the
 * provider its findings follow (undefined: the one detected).
 */
export function registerFixPreview(connection: Connection, stateOf: (uri: string) => Promise<DocState | null>, target: (uri: string) => Promise<string | undefined>): void {
  connection.onRequest(PreviewFixRequest, async (p) => {
    try {
      const st = await stateOf(p.uri);
      if (!st?.analysis) return null;
      const edits = await fixEdit(st, p.fix);
      if (!edits?.length) return null;
      const t = await target(p.uri);
      const provider = isProviderName(t) ? t : undefined;
      const before = verdictsOf(st.analysis, provider);
      const after = analyze(applyRepairEdits(st.text, edits), st.options);
      const afterPv = providerVerdicts(after, { target: provider ?? before.target ?? undefined });
      const was = counts(st.analysis.findings);
      const now = counts(after.findings);
      const fixed: { code: string; count: number }[] = [];
      const added: { code: string; count: number }[] = [];
      for (const [code, n] of was) if ((now.get(code) ?? 0) < n) fixed.push({ code, count: n - (now.get(code) ?? 0) });
      for (const [code, n] of now) if ((was.get(code) ?? 0) < n) added.push({ code, count: n - (was.get(code) ?? 0) });
      return { edits: toTextEdits(edits), before: verdict(before), after: verdict(afterPv), fixed, added };
    } catch (e) {
      connection.console.error(`fix preview on ${p.uri} failed: ${(e as Error).stack ?? e}`);
      return null;
    }
  });
}
