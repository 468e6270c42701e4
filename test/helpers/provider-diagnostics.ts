/**
 * Provider rules add diagnostics of their own codes (PROVIDER_CODES: information where only
 * providers other than the target would reject). Tests about the generic findings look past them.
 */
import { PROVIDER_CODES } from "../../server/src/engine/rules/provider-codes.js";

/** Whether a diagnostic is of a code only the provider rules report. */
export function isProviderOnly(d: { code?: unknown }): boolean {
  return typeof d.code === "string" && Object.prototype.hasOwnProperty.call(PROVIDER_CODES, d.code);
}

/** The diagnostics of the generic rules (and provider findings folded into them). */
export function genericOnly<T extends { code?: unknown }>(ds: T[]): T[] {
  return ds.filter((d) => !isProviderOnly(d));
}
