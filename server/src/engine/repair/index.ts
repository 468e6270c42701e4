/** Lossless repairs (pure): see repairs.ts, structural.ts, line-plan.ts, fix-all.ts and edits.ts. */
export * from "./edits.js";
export * from "./repairs.js";
export * from "./registry.js";
export { FIX_ORDER, type FixAllReport, type FixAllOptions, type FixAllStep } from "./fix-all.js";
export { applyPlan, editsFromLines, joinLines, type PlannedLine, plannedLines } from "./line-plan.js";
export { type Anchor, isKept, keptInOrder, type KeptLines, type PlanPiece, PlannedLines } from "./planned-lines.js";
