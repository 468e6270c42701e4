/**
 * Issue 11 item 3: the orphan sweep and the wire pass resume their last run at the last assistant
 * message both inputs share (engine/incremental/fold-resume.ts). Property (fixed seed, bounded
 * runs, no timing): for random contexts (calls and results that pair, repeat, come late or after
 * a barrier, error turns, excluded bash runs, unknown roles) and a random sequence of next inputs
 * (appends, an edited message, a cut, the same input again), every run equals a run from the start
 * on copies of the same messages (which share nothing with the kept runs).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { sweepOrphanToolResults } from "../../server/src/engine/render/pi-condense/orphan-sweep.js";
import { toWire, type WireReport } from "../../server/src/engine/render/pi-ai/transform-messages.js";
import type { Msg } from "../../server/src/engine/model/types.js";

const SEED = 1103;
const RUNS = 300;
const IDS = ["bash_0", "bash_1", "bash_2"];

let serial = 0;
const msg = (m: Partial<Msg> & { role: string }): Msg => ({ ...m, origin: { kind: "entry", line: serial++, entryId: `e${serial}` } }) as Msg;

const arbMsg: fc.Arbitrary<() => Msg> = fc.oneof(
  fc.constant(() => msg({ role: "user", content: [{ type: "text", text: "u" }] })),
  fc.record({ calls: fc.subarray(IDS), stop: fc.constantFrom("toolUse", "stop", "error", "aborted") }).map(({ calls, stop }) => () =>
    msg({ role: "assistant", stopReason: stop, content: calls.map((id) => ({ type: "toolCall", id, name: "bash", arguments: {} })) }),
  ),
  fc.constantFrom(...IDS).map((id) => () => msg({ role: "toolResult", toolCallId: id, toolName: "bash", content: [{ type: "text", text: "r" }] })),
  fc.boolean().map((excluded) => () => msg({ role: "bashExecution", command: "ls", output: "x", excludeFromContext: excluded })),
  fc.constant(() => msg({ role: "custom", customType: "note", content: "c" })),
  fc.constant(() => msg({ role: "mystery" })),
);

/** What a next input is made from the current one. */
type Step = { kind: "append"; more: (() => Msg)[] } | { kind: "edit"; at: number; to: () => Msg } | { kind: "cut"; at: number } | { kind: "same" };
const arbStep: fc.Arbitrary<Step> = fc.oneof(
  fc.array(arbMsg, { minLength: 1, maxLength: 4 }).map((more) => ({ kind: "append" as const, more })),
  fc.record({ at: fc.nat(), to: arbMsg }).map(({ at, to }) => ({ kind: "edit" as const, at, to })),
  fc.nat().map((at) => ({ kind: "cut" as const, at })),
  fc.constant({ kind: "same" as const }),
);

function next(cur: Msg[], s: Step): Msg[] {
  if (s.kind === "append") return cur.concat(s.more.map((f) => f()));
  if (s.kind === "same" || cur.length === 0) return cur.slice();
  if (s.kind === "cut") return cur.slice(0, s.at % cur.length);
  const out = cur.slice();
  out[s.at % cur.length] = s.to();
  return out;
}

/** Results in terms of input positions, so runs on different objects compare. */
function sweepShape(input: Msg[], r: ReturnType<typeof sweepOrphanToolResults>) {
  const pos = new Map(input.map((m, i) => [m, i]));
  return { identical: r.messages === input, messages: r.messages.map((m) => pos.get(m)), swept: r.swept.map((s) => [pos.get(s.msg), s.reason, s.barrier ? pos.get(s.barrier) : null]) };
}
function wireShape(input: Msg[], r: WireReport) {
  const pos = new Map(input.map((m, i) => [m, i]));
  const line = (m: Msg) => (m.origin.kind === "entry" ? m.origin.line : m.origin.kind === "synthetic" ? m.origin.forLine : null);
  return {
    messages: r.messages.map((m) => pos.get(m) ?? `${m.origin.kind}:${m.role}:${m.agentRole ?? m.toolCallId}:${line(m)}`),
    dropped: r.dropped.map((d) => [pos.get(d.msg), d.by]),
    synthetic: r.synthetic.map((s) => [s.call.id, pos.get(s.assistant), s.atEnd]),
    errorTurnResults: r.errorTurnResults.map((e) => [pos.get(e.msg), pos.get(e.assistant)]),
  };
}
const copies = (input: Msg[]) => input.map((m) => ({ ...m, content: Array.isArray(m.content) ? m.content.map((b: any) => ({ ...b })) : m.content }) as Msg);

describe("resumed folds equal runs from the start", () => {
  it("orphan sweep and wire pass after appends, edits, cuts and repeats", () => {
    fc.assert(
      fc.property(fc.array(arbMsg, { maxLength: 25 }), fc.array(arbStep, { minLength: 1, maxLength: 8 }), (start, steps) => {
        let cur = start.map((f) => f());
        for (const s of [{ kind: "same" } as Step, ...steps]) {
          cur = next(cur, s);
          const fresh = copies(cur);
          // Shapes are in input positions: the fresh run's copies map back to the same positions.
          assert.deepEqual(sweepShape(cur, sweepOrphanToolResults(cur)), sweepShape(fresh, sweepOrphanToolResults(fresh)));
          assert.deepEqual(wireShape(cur, toWire(cur)), wireShape(fresh, toWire(fresh)));
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
