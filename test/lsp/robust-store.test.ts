/** Issue 15: documents read from disk for the inspector are released when no longer shown. */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, it } from "node:test";
import { DEFAULT_SETTINGS } from "../../server/src/lsp/settings.js";
import { Store } from "../../server/src/lsp/store.js";
import { sessionText } from "../helpers/session-builder.js";

describe("Store", () => {
  it("keeps only the most recently shown disk documents (the others are released)", () => {
    const dir = mkdtempSync(join(tmpdir(), "ti-store-"));
    try {
      const store = new Store();
      const uris: string[] = [];
      for (let i = 0; i < 6; i++) {
        const p = join(dir, `s${i}.jsonl`);
        writeFileSync(p, sessionText([{ user: 1 }, { assistant: 2, text: `x${i}` }]));
        const u = pathToFileURL(p).toString();
        uris.push(u);
        const text = store.readDisk(u)!;
        assert.ok(store.get(u, null, text, DEFAULT_SETTINGS).analysis);
      }
      const kept = store.retainedUris();
      assert.ok(kept.length <= 2, `kept ${kept.length}`);
      assert.ok(kept.includes(uris[5]), "the last one shown is kept");
      // A synced (open) document is not a disk document: never released by this rule.
      store.get("file:///open.jsonl", 1, sessionText([{ user: 1 }]), DEFAULT_SETTINGS);
      for (const u of uris) store.get(u, null, store.readDisk(u)!, DEFAULT_SETTINGS);
      assert.ok(store.retainedUris().includes("file:///open.jsonl"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
