/**
 * What the profile of an agent that keeps a session only as one JSON document or in a database
 * (`documentsOnly`: Cline's SDK, Cline's extension, Roo Code, OpenCode, Hermes Agent) says alike:
 * no JSON Lines form, entries in document order (the last is the leaf), no entry named by
 * another, no usage on a line, no other files linked; and repairs, which edit lines, never
 * offered on it (repair/registry.ts).
 */
import type { Entry } from "../model/types.js";
import type { FormatProfile } from "./profile.js";

export const ONE_DOCUMENT_PROFILE: Pick<FormatProfile, "detect" | "read" | "documentsOnly" | "leaf" | "entryRefKeys" | "usageOnLine" | "renderedByPruners" | "linksOtherFiles"> = {
  detect: () => false,
  read: () => ({ entries: [], findings: [] }),
  documentsOnly: true,
  leaf: (entries: Entry[]) => entries[entries.length - 1],
  entryRefKeys: new Set(),
  usageOnLine: () => undefined,
  renderedByPruners: false,
  linksOtherFiles: false,
};

type Repair = FormatProfile["repair"];

/**
 * The repair hooks of such an agent: never called, they say what a repair would be. No result
 * line is removed, no line carries ids, the entries are not linked by id; the agent says the rest.
 */
export function oneDocumentRepair(own: { interruptedResult: Repair["interruptedResult"]; newEntryId: Repair["newEntryId"]; noMergeReason: string }): Repair {
  return {
    resultLineRemoval: () => null,
    turnLinesCarryIds: false,
    interruptedResult: own.interruptedResult,
    linked: false,
    newEntryId: own.newEntryId,
    noMergeReason: own.noMergeReason,
  };
}
