/** The format-drift guard, shared by the agents' readers (formats/drift.ts). */
export { DriftGuard, driftFinding, type DriftWords, hasEntryType } from "../drift.js";
