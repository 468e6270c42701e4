/**
 * A tool-call id that shortens in the middle when space is short ("toolu_01Ab…9xYz"): ids differ
 * at both ends (a provider prefix, a counter or random tail), so both ends stay readable. The whole
 * id stays in the text (copy, search) and in the tooltip; only the head is clipped, by CSS.
 */
import { SafeText } from "./SafeText.js";

const TAIL_CHARS = 6;

export function IdChip({ id, query }: { id: string; query?: string }) {
  const chars = [...id];
  const tailLen = chars.length > TAIL_CHARS * 2 ? TAIL_CHARS : 0;
  const head = chars.slice(0, chars.length - tailLen).join("");
  const tail = chars.slice(chars.length - tailLen).join("");
  const q = query?.trim().toLowerCase() ?? "";
  // a match across the head/tail seam: mark the chip as a whole
  const seamHit = !!q && tail !== "" && id.toLowerCase().includes(q) && !head.toLowerCase().includes(q) && !tail.toLowerCase().includes(q);
  return (
    <span className={`id${seamHit ? " hit-inside" : ""}`} title={id} data-id={id}>
      <span className="id-head">
        <SafeText text={head} query={query} />
      </span>
      {tail ? (
        <span className="id-tail">
          <SafeText text={tail} query={query} />
        </span>
      ) : null}
    </span>
  );
}
