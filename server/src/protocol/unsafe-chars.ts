/**
 * The one list of characters from a transcript that are never shown as they are, wherever text is
 * shown (the CLI's terminal output, hovers, the webview, diagnostic messages, outline names,
 * code-action titles, the status bar): presentation data shared by the server, the extension and
 * the webview (pure, no engine).
 *
 * - C0 controls, DEL and C1 controls: ESC starts terminal sequences (OSC 0 sets the title, OSC 52
 *   writes the clipboard), CSI (U+009B) does on some terminals.
 * - Bidirectional controls (U+061C, U+200E/F, U+202A-202E, U+2066-2069): text that reads
 *   differently than it is (a U+202E in a diagnostic reorders it in the Problems panel).
 * - Unicode's default-ignorable code points: zero-width characters, soft hyphen, CGJ, variation
 *   selectors, Mongolian vowel separators, Hangul fillers, word joiner and invisible operators,
 *   the BOM, and the tag block U+E0000-E007F ("ASCII smuggling": hidden instructions). Ids that
 *   look equal and are not, text that says more than it shows.
 * - Line and paragraph separators and the interlinear annotation controls.
 */

/** Inclusive code point ranges (Unicode 15 Default_Ignorable_Code_Point, plus controls and separators). */
export const UNSAFE_CHAR_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f], // C0 controls (tab, LF, CR included: see LAYOUT_CHARS)
  [0x007f, 0x009f], // DEL, C1 controls
  [0x00ad, 0x00ad], // soft hyphen
  [0x034f, 0x034f], // combining grapheme joiner
  [0x061c, 0x061c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul choseong and jungseong fillers
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180f], // Mongolian free variation selectors, vowel separator
  [0x200b, 0x200f], // zero-width space, joiners, LRM, RLM
  [0x2028, 0x2029], // line and paragraph separators
  [0x202a, 0x202e], // bidi embeddings and overrides
  [0x2060, 0x206f], // word joiner, invisible operators, bidi isolates, deprecated format controls
  [0x3164, 0x3164], // Hangul filler
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // zero-width no-break space (BOM)
  [0xffa0, 0xffa0], // halfwidth Hangul filler
  [0xfff0, 0xfffb], // unassigned specials, interlinear annotation controls
  [0x1bca0, 0x1bca3], // shorthand format controls
  [0x1d173, 0x1d17a], // musical symbol format controls
  [0xe0000, 0xe0fff], // tag block (U+E0000-E007F), variation selectors supplement, reserved
];

/** Tab, line feed and carriage return: text and code in the webview lay them out, so it keeps them. */
export const LAYOUT_CHARS = "\t\n\r";

const hex = (n: number) => n.toString(16).padStart(4, "0");
const classOf = (ranges: readonly (readonly [number, number])[]) =>
  ranges.map(([a, b]) => (a === b ? `\\u{${hex(a)}}` : `\\u{${hex(a)}}-\\u{${hex(b)}}`)).join("");

/** Every unsafe character (global, Unicode mode: a tag character is one match, not two halves). */
export const UNSAFE_CHARS = new RegExp(`[${classOf(UNSAFE_CHAR_RANGES)}]`, "gu");

/** The unsafe characters less tab, line feed and carriage return (for text laid out as text). */
export const UNSAFE_CHARS_BUT_LAYOUT = new RegExp(`(?![\\t\\n\\r])[${classOf(UNSAFE_CHAR_RANGES)}]`, "gu");

/** Whether `c` (one code point) is on the list. */
export function isUnsafeChar(c: string): boolean {
  const n = c.codePointAt(0);
  if (n === undefined) return false;
  for (const [a, b] of UNSAFE_CHAR_RANGES) if (n >= a && n <= b) return true;
  return false;
}

/** `U+202E` for a character (`U+E0041` for a tag character). */
export function codePointName(c: string): string {
  return "U+" + c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
}

/** A visible escape for one unsafe character, as in JavaScript source: `\x1b`, `\u202e`, `\u{e0041}`. */
export function codePointEscape(c: string): string {
  const n = c.codePointAt(0)!;
  if (n <= 0xff) return "\\x" + n.toString(16).padStart(2, "0");
  if (n <= 0xffff) return "\\u" + n.toString(16).padStart(4, "0");
  return "\\u{" + n.toString(16) + "}";
}

/**
 * Plain text with every unsafe character written as its escape (`\x1b`, `\u202e`, `\u{e0041}`):
 * for the terminal, diagnostic messages, outline names, code-action titles and the status bar.
 */
export function escapeUnsafe(text: unknown): string {
  return String(text).replace(UNSAFE_CHARS, codePointEscape);
}

/** Plain text with every unsafe character written as its code point in marks (`‹U+202E›`): hovers. */
export function markUnsafe(text: unknown): string {
  return String(text).replace(UNSAFE_CHARS, (c) => `\u2039${codePointName(c)}\u203a`);
}
