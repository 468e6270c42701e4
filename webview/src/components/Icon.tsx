/** A codicon glyph (decorative unless it has a title). */
export function Icon({ name, title }: { name: string; title?: string }) {
  return <span className={`codicon codicon-${name}`} aria-hidden={title ? undefined : true} title={title} />;
}
