/**
 * oh-my-pi's title slot: the first physical line of its session files, before the `session`
 * header, `{"type":"title","v":1,"title","source"?,"updatedAt","pad"}` padded with spaces to 256
 * bytes so that a new title is written over it in place. Its loader peels the line off only when
 * it is such a slot and reads it as the session's title; anything else on line 1 is an ordinary
 * entry (yorha2B0826/oh-my-pi c13ef04b, a mirror of can1357/oh-my-pi:
 * packages/coding-agent/src/session/session-title-slot.ts `parseTitleSlotLine`, packages/coding-agent/src/session/session-loader.ts
 * `splitTitleSlot`).
 */
export function isTitleSlot(v: Record<string, any>): boolean {
  return v.type === "title" && v.v === 1 && typeof v.title === "string" && typeof v.updatedAt === "string" && typeof v.pad === "string";
}
