/** Lossless repairs (pure): see repairs.ts, structural.ts, line-plan.ts, fix-all.ts and edits.ts. */
export * from "./edits.js";
export * from "./repairs.js";
export * from "./registry.js";
export { FIX_ORDER, type FixAllReport, type FixAllOptions, type FixAllStep } from "./fix-all.js";
export { applyPlan, editsFromLines, joinLines, keptInOrder, type PlannedLine, plannedLines } from "./line-plan.js";
