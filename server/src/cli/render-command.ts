/**
 * `render FILE`: before / after / dropped, computed without the finding rules (it prints no
 * findings), written message by message; `--format text` is both columns side by side
 * (render-text.ts). A file that is not a session transcript is refused.
 */
import { renderJson } from "../presentation/report.js";
import { UsageError } from "./args.js";
import { jsonChunks } from "./json-stream.js";
import { loadSessionFile, NOT_A_SESSION } from "./session-file.js";
import { parseAgentVersionOption } from "./agent-version-option.js";
import { renderText } from "./render-text.js";
import { PLAIN, type TextStyle } from "./terminal-style.js";

export interface RenderPlan {
  format: "json" | "text";
  path: string;
  /** `--agent-version`: the reading per format. */
  agentVersions: Record<string, string>;
  /** Text output: colour and width. */
  style: TextStyle;
}

export function planRender(args: { format?: string; agentVersion?: readonly string[]; files: string[] }, style: TextStyle = PLAIN): RenderPlan {
  const fmt = args.format ?? "json";
  if (fmt !== "text" && fmt !== "json") throw new UsageError(`--format must be json or text, not ${fmt}`);
  if (args.files.length !== 1) throw new UsageError("render takes exactly one FILE");
  return { format: fmt, path: args.files[0], agentVersions: parseAgentVersionOption(args.agentVersion ?? []), style };
}

/** Yields the output pieces; returns the exit status and, when it failed, the stderr line. */
export function* renderFile(plan: RenderPlan): Generator<string, { status: number; message?: string }> {
  const loaded = loadSessionFile(plan.path, { rules: false, agentVersions: plan.agentVersions });
  if (loaded.kind === "failed") return { status: loaded.status, message: loaded.message };
  if (loaded.kind === "not-session") return { status: 2, message: `${plan.path}: ${NOT_A_SESSION} (${loaded.reason}); nothing to render` };
  const r = renderJson(plan.path, loaded.analysis);
  if (plan.format === "json") {
    yield* jsonChunks(r, 2);
    yield "\n";
  } else yield* renderText(plan.path, loaded.analysis, r, plan.style);
  return { status: 0 };
}
