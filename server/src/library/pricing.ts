/**
 * Cost: recorded usage priced per model with a dated price table (price-table.ts, a subset of
 * LiteLLM's model prices that ships with the extension), or a LiteLLM price file the user names
 * (read from disk only when asked: nothing is ever fetched). Uncached input, output, cache reads
 * and cache writes are each priced at their own rate; a model without a cache price pays the
 * input rate for cache writes and for reads.
 */
import { promises as fsp, readFileSync, statSync } from "node:fs";
import type { LibraryTokens } from "../protocol/library.js";
import { PRICE_TABLE, PRICE_TABLE_DATE, PRICE_TABLE_SOURCE } from "./price-table.js";

export interface ModelPrice {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

export interface PriceTable {
  date: string;
  source: string;
  prices: Map<string, ModelPrice>;
}

/** A LiteLLM-shaped object (model -> { input_cost_per_token, ... }) as a price table. */
export function priceTableOf(json: Record<string, unknown>, date: string, source: string): PriceTable {
  const prices = new Map<string, ModelPrice>();
  for (const [model, v] of Object.entries(json)) {
    if (!v || typeof v !== "object") continue;
    const e = v as Record<string, unknown>;
    const num = (k: string) => (typeof e[k] === "number" && Number.isFinite(e[k]) && (e[k] as number) >= 0 ? (e[k] as number) : undefined);
    const input = num("input_cost_per_token");
    const output = num("output_cost_per_token");
    if (input === undefined || output === undefined) continue;
    prices.set(model.toLowerCase(), { input, output, cacheRead: num("cache_read_input_token_cost"), cacheWrite: num("cache_creation_input_token_cost") });
  }
  return { date, source, prices };
}

let shipped: PriceTable | undefined;
/** The table that ships with the extension. */
export function shippedPriceTable(): PriceTable {
  return (shipped ??= priceTableOf(PRICE_TABLE, PRICE_TABLE_DATE, PRICE_TABLE_SOURCE));
}

/** A LiteLLM price file from disk (model_prices_and_context_window.json), dated by the file's time. */
export function readPriceFile(path: string): PriceTable {
  return priceFileTable(path, readFileSync(path, "utf8"), statSync(path).mtime);
}

/** The same, with asynchronous file calls (the library's own thread answers the Sessions view meanwhile). */
export async function readPriceFileAsync(path: string): Promise<PriceTable> {
  const [text, st] = await Promise.all([fsp.readFile(path, "utf8"), fsp.stat(path)]);
  return priceFileTable(path, text, st.mtime);
}

function priceFileTable(path: string, text: string, mtime: Date): PriceTable {
  const json = JSON.parse(text);
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error(`${path} is not a LiteLLM price file (an object of models)`);
  const table = priceTableOf(json, mtime.toISOString().slice(0, 10), path);
  if (table.prices.size === 0) throw new Error(`${path} has no model with input_cost_per_token and output_cost_per_token`);
  return table;
}

/**
 * The price of a recorded model id: exactly, else without a provider prefix ("anthropic/",
 * "openai/", Bedrock's "anthropic." and region), else without a date suffix ("-20250514"), else
 * the longest table key the id starts with ("gpt-5.1-codex-max-high" -> "gpt-5.1-codex-max").
 */
export function priceOf(table: PriceTable, model: string): ModelPrice | undefined {
  let id = model.toLowerCase().trim();
  const exact = table.prices.get(id);
  if (exact) return exact;
  id = id.replace(/^.*\//, "").replace(/^(us|eu|apac|global)\./, "").replace(/^anthropic\./, "").replace(/-v\d+(:\d+)?$/, "");
  const found = table.prices.get(id) ?? table.prices.get(id.replace(/-\d{8}$/, "")) ?? table.prices.get(id.replace(/@\d{8}$/, ""));
  if (found) return found;
  // "claude-sonnet-4" for the table's dated "claude-sonnet-4-20250514"
  for (const [key, price] of table.prices) if (key.startsWith(id + "-") && /^-\d{8}$/.test(key.slice(id.length))) return price;
  let best: string | undefined;
  for (const key of table.prices.keys()) if (id.startsWith(key) && /[-.@:_]/.test(id[key.length] ?? "") && (!best || key.length > best.length)) best = key;
  return best ? table.prices.get(best) : undefined;
}

/** USD for these tokens at this price. */
export function costOf(price: ModelPrice, t: LibraryTokens): number {
  return t.input * price.input + t.output * price.output + t.cacheRead * (price.cacheRead ?? price.input) + t.cacheWrite * (price.cacheWrite ?? price.input);
}
