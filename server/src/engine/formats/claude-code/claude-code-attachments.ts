/**
 * What Claude Code sends for an `attachment` line (docs/research/claude-code-resume.md section
 * 5.4, `normalizeAttachmentForAPI`): most types become one `isMeta` user text wrapped as
 * `<system-reminder>\n…\n</system-reminder>` (`file` and `directory`: two, a tool call and its
 * result); the types listed below, and any type Claude Code does not know, render nothing.
 *
 * Which types render is taken from 2.1.112's code; the texts are approximations built from the
 * attachment's fields (the exact wording of every type is not recorded, section 10), so each block
 * is marked as made up by Claude Code. 2.0.31 renders fewer types, `todo` among them.
 */
import { isObject } from "../../model/parse.js";
import type { ReadingVersion } from "./claude-code-transcript.js";

/** Types 2.1.112 renders as nothing. */
const SILENT = new Set([
  "autocheckpointing",
  "background_task_status",
  "todo",
  "task_progress",
  "ultramemory",
  "compaction_reminder",
  "companion_intro",
  "pen_mode_enter",
  "pen_mode_exit",
  "context_efficiency",
  "dynamic_skill",
  "already_read_file",
  "command_permissions",
  "edited_image_file",
  "hook_cancelled",
  "hook_error_during_execution",
  "hook_non_blocking_error",
  "hook_system_message",
  "hook_permission_decision",
  "hook_deferred_tool",
  "structured_output",
  "max_turns_reached",
  "current_session_memory",
  "teammate_shutdown_batch",
  "task_reminder",
]);

/** Types 2.1.112 knows and renders (subject to the emptiness rules below). */
const RENDERED = new Set([
  "file",
  "image",
  "text",
  "notebook",
  "pdf",
  "invoked_skills",
  "todo_reminder",
  "relevant_memories",
  "queued_command",
  "diagnostics",
  "plan_mode",
  "plan_mode_reentry",
  "auto_mode",
  "mcp_resource",
  "task_status",
  "async_hook_response",
  "hook_success",
  "deferred_tools_delta",
  "agent_listing_delta",
  "mcp_instructions_delta",
  "verify_plan_reminder",
  "directory",
  "edited_text_file",
  "compact_file_reference",
  "pdf_reference",
  "selected_lines_in_ide",
  "opened_file_in_ide",
  "plan_file_reference",
  "nested_memory",
  "agent_mention",
  "skill_listing",
  "output_style",
  "critical_system_reminder",
  "plan_mode_exit",
  "auto_mode_exit",
  "token_usage",
  "budget_usd",
  "output_token_usage",
  "hook_blocking_error",
  "hook_additional_context",
  "hook_stopped_continuation",
  "date_change",
  "ultrathink_effort",
  // renamed on load (section 4): new_file -> file, new_directory -> directory
  "new_file",
  "new_directory",
]);

/**
 * Types 2.0.31 renders: those of its time that the recordings show or that predate it (the later
 * types, such as `critical_system_reminder`, `date_change`, `skill_listing` and the `*_delta`
 * listings, render nothing there: recordings `compact-boundary-preserved`, `ends-in-attachment`,
 * `daaain-real-2.1.114-attachments-subagents`); `todo` renders.
 */
const RENDERED_20 = new Set([
  "file",
  "new_file",
  "directory",
  "new_directory",
  "compact_file_reference",
  "pdf_reference",
  "selected_lines_in_ide",
  "opened_file_in_ide",
  "plan_file_reference",
  "edited_text_file",
  "nested_memory",
  "queued_command",
  "diagnostics",
  "plan_mode",
  "plan_mode_exit",
  "mcp_resource",
  "todo",
  "async_hook_response",
  "hook_blocking_error",
  "hook_success",
  "hook_additional_context",
  "hook_stopped_continuation",
  "token_usage",
  "output_style",
  "agent_mention",
  "image",
  "text",
]);

const nonEmpty = (v: unknown) => (Array.isArray(v) ? v.length > 0 : typeof v === "string" ? v !== "" : v !== undefined && v !== null);

const reminder = (text: string) => `<system-reminder>\n${text}\n</system-reminder>`;

const str = (v: unknown): string => (typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v));

/** The texts Claude Code sends for an attachment (empty: nothing). */
export function attachmentTexts(attachment: unknown, version: ReadingVersion): string[] {
  if (!isObject(attachment)) return [];
  const a = attachment;
  const type = a.type;
  if (typeof type !== "string") return [];
  if (version === "2.0" ? !RENDERED_20.has(type) : SILENT.has(type) || !RENDERED.has(type)) return [];
  switch (type) {
    case "hook_success":
      return (a.hookEvent === "SessionStart" || a.hookEvent === "UserPromptSubmit") && a.content !== "" && a.content !== undefined ? [reminder(`${str(a.hookName)} hook success: ${str(a.content)}`)] : [];
    case "invoked_skills":
    case "diagnostics":
      return nonEmpty(type === "invoked_skills" ? a.skills : a.files) ? [reminder(`${type}: ${str(type === "invoked_skills" ? a.skills : a.files)}`)] : [];
    case "skill_listing":
    case "hook_additional_context":
      return nonEmpty(a.content) ? [reminder(str(a.content))] : [];
    case "file":
    case "new_file":
    case "directory":
    case "new_directory": {
      const tool = type.endsWith("directory") ? "Bash" : "Read";
      const path = str(a.filename ?? a.path);
      return [reminder(`Called the ${tool} tool with the following input: ${JSON.stringify({ path })}`), reminder(`Result of calling the ${tool} tool: ${str(a.content)}`)];
    }
    case "opened_file_in_ide":
      return [reminder(`The user opened the file ${str(a.filename)} in the IDE. This may or may not be related to the current task.`)];
    case "edited_text_file":
      return [reminder(`Note: ${str(a.filename)} was modified, either by the user or by a linter. Here are the relevant changes:\n${str(a.snippet)}`)];
    case "queued_command":
      return [reminder(`The user sent the following message: ${str(a.prompt)}`)];
    case "critical_system_reminder":
      return [reminder(str(a.content))];
    default: {
      const rest: Record<string, unknown> = { ...a };
      delete rest.type;
      return [reminder(`${type}: ${JSON.stringify(rest)}`)];
    }
  }
}

/** Who made the text up, for render json's `synthetic`. */
export function attachmentOrigin(attachment: unknown, line: number | undefined): string {
  const type = isObject(attachment) && typeof attachment.type === "string" ? attachment.type : "unknown";
  return `Claude Code renders the ${type} attachment${line !== undefined ? ` on line ${line + 1}` : ""} as a system reminder (text approximated)`;
}
