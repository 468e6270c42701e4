/**
 * Code highlighting (issue 23): highlight.js grammars through lowlight, which returns a syntax
 * tree (never an HTML string), drawn as React elements whose text goes through SafeText. A fixed
 * set of languages keeps the bundle small; anything else, and code past HIGHLIGHT_MAX_CHARS, is
 * drawn plain. No eval: highlight.js builds regular expressions, nothing else.
 */
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import ruby from "highlight.js/lib/languages/ruby";
import rust from "highlight.js/lib/languages/rust";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";

const lowlight = createLowlight({ bash, c, cpp, css, diff, go, java, javascript, json, markdown, python, ruby, rust, shell, sql, typescript, xml, yaml });
lowlight.registerAlias({ bash: ["sh", "zsh", "console"], javascript: ["js", "jsx", "mjs", "cjs"], typescript: ["ts", "tsx"], python: ["py"], rust: ["rs"], yaml: ["yml"], xml: ["html", "svg"], markdown: ["md"], json: ["jsonc", "jsonl"] });

/** Longer code is drawn plain (highlighting costs more than it helps there). */
export const HIGHLIGHT_MAX_CHARS = 20_000;

export interface HastText {
  type: "text";
  value: string;
}
export interface HastElement {
  type: "element";
  tagName: string;
  properties?: { className?: string[] | string };
  children: HastNode[];
}
export type HastNode = HastText | HastElement;

/** The highlighted tree of `code` in `lang` (a fence's info word), or null to draw it plain. */
export function highlightTree(code: string, lang: string | undefined): HastNode[] | null {
  const name = (lang ?? "").trim().split(/\s+/)[0]?.toLowerCase();
  if (!name || code.length > HIGHLIGHT_MAX_CHARS || !lowlight.registered(name)) return null;
  try {
    return lowlight.highlight(name, code).children as HastNode[];
  } catch {
    return null;
  }
}
