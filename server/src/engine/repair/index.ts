/** Lossless repairs (pure): see repairs.ts and edits.ts. */
export * from "./edits.js";
export * from "./repairs.js";
export * from "./registry.js";
