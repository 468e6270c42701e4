/**
 * The repair hooks of an agent that keeps a session only as one JSON document or in a database
 * (`documentsOnly`: Cline's SDK, Cline's extension, Roo Code, OpenCode, Hermes Agent): repairs
 * edit lines and are never offered on it (repair/registry.ts), so the hooks are never called; they
 * say what a repair would be. No result line is removed, no line carries ids, the entries are not
 * linked by id; the agent says the rest.
 */
import type { FormatProfile } from "./profile.js";

type Repair = FormatProfile["repair"];

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
