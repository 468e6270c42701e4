/**
 * Which provider each document's findings follow, and the requests that show and change it.
 * The target is, first found: the document's own switch (the "Switch Target Provider" command,
 * `transcriptInspector/setTargetProvider`), the `transcriptInspector.provider` setting when it
 * names a provider, the provider of the session's latest turn (engine/providers/detect.ts).
 */
import type { Connection, Diagnostic, Hover } from "vscode-languageserver/node";
import { isProviderName, type ProviderName } from "../engine/index.js";
import type { Finding, ProviderVerdicts } from "../engine/index.js";
import { ProviderVerdictsRequest, type ProviderStatus, SetTargetProviderRequest } from "../protocol/providers.js";
import type { ViewProvider } from "../protocol/view.js";
import { providerView, verdictItems } from "../presentation/provider-view.js";
import { hasVerdictsOf, providerDiagnosticSource, providerStatus, shownFindingsOn, verdictsOf, withProviderDiagnostics, withProviderHover } from "./provider-findings.js";
import type { DiagnosticSource } from "./diagnostics-bound.js";
import type { Settings } from "./settings.js";
import type { DocState } from "./store.js";

/** The choice for one document: a provider, or `auto` (the setting, then the session). */
export type ProviderChoice = ProviderName | "auto";

/** The target of a document: its switch, else the setting, else detected (undefined). */
export function chooseTarget(settings: Settings, choice: ProviderChoice | undefined): { target?: ProviderName; source: ProviderStatus["source"] } {
  if (choice && choice !== "auto") return { target: choice, source: "document" };
  if (settings.provider !== "auto") return { target: settings.provider, source: "setting" };
  return { target: undefined, source: "session" };
}

export interface ProviderTargetDeps {
  settingsFor(uri: string): Promise<Settings>;
  stateOf(uri: string): Promise<DocState | null>;
  /** Publishes the document again (diagnostics, status, render). */
  publish(uri: string): Promise<void>;
}

export class ProviderTargets {
  private readonly choices = new Map<string, ProviderChoice>();

  /** The verdicts for a document (`view`: a provider the inspector asked to see instead). */
  verdicts(st: DocState, settings: Settings, view?: string): { pv: ProviderVerdicts; source: ProviderStatus["source"] } | null {
    if (!st.analysis) return null;
    const chosen = isProviderName(view) ? { target: view, source: "document" as const } : chooseTarget(settings, this.choices.get(st.uri));
    return { pv: verdictsOf(st.analysis, chosen.target), source: chosen.source };
  }

  /** Whether the document's verdicts are computed already. */
  ready(st: DocState, settings: Settings): boolean {
    return !st.analysis || hasVerdictsOf(st.analysis, chooseTarget(settings, this.choices.get(st.uri)).target);
  }

  diagnostics(st: DocState, settings: Settings, base: Diagnostic[]): Diagnostic[] {
    const v = this.verdicts(st, settings);
    return v ? withProviderDiagnostics(st.model, st.uri, settings, v.pv, base) : base;
  }

  /** The same as `diagnostics`, made only when published (lsp/diagnostics-bound.ts `boundSource`). */
  diagnosticSource(st: DocState, settings: Settings, base: Diagnostic[]): DiagnosticSource {
    const v = this.verdicts(st, settings);
    return v ? providerDiagnosticSource(st.model, st.uri, settings, v.pv, base) : { count: base.length, rank: (i) => base[i].severity ?? 4, line: (i) => base[i].range.start.line, make: (i) => base[i] };
  }

  /** The findings the document shows on lines `from` to `to` (inclusive), as its diagnostics do. */
  shownOn(st: DocState, settings: Settings, from: number, to: number): Finding[] {
    const v = this.verdicts(st, settings);
    return v ? shownFindingsOn(st.model, v.pv, settings, from, to) : [];
  }

  status(st: DocState, settings: Settings): ProviderStatus | undefined {
    const v = this.verdicts(st, settings);
    return v ? providerStatus(v.pv, v.source) : undefined;
  }

  hover(st: DocState, settings: Settings, line: number, character: number, base: Hover | null): Hover | null {
    const v = this.verdicts(st, settings);
    return v ? withProviderHover(st.model, v.pv, line, character, base) : base;
  }

  /** The inspector's provider section, for `view` (a provider name) or the document's target. */
  view(st: DocState, settings: Settings, view?: string): ViewProvider | undefined {
    const v = this.verdicts(st, settings, view);
    return v ? providerView(v.pv) : undefined;
  }

  /** Sets a document's choice; false when `provider` is neither a provider name nor `auto`. */
  choose(uri: string, provider: unknown): boolean {
    if (provider === "auto") this.choices.delete(uri);
    else if (isProviderName(provider)) this.choices.set(uri, provider);
    else return false;
    return true;
  }

  forget(uri: string): void {
    this.choices.delete(uri);
  }

  /** Answers the verdict and switch requests. */
  listen(connection: Connection, deps: ProviderTargetDeps): void {
    connection.onRequest(ProviderVerdictsRequest, async (p) => {
      try {
        const settings = await deps.settingsFor(p.uri);
        const st = await deps.stateOf(p.uri);
        const v = st && this.verdicts(st, settings);
        return v ? { status: providerStatus(v.pv, v.source), verdicts: verdictItems(v.pv) } : null;
      } catch (e) {
        connection.console.error(`provider verdicts of ${p.uri} failed: ${(e as Error)?.stack ?? e}`);
        return null;
      }
    });
    connection.onRequest(SetTargetProviderRequest, async (p) => {
      if (typeof p?.uri !== "string" || !this.choose(p.uri, p.provider)) return false;
      await deps.publish(p.uri);
      return true;
    });
  }
}
