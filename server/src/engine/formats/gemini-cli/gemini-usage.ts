/**
 * Gemini CLI records each response's usage in its model record's `tokens` (`input`: the prompt,
 * cached part included; `output`; `cached`; `thoughts`; `tool`; `total`), written again with the
 * record whenever the record is (a record is written before its calls and again with them). The
 * uncached part is reported as input; thoughts are reasoning output.
 */
import { isObject } from "../../model/parse.js";
import type { DocumentPlaces } from "../../model/types.js";
import { type LineUsage, usageNumber as num } from "../../model/usage-record.js";
import { lineKind } from "./gemini-records.js";

/** The usage of one model record on `line`, keyed by its id (a later copy of the record replaces it, on the first copy's line). */
function recordUsage(rec: Record<string, any>, line: number): LineUsage | undefined {
  if (rec.type !== "gemini" || !isObject(rec.tokens)) return undefined;
  // A record with no parts is not a message the CLI sends: its usage belongs to no message shown.
  const parts = (rec.content !== undefined && rec.content !== null && rec.content !== "") || (Array.isArray(rec.thoughts) && rec.thoughts.length > 0) || (Array.isArray(rec.toolCalls) && rec.toolCalls.length > 0);
  if (!parts) return undefined;
  const t = rec.tokens;
  const cached = num(t.cached);
  return {
    ...(typeof rec.id === "string" ? { key: `gemini:${rec.id}` } : {}),
    rec: {
      line,
      input: Math.max(0, num(t.input) - cached),
      output: num(t.output),
      cacheRead: cached,
      cacheWrite: 0,
      reasoning: num(t.thoughts),
      ...(typeof rec.model === "string" ? { model: rec.model } : {}),
      // The record is written before its last copy (the message Before shows): it belongs to the
      // first model message at or after its line.
      precedesResponse: true,
    },
  };
}

/** A JSONL line's usage: a model record's own line (a `$set` of many records rewrites history whose usage was recorded when it happened). */
export function geminiUsage(v: Record<string, any>, line: number): LineUsage | undefined {
  return lineKind(v) === "record" ? recordUsage(v, line) : undefined;
}

/** A chat document's usage: each model message's, at the line where it starts. */
export function geminiDocumentUsage(doc: DocumentPlaces): LineUsage[] {
  const root = doc.root;
  if (!isObject(root) || !Array.isArray(root.messages)) return [];
  const out: LineUsage[] = [];
  root.messages.forEach((m: unknown, i: number) => {
    const u = isObject(m) ? recordUsage(m, doc.lineOf(["messages", i])) : undefined;
    if (u) out.push(u);
  });
  return out;
}
