/**
 * Phase 2 of pi-condense's `pruneMessages`: after a cooldown, large arguments of tool calls whose
 * result was an error are shrunk (docs/research/formats.md section 2.4; gh-19 keeps argument types).
 * Like pi-condense, errored calls are matched by bare id.
 */
import type { Msg } from "../../model/types.js";
import type { PiCondenseConfig } from "./config.js";
import { checkArgumentsSerialize, kindOf, throwsAt } from "./pruner-throw.js";

// pi-condense 2.9.1 src/error-purge.ts: line 49 maps `msg.content` of every assistant and reads
// `block.type` of each block; line 58-59 reads `JSON.stringify(block.arguments).length`.
const SRC_MAP = "src/error-purge.ts:49-50";
const SRC_STRINGIFY = "src/error-purge.ts:58-59";

const PURGE_STRING_MIN_CHARS = 200;

function shrinkStrings(value: unknown): [unknown, boolean] {
  if (typeof value === "string")
    return value.length > PURGE_STRING_MIN_CHARS ? [`<purged-errored-args size="${value.length}"/>`, true] : [value, false];
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const [next, changed] = shrinkStrings(v);
      if (changed) (out ??= value.slice())[i] = next;
    });
    return out ? [out, true] : [value, false];
  }
  if (value !== null && typeof value === "object") {
    let out: Record<string, unknown> | undefined;
    for (const k of Object.keys(value)) {
      const [next, changed] = shrinkStrings((value as any)[k]);
      if (changed) (out ??= { ...(value as any) })[k] = next;
    }
    return out ? [out, true] : [value, false];
  }
  return [value, false];
}

export function purgeErroredArgs(messages: Msg[], config: PiCondenseConfig["purgeErrors"]): Msg[] {
  const erroredAtTurn = new Map<string, number>();
  let turns = 0;
  for (const m of messages) {
    if (m.role === "assistant") turns++;
    else if (m.role === "toolResult" && m.isError === true && typeof m.toolCallId === "string") erroredAtTurn.set(m.toolCallId, turns);
  }
  if (erroredAtTurn.size === 0) return messages;
  let any = false;
  const out = messages.map((m) => {
    if (m.role !== "assistant") return m;
    if (!Array.isArray(m.content))
      throw throwsAt.msgSite(m, ["content"], `calls \`content.map\` on an assistant message whose \`content\` is ${kindOf(m.content)}`, SRC_MAP);
    // The blocks due for a purge, checked in pi-condense's order (the first failure throws).
    let due = "";
    for (let i = 0; i < m.content.length; i++) {
      const b = m.content[i];
      if (b === null || b === undefined) throw throwsAt.msgSite(m, ["content", i], `reads \`type\` of content block ${i}, which is ${kindOf(b)}`, SRC_MAP);
      if (b.type !== "toolCall") continue;
      const errorTurn = erroredAtTurn.get(b.id);
      if (errorTurn === undefined || turns - errorTurn < config.cooldownTurns) continue;
      checkArgumentsSerialize(m, i, b.id, b.arguments, SRC_STRINGIFY);
      due += `${i},`;
    }
    if (due === "") return m;
    // The same message with the same blocks due gives the same copy as in the previous analysis.
    const key = `${config.mode}|${config.minArgChars}|${due}`;
    const memo = purgedMemo.get(m);
    if (memo && memo.key === key) {
      if (memo.msg !== m) any = true;
      return memo.msg;
    }
    const purged = purgedCopy(m, erroredAtTurn, turns, config);
    purgedMemo.set(m, { key, msg: purged });
    if (purged !== m) any = true;
    return purged;
  });
  return any ? out : messages;
}

const purgedMemo = new WeakMap<Msg, { key: string; msg: Msg }>();

/** `m` with the arguments of its due calls purged (`m` itself when none is large enough). */
function purgedCopy(m: Msg, erroredAtTurn: Map<string, number>, turns: number, config: PiCondenseConfig["purgeErrors"]): Msg {
  let changed = false;
  const content = m.content.map((b: any, i: number) => {
    if (b === null || b === undefined) throw throwsAt.msgSite(m, ["content", i], `reads \`type\` of content block ${i}, which is ${kindOf(b)}`, SRC_MAP);
    if (b.type !== "toolCall") return b;
    const errorTurn = erroredAtTurn.get(b.id);
    if (errorTurn === undefined || turns - errorTurn < config.cooldownTurns) return b;
    checkArgumentsSerialize(m, i, b.id, b.arguments, SRC_STRINGIFY);
    const body = JSON.stringify(b.arguments) as string;
    if (body.length < config.minArgChars) return b;
    if (config.mode === "stub-object") {
      changed = true;
      return { ...b, arguments: { _purged: `<purged-errored-args size="${body.length}"/>` } };
    }
    const [shrunk, did] = shrinkStrings(b.arguments);
    if (!did) return b;
    changed = true;
    return { ...b, arguments: shrunk };
  });
  if (!changed) return m;
  return { ...m, content, purgedArgs: true };
}
