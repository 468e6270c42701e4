/** Provider rule codes are in the rule table: new ones in PROVIDER_CODES, shared concepts under their existing code. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { PROVIDER_CODES } from "../../server/src/engine/rules/provider-codes.js";
import { PROVIDER_RULES } from "../../server/src/engine/providers/rules.js";
import { isFindingCode } from "../../server/src/engine/rules/registry.js";

describe("provider codes", () => {
  it("every provider rule's code is a registered finding code", () => {
    for (const r of PROVIDER_RULES) assert.ok(isFindingCode(r.code), r.code);
  });

  it("PROVIDER_CODES lists exactly the provider rules that no other rule file already names", () => {
    const shared = ["orphan-result", "dangling-call", "duplicate-call-id", "colliding-id", "leading-non-user"];
    const own = PROVIDER_RULES.map((r) => r.code).filter((c) => !shared.includes(c));
    assert.deepEqual(Object.keys(PROVIDER_CODES).sort(), own.sort());
  });
});
