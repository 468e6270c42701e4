/**
 * Transcript text as React text children (never HTML), with invisible bidi/format controls shown
 * as visible markers (Trojan Source) and, when a search is active, its matches marked.
 */
import type { ReactNode } from "react";
import { codePointName, UNSAFE_CHARS_BUT_LAYOUT } from "../../../server/src/protocol/unsafe-chars.js";

/**
 * The unsafe characters of protocol/unsafe-chars.ts (controls, bidi, default-ignorable code points,
 * the tag block), less tab, line feed and carriage return, which text and code lay out.
 */
const CONTROL_RE = UNSAFE_CHARS_BUT_LAYOUT;

/** `text` with each invisible character written as its code point ("U+202E"): for strings that go where no element can mark them (screen-reader text, options). */
export function markControls(text: string): string {
  return text.replace(CONTROL_RE, codePointName);
}

function withVisibleControls(text: string, keyBase: number): ReactNode[] {
  CONTROL_RE.lastIndex = 0;
  const any = CONTROL_RE.test(text);
  // matchAll copies lastIndex: start it from the beginning again
  CONTROL_RE.lastIndex = 0;
  if (!any) return [text];
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(CONTROL_RE)) {
    const at = m.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const code = codePointName(m[0]);
    parts.push(
      <span key={keyBase + at} className="ctl" title={`invisible character ${code}`}>
        {code}
      </span>,
    );
    last = at + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Where `query` occurs in `text`, case-insensitively: [start, end) pairs. */
export function matchRanges(text: string, query: string): [number, number][] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hay = text.toLowerCase();
  // lower-casing may change lengths (rare scripts): then mark nothing rather than the wrong span
  if (hay.length !== text.length) return [];
  const out: [number, number][] = [];
  for (let at = hay.indexOf(q); at >= 0; at = hay.indexOf(q, at + q.length)) out.push([at, at + q.length]);
  return out;
}

export function SafeText({ text, query }: { text: string; query?: string }) {
  const hits = query ? matchRanges(text, query) : [];
  if (!hits.length) return <>{withVisibleControls(text, 0)}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const [s, e] of hits) {
    if (s > last) parts.push(...withVisibleControls(text.slice(last, s), last));
    parts.push(
      <mark key={`m${s}`} className="hit">
        {withVisibleControls(text.slice(s, e), s)}
      </mark>,
    );
    last = e;
  }
  if (last < text.length) parts.push(...withVisibleControls(text.slice(last), last));
  return <>{parts}</>;
}
