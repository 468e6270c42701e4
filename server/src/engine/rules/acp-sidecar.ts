/**
 * billion-context-pi's acp-kernel sidecar (`<session>.jsonl.acp.json`, docs/research/formats.md section 3.3): state
 * that is not valid (`acp-sidecar-invalid`), and blocks or message refs that name nothing in the
 * session (`acp-dangling-ref`).
 */
import { baseIdOf } from "../render/acp-kernel/kernel-prune.js";
import type { CompressionState } from "../render/acp-kernel/sidecar.js";
import type { Finding } from "../model/types.js";
import { type CodeTable, findingMaker } from "../model/finding-kit.js";

export const ACP_SIDECAR_CODES = {
  "acp-dangling-ref": {
    description: "An acp-kernel block or message ref that resolves to nothing.",
    severity: "warning",
    otherSeverities: { information: "only message refs (`mNNNNN`) resolve to nothing" },
    follows: "acp-kernel CompressionState (docs/research/formats.md section 3.3)",
    fixes: [],
  },
  "acp-sidecar-invalid": {
    description: "An acp-kernel sidecar that is not valid state.",
    severity: "warning",
    follows: "acp-kernel CompressionState (docs/research/formats.md section 3.3)",
    fixes: [],
  },
} as const satisfies CodeTable;

const make = findingMaker(ACP_SIDECAR_CODES);

export function invalidSidecarFinding(sidecarName: string, error: string, headerLine: number): Finding {
  return make("acp-sidecar-invalid", {
    line: headerLine,
    message: `The acp-kernel sidecar file is not valid. ${sidecarName}: ${error}. The session is analysed without it.`,
  });
}

export function danglingRefFindings(state: CompressionState, entryIds: Set<string>, headerLine: number, sidecarName: string): Finding[] {
  const out: Finding[] = [];
  const blockIds = new Set(state.blocks.map((b) => b.blockId));
  for (const b of state.blocks) {
    const missing = b.effectiveMessageIds.filter((id) => !entryIds.has(baseIdOf(id)) && !id.startsWith("live-"));
    const missingBlocks = b.directBlockIds.filter((id) => !blockIds.has(id));
    if (!missing.length && !missingBlocks.length) continue;
    out.push(
      make("acp-dangling-ref", {
        line: headerLine,
        message: `Sidecar block ${b.blockId} names what is not in this session. ${sidecarName}: block ${b.blockId}${b.active ? "" : " (inactive)"} names ${[
          missing.length ? `message id(s) ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ` (+${missing.length - 5} more)` : ""}` : "",
          missingBlocks.length ? `block(s) ${missingBlocks.join(", ")}` : "",
        ]
          .filter(Boolean)
          .join(" and ")} that resolve to nothing in this session.`,
      }),
    );
  }
  const danglingRefs = Object.entries(state.messageRefs.byRef).filter(([, raw]) => raw !== "BLOCKED" && !entryIds.has(baseIdOf(raw)) && !raw.startsWith("live-"));
  if (danglingRefs.length)
    out.push(
      make(
        "acp-dangling-ref",
        {
          line: headerLine,
          message: `Sidecar refers to messages not in this session. ${sidecarName}: ${danglingRefs.length} message ref(s) resolve to nothing here (${danglingRefs.slice(0, 5).map(([ref, raw]) => `${ref} -> ${raw}`).join(", ")}).`,
        },
        "information",
      ),
    );
  return out;
}
