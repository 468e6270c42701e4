/**
 * Markdown as the transcript's authors wrote it (issue 23), rendered safely: markdown-it parses
 * with raw HTML off (HTML in the text stays text), and its tokens become React elements from a
 * fixed list (never an HTML string). Text goes through SafeText (invisible characters marked,
 * search matches marked). Links are plain anchors to http(s) and mailto only, inert until
 * clicked (VS Code opens them outside after asking); images are never loaded, shown as their alt
 * text and address. Code blocks are highlighted (CodeBlock).
 */
import MarkdownIt from "markdown-it";
import { memo, type ReactNode } from "react";
import { SafeText } from "../components/SafeText.js";
import { CodeBlock } from "./CodeBlock.js";

type Token = ReturnType<InstanceType<typeof MarkdownIt>["parse"]>[number];

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

/** Parsed texts kept (rows are drawn again as the list scrolls). */
const CACHE_SIZE = 400;
const cache = new Map<string, Token[]>();
function parse(text: string): Token[] {
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const tokens = md.parse(text, {});
  cache.set(text, tokens);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return tokens;
}

const SAFE_HREF = /^(https?:|mailto:)/i;

/** Elements a token pair may become; anything else is drawn as its children only. */
const TAGS = new Set(["p", "ul", "ol", "li", "blockquote", "table", "thead", "tbody", "tr", "th", "td", "strong", "em", "s", "code"]);

interface Frame {
  token?: Token;
  children: ReactNode[];
}

function element(t: Token, children: ReactNode[], key: string): ReactNode {
  if (/^h[1-6]$/.test(t.tag)) return (
    <p key={key} className={`md-heading md-${t.tag}`}>
      {children}
    </p>
  );
  if (t.type === "link_open") {
    const href = String(t.attrGet("href") ?? "");
    if (!SAFE_HREF.test(href)) return <span key={key} className="md-link-inert">{children}</span>;
    return (
      <a key={key} href={href} title={href} rel="noreferrer noopener" tabIndex={-1}>
        {children}
      </a>
    );
  }
  if (t.tag === "ol") {
    const start = Number(String(t.attrGet("start") ?? "1"));
    return (
      <ol key={key} start={Number.isFinite(start) ? start : undefined}>
        {children}
      </ol>
    );
  }
  if (t.tag === "th" || t.tag === "td") {
    const align = /text-align:(left|right|center)/.exec(String(String(t.attrGet("style") ?? "")))?.[1];
    const Tag = t.tag;
    return (
      <Tag key={key} className={align ? `md-align-${align}` : undefined}>
        {children}
      </Tag>
    );
  }
  if (TAGS.has(t.tag)) {
    const Tag = t.tag as "p";
    return <Tag key={key}>{children}</Tag>;
  }
  return <span key={key}>{children}</span>;
}

function leaf(t: Token, key: string, query: string | undefined): ReactNode {
  switch (t.type) {
    case "inline":
      return <span key={key}>{build(t.children ?? [], query, key)}</span>;
    case "text":
      return <SafeText key={key} text={t.content} query={query} />;
    case "softbreak":
      return "\n";
    case "hardbreak":
      return <br key={key} />;
    case "code_inline":
      return (
        <code key={key} className="md-code">
          <SafeText text={t.content} query={query} />
        </code>
      );
    case "fence":
    case "code_block":
      return <CodeBlock key={key} code={t.content.replace(/\n$/, "")} lang={t.info} query={query} />;
    case "hr":
      return <hr key={key} />;
    case "image": {
      const src = String(t.attrGet("src") ?? "");
      return (
        <span key={key} className="md-image" title={src}>
          <SafeText text={`[image: ${t.content || "no description"}] ${src}`} query={query} />
        </span>
      );
    }
    default:
      // html_block / html_inline cannot occur with html off; any other token shows its text
      return t.content ? <SafeText key={key} text={t.content} query={query} /> : null;
  }
}

function build(tokens: Token[], query: string | undefined, path: string): ReactNode[] {
  const stack: Frame[] = [{ children: [] }];
  tokens.forEach((t, i) => {
    const key = `${path}.${i}`;
    if (t.nesting === 1) stack.push({ token: t, children: [] });
    else if (t.nesting === -1) {
      const f = stack.length > 1 ? stack.pop()! : { children: [] };
      stack[stack.length - 1].children.push(f.token ? element(f.token, f.children, key) : f.children);
    } else stack[stack.length - 1].children.push(leaf(t, key, query));
  });
  // unclosed frames (never from markdown-it): their children still show
  while (stack.length > 1) {
    const f = stack.pop()!;
    stack[stack.length - 1].children.push(...f.children);
  }
  return stack[0].children;
}

export const Markdown = memo(function Markdown({ text, query }: { text: string; query?: string }) {
  return <div className="md">{build(parse(text), query, "m")}</div>;
});
