/**
 * The UTF-8 size of a string, counted from its UTF-16 code units without a copy or an encoder
 * (the engine has neither DOM nor Node types): what a text costs on the wire or on disk. A lone
 * surrogate (a high one not followed by a low one, or a low one alone) counts 3 bytes: the
 * replacement character it is encoded as.
 */

/** UTF-8 bytes of `s`, counting only until the count passes `stopAt` (then the count so far). */
export function utf8Bytes(s: string, stopAt = Infinity): number {
  let n = 0;
  for (let i = 0; i < s.length && n <= stopAt; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(s.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** NaN (past the end) is not. */
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
