/** Settings under `transcriptInspector.*`, read with workspace/configuration. */
import type { AnalyzeOptions } from "../engine/index.js";
import { DEFAULT_PI_VERSION, PI_VERSIONS, type PiVersion } from "../engine/index.js";
import type { DeepPartial, PiCondenseConfig } from "../engine/index.js";
import { formatProfile, isProviderName, type ProviderName } from "../engine/index.js";
import { PROVIDER_FINDINGS_SHOWN, type ProviderFindingsShown } from "../presentation/shown-findings.js";

export type SeverityOverride = "error" | "warning" | "information" | "hint" | "off";

export interface Settings {
  severityOverrides: Record<string, SeverityOverride>;
  collidingId: { enabled: boolean };
  piCondense: DeepPartial<PiCondenseConfig>;
  piVersion: PiVersion;
  /** The agent release each format's session is read as, by format name (one of its profile's `readingVersions`; unset: the newest). */
  agentVersions: Record<string, string>;
  /** The provider findings' severities follow: `auto` (the session's latest turn) or a name. */
  provider: ProviderName | "auto";
  /** Which provider findings are problems: the target's rejections (`target`), or every provider's (`all`). */
  providerFindings: ProviderFindingsShown;
}

export const DEFAULT_SETTINGS: Settings = { severityOverrides: {}, collidingId: { enabled: true }, piCondense: {}, piVersion: DEFAULT_PI_VERSION, agentVersions: {}, provider: "auto", providerFindings: "target" };

const SEVERITIES = new Set(["error", "warning", "information", "hint", "off"]);

/** Normalises whatever the client sent (missing parts, wrong types) to Settings. */
export function normalizeSettings(raw: any): Settings {
  const out: Settings = { severityOverrides: {}, collidingId: { enabled: true }, piCondense: {}, piVersion: DEFAULT_PI_VERSION, agentVersions: {}, provider: "auto", providerFindings: "target" };
  if (!raw || typeof raw !== "object") return out;
  const so = raw.severityOverrides;
  if (so && typeof so === "object")
    for (const [k, v] of Object.entries(so)) if (typeof v === "string" && SEVERITIES.has(v)) out.severityOverrides[k] = v as SeverityOverride;
  const ci = raw.collidingId ?? (typeof raw["collidingId.enabled"] === "boolean" ? { enabled: raw["collidingId.enabled"] } : undefined);
  if (ci && typeof ci === "object" && typeof ci.enabled === "boolean") out.collidingId.enabled = ci.enabled;
  if (raw.piCondense && typeof raw.piCondense === "object") out.piCondense = raw.piCondense;
  if (PI_VERSIONS.includes(raw.piVersion)) out.piVersion = raw.piVersion;
  const av = raw.agentVersions;
  if (av && typeof av === "object")
    for (const [format, v] of Object.entries(av)) if (typeof v === "string" && formatProfile(format)?.readingVersions?.includes(v)) out.agentVersions[format] = v;
  if (isProviderName(raw.provider)) out.provider = raw.provider;
  if (PROVIDER_FINDINGS_SHOWN.includes(raw.providerFindings)) out.providerFindings = raw.providerFindings;
  return out;
}

/** The engine's options under these settings, for a session of `format` when it is known. */
export function analyzeOptions(s: Settings, format?: string): AnalyzeOptions {
  const out: AnalyzeOptions = { piCondense: s.piCondense, piVersion: s.piVersion, disabledCodes: s.collidingId.enabled ? [] : ["colliding-id"] };
  const version = format !== undefined && Object.hasOwn(s.agentVersions, format) ? s.agentVersions[format] : undefined;
  if (version !== undefined) out.agentVersion = version;
  return out;
}
