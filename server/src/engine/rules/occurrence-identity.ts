/**
 * Rule 2, occurrence identity (seed toolcall-id-collisions.md, section B; AC 6-11 as they apply
 * to reading a file). Provider tool-call ids are unique only within one response, so each call
 * occurrence is keyed `id@resultTimestamp` and paired with the results of its own turn
 * (positionally: the results between this assistant and the next one, first result per id wins).
 *
 * Findings: `colliding-id` (an id used by calls in more than one turn: one finding per id, on
 * its first reuse, information by default), `duplicate-call-id` (the same id twice in one
 * assistant message). Linear in occurrences; related lists capped (related-cap.ts).
 */
import type { Finding, Msg } from "../model/types.js";
import type { Occurrence, OccurrenceIndex } from "../model/occurrence-index.js";
import { cappedRelated } from "../model/related-cap.js";
import { ALL_ENABLED, type CodeTable, type EnabledCodes, findingMaker } from "../model/finding-kit.js";

export const OCCURRENCE_IDENTITY_CODES = {
  "colliding-id": {
    description: "A tool-call id used by calls in more than one turn (one finding per id, on its first reuse).",
    severity: "information",
    follows: "seed toolcall-id-collisions.md section B (occurrence identity)",
    fixes: ["make-id-unique", "fix-all"],
  },
  "duplicate-call-id": {
    description: "The same tool-call id twice in one assistant message.",
    severity: "error",
    follows: "seed toolcall-id-collisions.md section B (occurrence identity)",
    fixes: [],
  },
} as const satisfies CodeTable;

const make = findingMaker(OCCURRENCE_IDENTITY_CODES);

export function occurrenceFindings(idx: OccurrenceIndex, enabled: EnabledCodes = ALL_ENABLED): Finding[] {
  const findings: Finding[] = [];
  const duplicates = enabled.has("duplicate-call-id");
  const colliding = enabled.has("colliding-id");
  if (!duplicates && !colliding) return findings;
  const key = `${duplicates}|${colliding}`;
  for (const [id, list] of idx.byId) {
    if (list.length < 2) continue;
    // An id's list is never changed once made, and a continued index shares the lists of the ids
    // an append or edit did not touch: their findings are the last ones.
    const memo = findingsOfList.get(list);
    if (memo && memo.key === key) {
      for (const f of memo.findings) findings.push(f);
      continue;
    }
    const own: Finding[] = [];
    if (duplicates) duplicateFindings(id, list, own);
    if (colliding) {
      const f = collidingFinding(id, list);
      if (f) own.push(f);
    }
    findingsOfList.set(list, { key, findings: own });
    for (const f of own) findings.push(f);
  }
  return findings;
}

const findingsOfList = new WeakMap<Occurrence[], { key: string; findings: Finding[] }>();

/** `duplicate-call-id` on each call after the first with the same id in one assistant message. */
function duplicateFindings(id: string, list: Occurrence[], findings: Finding[]): void {
  const perAssistant = new Map<Msg, Occurrence[]>();
  for (const o of list) {
    const group = perAssistant.get(o.assistant);
    if (group) group.push(o);
    else perAssistant.set(o.assistant, [o]);
  }
  for (const group of perAssistant.values()) {
    if (group.length < 2) continue;
    const placed = group.filter((g) => g.callLine !== null).length;
    for (const o of group.slice(1)) {
      if (o.callLine === null) continue;
      const self = { line: o.callLine, path: o.callPath };
      findings.push(make("duplicate-call-id", {
        ...self,
        toolCallId: id,
        message: `Tool-call id used twice in one message. \`${id}\` appears ${group.length} times in one assistant message: its results cannot be told apart, and providers reject duplicate ids in one response.`,
        related: cappedRelated(group, (g) => (g !== o && g.callLine !== null ? { line: g.callLine, path: g.callPath, message: "same id in the same message" } : null), self, { total: placed - 1 }),
      }));
    }
  }
}

/**
 * `colliding-id`: one finding per id used in more than one turn, on its first reuse (the first
 * call in a later turn than the first): the place where keying on the bare id starts to confuse
 * calls, and the call the make-id-unique repair renames.
 */
function collidingFinding(id: string, list: Occurrence[]): Finding | null {
  const firstTurn = list[0].turn;
  let turns = 0;
  let lastTurn = -1;
  let placed = 0;
  let anchor: Occurrence | undefined;
  for (const o of list) {
    if (o.turn !== lastTurn) turns++;
    lastTurn = o.turn;
    if (o.callLine !== null) placed++;
    if (!anchor && o.turn !== firstTurn && o.callLine !== null) anchor = o;
  }
  if (turns < 2 || !anchor || anchor.callLine === null) return null;
  const self = { line: anchor.callLine, path: anchor.callPath };
  const calls = `${list.length.toLocaleString("en-US")} calls in ${turns.toLocaleString("en-US")} turns`;
  return make("colliding-id", {
    ...self,
    toolCallId: id,
    message:
      `Tool-call id \`${id}\` is reused: ${calls} use it. ` +
      `Reusing an id across turns is legal for several providers (Kimi and Copilot restart a per-tool counter); the danger is only where something keys on the bare id (an id-set pruner, a dedup cache) and confuses these calls. ` +
      `This is its first reuse (turn ${anchor.turn}; first used in turn ${firstTurn}); occurrence keys tell the calls apart, this one is \`${anchor.key}\`.`,
    related: cappedRelated(list, (x) => (x !== anchor && x.callLine !== null ? { line: x.callLine, path: x.callPath, message: `\`${x.key}\`, turn ${x.turn}` } : null), self, { total: placed - 1 }),
  });
}
