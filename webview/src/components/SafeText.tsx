/**
 * Transcript text as React text children (never HTML), with invisible bidi/format controls shown
 * as visible markers (Trojan Source) and, when a search is active, its matches marked.
 */
import type { ReactNode } from "react";

/**
 * Bidi controls and other invisible characters: the set of the engine's unsafe-chars.ts (C0 and C1
 * controls and DEL, bidi overrides and isolates, zero-width and invisible characters), less tab,
 * line feed and carriage return, which text and code lay out.
 */
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069\ufeff\ufff9-\ufffb]/g;

/** `text` with each invisible character written as its code point ("U+202E"): for strings that go where no element can mark them (screen-reader text, options). */
export function markControls(text: string): string {
  return text.replace(CONTROL_RE, (c) => "U+" + c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0"));
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
    const code = "U+" + m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    parts.push(
      <span key={keyBase + at} className="ctl" title={`invisible control character ${code}`}>
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
