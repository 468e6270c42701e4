/**
 * Small session writers for provider-rule tests: pi (v3, with each assistant's provider, api
 * and model), Claude Code (uuid chain, one line per message) and Codex (response items).
 */
import type { ProviderName } from "../../server/src/engine/model/provider-names.js";

export type Block = Record<string, unknown>;

/** A provider, api and model pi would record for each pack. */
export const PI_MODELS: Record<ProviderName, { provider: string; api: string; model: string }> = {
  anthropic: { provider: "anthropic", api: "anthropic-messages", model: "claude-opus-4-5" },
  bedrock: { provider: "amazon-bedrock", api: "bedrock-converse-stream", model: "us.anthropic.claude-opus-4-5" },
  "openai-chat": { provider: "openai", api: "openai-completions", model: "gpt-4o" },
  "openai-responses": { provider: "openai", api: "openai-responses", model: "gpt-5.1" },
  gemini: { provider: "google", api: "google-generative-ai", model: "gemini-3-pro-preview" },
  mistral: { provider: "mistral", api: "mistral-conversations", model: "mistral-large-latest" },
  deepseek: { provider: "deepseek", api: "openai-completions", model: "deepseek-reasoner" },
  kimi: { provider: "moonshot", api: "openai-completions", model: "kimi-k2" },
  qwen: { provider: "dashscope", api: "openai-completions", model: "qwen3-coder-plus" },
};

export type PiItem =
  | { user: string | Block[] }
  | { assistant: Block[]; by?: ProviderName; stopReason?: string }
  | { result: string; content?: Block[]; isError?: boolean }
  | { customMessage: string }
  | { modelChange: ProviderName };

export const text = (t: string): Block => ({ type: "text", text: t });
export const call = (id: string, name = "bash"): Block => ({ type: "toolCall", id, name, arguments: { command: "ls" } });
export const thinking = (t: string, signature?: string): Block => ({ type: "thinking", thinking: t, ...(signature !== undefined ? { thinkingSignature: signature } : {}) });

export function piSession(items: PiItem[], defaultBy: ProviderName = "anthropic"): string {
  const lines = [JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/t" })];
  let parent: string | null = null;
  items.forEach((it, i) => {
    const id = `e${i + 1}`;
    const base = { id, parentId: parent, timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i + 1)).toISOString() };
    const ts = 1_000 + i;
    let entry: Record<string, unknown>;
    if ("user" in it) entry = { type: "message", ...base, message: { role: "user", content: typeof it.user === "string" ? [text(it.user)] : it.user, timestamp: ts } };
    else if ("assistant" in it) {
      const m = PI_MODELS[it.by ?? defaultBy];
      const hasCalls = it.assistant.some((b) => b.type === "toolCall");
      entry = { type: "message", ...base, message: { role: "assistant", content: it.assistant, ...m, stopReason: it.stopReason ?? (hasCalls ? "toolUse" : "stop"), timestamp: ts } };
    } else if ("result" in it)
      entry = { type: "message", ...base, message: { role: "toolResult", toolCallId: it.result, toolName: "bash", content: it.content ?? [text(`output of ${it.result}`)], isError: it.isError ?? false, timestamp: ts } };
    else if ("customMessage" in it) entry = { type: "custom_message", ...base, customType: "note", content: it.customMessage, display: false };
    else entry = { type: "model_change", ...base, provider: PI_MODELS[it.modelChange].provider, modelId: PI_MODELS[it.modelChange].model };
    lines.push(JSON.stringify(entry));
    parent = id;
  });
  return lines.join("\n") + "\n";
}

export type CcItem = { user: string | Block[] } | { assistant: Block[]; model?: string; stop?: string | null };

export const toolUse = (id: string, name = "Bash"): Block => ({ type: "tool_use", id, name, input: { command: "ls" } });
export const toolResult = (id: string, content: unknown = `output of ${id}`): Block => ({ type: "tool_result", tool_use_id: id, content });
export const ccThinking = (t: string, signature?: string): Block => ({ type: "thinking", thinking: t, ...(signature !== undefined ? { signature } : {}) });

export function ccSession(items: CcItem[], defaultModel = "claude-opus-4-5"): string {
  let parent: string | null = null;
  return (
    items
      .map((it, i) => {
        const uuid = `u${i + 1}`;
        const env = { uuid, parentUuid: parent, sessionId: "cc", timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i + 1)).toISOString() };
        parent = uuid;
        if ("user" in it) return JSON.stringify({ type: "user", ...env, message: { role: "user", content: it.user } });
        const hasCalls = it.assistant.some((b) => b.type === "tool_use");
        return JSON.stringify({ type: "assistant", ...env, message: { id: `msg_${i + 1}`, role: "assistant", model: it.model ?? defaultModel, content: it.assistant, stop_reason: it.stop === undefined ? (hasCalls ? "tool_use" : "end_turn") : it.stop } });
      })
      .join("\n") + "\n"
  );
}

/** A Codex rollout: session_meta, then one response_item per payload. */
export function codexSession(payloads: Record<string, unknown>[]): string {
  // A session meta Codex resumes (docs/research/codex-resume.md R2.4: a UUID id, timestamp, cwd, originator, cli_version).
  const meta = { id: "0c0de000-0000-4000-8000-00000000c0de", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/t", originator: "codex_cli_rs", cli_version: "0.171.0" };
  const lines = [JSON.stringify({ timestamp: "2026-01-01T00:00:00.000Z", type: "session_meta", payload: meta })];
  payloads.forEach((p, i) => lines.push(JSON.stringify({ timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i + 1)).toISOString(), type: "response_item", payload: p })));
  return lines.join("\n") + "\n";
}

export const cxUser = (t: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text: t }] });
export const cxSay = (t: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text: t }] });
export const cxCall = (id: string, name = "shell") => ({ type: "function_call", name, arguments: "{}", call_id: id });
export const cxOut = (id: string) => ({ type: "function_call_output", call_id: id, output: `output of ${id}` });
export const cxReasoning = (encrypted?: string, id?: string) => ({ type: "reasoning", ...(id !== undefined ? { id } : {}), summary: [{ type: "summary_text", text: "thinking" }], ...(encrypted !== undefined ? { encrypted_content: encrypted } : {}) });
