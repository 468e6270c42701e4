/** A block of code, highlighted when its language is known (highlight.ts), every text part through SafeText. */
import { memo, type ReactNode } from "react";
import { SafeText } from "../components/SafeText.js";
import { type HastNode, highlightTree } from "./highlight.js";

/** Only `hljs-*` class names reach the page (the tree comes from the grammars, never from the transcript). */
const classOf = (p: { className?: string[] | string } | undefined): string | undefined => {
  const c = p?.className;
  const names = (Array.isArray(c) ? c : typeof c === "string" ? [c] : []).filter((n) => /^hljs-[a-z_-]+$/.test(n));
  return names.length ? names.join(" ") : undefined;
};

function nodes(list: HastNode[], query: string | undefined, path: string): ReactNode[] {
  return list.map((n, i) =>
    n.type === "text" ? (
      <SafeText key={`${path}.${i}`} text={n.value} query={query} />
    ) : (
      <span key={`${path}.${i}`} className={classOf(n.properties)}>
        {nodes(n.children, query, `${path}.${i}`)}
      </span>
    ),
  );
}

export const CodeBlock = memo(function CodeBlock({ code, lang, query, label }: { code: string; lang?: string; query?: string; label?: string }) {
  const tree = highlightTree(code, lang);
  return (
    <pre className="code-block" data-lang={lang || undefined} aria-label={label}>
      <code>{tree ? nodes(tree, query, "h") : <SafeText text={code} query={query} />}</code>
    </pre>
  );
});
