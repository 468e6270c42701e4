/**
 * Characters from a transcript that must never reach a terminal or a hover as they are: C0 and C1
 * controls and DEL (ESC starts terminal sequences: OSC 0 sets the title, OSC 52 writes the
 * clipboard), bidirectional overrides and isolates (text that reads differently than it is), and
 * zero-width or invisible characters (ids that look equal and are not).
 */
export const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/g;

/** `U+202E` for a character. */
export function codePointName(c: string): string {
  return "U+" + c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
}
