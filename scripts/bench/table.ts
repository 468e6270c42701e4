/** The human table on stdout (also pasted as Markdown in README). */
export interface Row {
  size: string;
  /** The agent whose session layout was measured (pi, claude-code, codex). */
  format: string;
  ids: string;
  what: string;
  value: string;
  ratio: string;
  target: string;
  holds: string;
}

const COLUMNS: [keyof Row, string][] = [
  ["size", "size"],
  ["format", "format"],
  ["ids", "ids"],
  ["what", "figure"],
  ["value", "value"],
  ["ratio", "vs baseline"],
  ["target", "target"],
  ["holds", "holds?"],
];

/** A Markdown table (readable as plain text too: columns padded). */
export function formatTable(rows: Row[]): string {
  const w = COLUMNS.map(([k, h]) => Math.max(h.length, ...rows.map((r) => r[k].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(w[i])).join(" | ")} |`;
  return [line(COLUMNS.map(([, h]) => h)), `|${w.map((n) => "-".repeat(n + 2)).join("|")}|`, ...rows.map((r) => line(COLUMNS.map(([k]) => r[k].replace(/\|/g, "\\|"))))].join("\n");
}
