/** What the agent's own serialiser does on the way out (pi-ai's provider modules). */
import type { Part } from "./request-model.js";

/**
 * pi-ai's provider serialisers (anthropic.ts, amazon-bedrock.ts, google-shared.ts,
 * openai-completions.ts, openai-responses-shared.ts, mistral.ts) leave out empty text and
 * thinking blocks and skip messages left with nothing (Bedrock's: assistant ones only); the Anthropic and
 * Bedrock ones send a thinking block without signature as plain text.
 */
export interface Serializer {
  dropEmpty: boolean;
  /** Also for user messages (pi-ai's Bedrock serialiser keeps empty user text). */
  dropEmptyUser: boolean;
  unsignedThinkingAsText: boolean;
}

export function serialise(parts: Part[], s: Serializer): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    if (p.kind === "text" && s.dropEmpty && p.text.trim() === "") continue;
    if (p.kind === "thinking" && p.block.type === "thinking" && !p.block.redacted) {
      const text = String(p.block.thinking ?? "");
      if (s.dropEmpty && text.trim() === "") continue;
      const sig = p.block.thinkingSignature;
      if (s.unsignedThinkingAsText && !(typeof sig === "string" && sig.trim() !== "")) {
        out.push({ kind: "text", text, msg: p.msg, index: p.index });
        continue;
      }
    }
    out.push(p);
  }
  return out;
}


