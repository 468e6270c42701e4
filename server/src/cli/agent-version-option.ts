/**
 * `--agent-version FORMAT=VERSION,...`: which release of an agent the After column models, as the
 * editor's `transcriptInspector.agentVersions` (`claude-code=2.0` reads Claude Code sessions as
 * 2.0.31 sends them on resume). The versions a format offers are its profile's `readingVersions`.
 */
import { FORMAT_PROFILES } from "../engine/index.js";
import { UsageError } from "./args.js";

/** Each given once or more; a later value for one format wins. */
export function parseAgentVersionOption(values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const offered = FORMAT_PROFILES.filter((p) => p.readingVersions?.length);
  const choices = offered.map((p) => `${p.name}=${p.readingVersions!.join("|")}`).join(", ");
  for (const value of values)
    for (const part of value.split(",")) {
      const [format, version, extra] = part.split("=").map((s) => s.trim());
      if (!format || !version || extra !== undefined) throw new UsageError(`--agent-version needs FORMAT=VERSION (${choices}), not ${part || "nothing"}`);
      const profile = offered.find((p) => p.name === format);
      if (!profile) throw new UsageError(`--agent-version: ${format} has no readings to choose from; the formats that have: ${choices}`);
      if (!profile.readingVersions!.includes(version)) throw new UsageError(`--agent-version: ${profile.label} ${version} is not a release the product models; choose ${profile.readingVersions!.map((v) => `${format}=${v}`).join(" or ")}`);
      out[format] = version;
    }
  return out;
}
