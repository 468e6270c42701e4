/**
 * The inspector: totals, filters, chain ranges and the aligned before/after columns.
 * All transcript content is rendered as React text children (never as HTML).
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import VscodeBadge from "@vscode-elements/react-elements/dist/components/VscodeBadge.js";
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import VscodeCheckbox from "@vscode-elements/react-elements/dist/components/VscodeCheckbox.js";
import VscodeOption from "@vscode-elements/react-elements/dist/components/VscodeOption.js";
import VscodeSingleSelect from "@vscode-elements/react-elements/dist/components/VscodeSingleSelect.js";
import VscodeTextfield from "@vscode-elements/react-elements/dist/components/VscodeTextfield.js";
import { type KeyboardEvent as ReactKeyboardEvent, type MouseEvent, type ReactNode, memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { RenderView, ViewFinding, ViewFix, ViewMessage, ViewRange } from "../../server/src/protocol/view.js";
import type { HostToWebview } from "../../server/src/protocol/webview.js";
import { type Filters, type Row, alignRows, allRoles, allTools, emptyFilters, filterRows, rowForLine, savingPercent } from "./model.js";
import type { VsCodeApi } from "./vscode.js";

const ROLE_ICONS: Record<string, string> = {
  user: "account",
  assistant: "hubot",
  toolResult: "output",
  custom: "extensions",
  system: "gear",
  branchSummary: "git-branch",
  compactionSummary: "fold",
  bashExecution: "terminal",
};
const SEVERITY_ICONS: Record<ViewFinding["severity"], string> = { error: "error", warning: "warning", information: "info", hint: "lightbulb" };
const CHANGED_LABEL: Record<NonNullable<ViewMessage["changed"]>, [string, string]> = {
  stubbed: ["archive", "result stubbed"],
  purged: ["clear-all", "arguments purged"],
  "thinking-stripped": ["lightbulb", "thinking stripped"],
};
const SYNTHETIC_LABEL: Record<NonNullable<ViewMessage["synthetic"]>, string> = {
  "chain-summary": "chain summary",
  "synthetic-tool-result": "synthetic tool result",
  "acp-summary": "acp summary",
  "stub-result": "stub result",
};
const BAND_SLOTS = 6;
const MAX_IDS = 3;

/** "read, read, bash" -> "read ×2, bash" (the full list stays in the tooltip). */
export function toolSummary(toolName: string): string {
  const counts = new Map<string, number>();
  for (const t of toolName.split(",").map((x) => x.trim()).filter(Boolean)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([t, n]) => (n > 1 ? `${t} ×${n}` : t)).join(", ");
}
const fmt = (n: number) => n.toLocaleString("en-US");

/** Bidi controls and other invisible format characters, shown as visible markers (Trojan Source). */
const CONTROL_RE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\u061C\uFEFF]/g;

/** Text with bidi/format controls made visible; everything stays a React text child. */
export function SafeText({ text }: { text: string }) {
  if (!CONTROL_RE.test(text)) return <>{text}</>;
  CONTROL_RE.lastIndex = 0;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(CONTROL_RE)) {
    const at = m.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const code = "U+" + m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    parts.push(
      <span key={at} className="ctl" title={`invisible control character ${code}`}>
        {code}
      </span>,
    );
    last = at + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

function Icon({ name, title }: { name: string; title?: string }) {
  return <span className={`codicon codicon-${name}`} aria-hidden={title ? undefined : true} title={title} />;
}

interface Handlers {
  openLine(line: number): void;
  applyFix(fix: ViewFix): void;
}

const MessageCell = memo(function MessageCell({ m, side, highlighted, handlers }: { m: ViewMessage | undefined; side: "before" | "after"; highlighted: boolean; handlers: Handlers }) {
  if (!m) return <div className={`cell empty ${side}`} aria-hidden="true" />;
  const ids = m.toolCallIds ?? (m.toolCallId !== undefined ? [m.toolCallId] : []);
  const classes = ["cell", "msg", side, `role-${/^[A-Za-z]+$/.test(m.role) ? m.role : "other"}`];
  if (m.droppedBy) classes.push("dropped");
  if (m.synthetic) classes.push("synthetic");
  if (m.changed) classes.push("changed");
  if (m.findings.length) classes.push("flagged", `worst-${worstSeverity(m.findings)}`);
  if (highlighted) classes.push("highlight");
  const open = () => {
    if (m.line !== null) handlers.openLine(m.line);
  };
  return (
    <div
      className={classes.join(" ")}
      data-key={m.key}
      data-line={m.line ?? undefined}
      data-role={m.role}
      data-side={side}
      role="button"
      tabIndex={0}
      aria-label={`${side} ${m.role}${m.line !== null ? ` line ${m.line}` : ""}`}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          open();
        }
      }}
    >
      <div className="head">
        <Icon name={ROLE_ICONS[m.role] ?? "comment"} />
        <span className="role">
          <SafeText text={m.role} />
        </span>
        {m.toolName ? (
          <span className="tool" title={m.toolName}>
            <Icon name="tools" />
            <SafeText text={toolSummary(m.toolName)} />
          </span>
        ) : null}
        <span className="ids">
          {ids.slice(0, MAX_IDS).map((id, n) => (
            <span className="id" key={n} title={id}>
              <SafeText text={id} />
            </span>
          ))}
          {ids.length > MAX_IDS ? (
            <span className="id more" title={ids.join("\n")}>
              +{ids.length - MAX_IDS}
            </span>
          ) : null}
        </span>
        <span className="spacer" />
        {m.line !== null ? (
          <span className="line" title={`file line ${m.line}`}>
            L{m.line}
          </span>
        ) : (
          <span className="line none">—</span>
        )}
        <span className="tokens" title="estimated tokens">
          ~{fmt(m.tokens)} tok
        </span>
      </div>
      {m.droppedBy || m.synthetic || m.changed ? (
        <div className="tags">
          {m.droppedBy ? (
            <span className="tag tag-dropped" data-dropped-by={m.droppedBy}>
              <Icon name="circle-slash" />
              dropped · <SafeText text={m.droppedBy} />
            </span>
          ) : null}
          {m.synthetic ? (
            <span className="tag tag-synthetic" data-synthetic={m.synthetic}>
              <Icon name="sparkle" />
              synthetic · {SYNTHETIC_LABEL[m.synthetic] ?? m.synthetic}
            </span>
          ) : null}
          {m.changed ? (
            <span className="tag tag-changed" data-changed={m.changed}>
              <Icon name={CHANGED_LABEL[m.changed]?.[0] ?? "edit"} />
              {CHANGED_LABEL[m.changed]?.[1] ?? m.changed}
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="preview">
        <SafeText text={m.preview || "(empty)"} />
      </div>
      {m.findings.map((f, n) => (
        <div className={`finding sev-${f.severity}`} key={n} data-code={f.code} data-severity={f.severity}>
          <Icon name={SEVERITY_ICONS[f.severity] ?? "info"} title={f.severity} />
          <span className="code">
            <SafeText text={f.code} />
          </span>
          <span className="sev">{f.severity}</span>
          <span className="fmsg">
            <SafeText text={f.message} />
          </span>
          {f.fixes.length ? (
            <span className="fixes">
              {f.fixes.map((fix, k) => (
                <VscodeButton
                  key={k}
                  className="fix"
                  secondary={k > 0}
                  data-fix-kind={fix.kind}
                  onClick={(e: MouseEvent) => {
                    e.stopPropagation();
                    handlers.applyFix(fix);
                  }}
                >
                  <SafeText text={fix.title} />
                </VscodeButton>
              ))}
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
});

function worstSeverity(fs: ViewFinding[]): ViewFinding["severity"] {
  const order: ViewFinding["severity"][] = ["error", "warning", "information", "hint"];
  return order.find((s) => fs.some((f) => f.severity === s)) ?? "hint";
}

function Total({ side, label, counts }: { side: "before" | "after"; label: string; counts: RenderView["totals"]["before"] }) {
  return (
    <div className="total" data-total={side}>
      <span className="label">{label}</span>
      <span className="num" data-messages={counts.messages}>
        {fmt(counts.messages)}
      </span>{" "}
      messages ·{" "}
      <span className="num" data-tokens={counts.tokens}>
        {fmt(counts.tokens)}
      </span>{" "}
      tokens
    </div>
  );
}

function Totals({ view }: { view: RenderView }) {
  const { before, after, tokenizer } = view.totals;
  const saved = before.tokens - after.tokens;
  const pct = savingPercent(before.tokens, after.tokens);
  return (
    <div className="totals" role="status">
      <Total side="before" label="Before" counts={before} />
      <Icon name="arrow-right" />
      <Total side="after" label="After" counts={after} />
      <div className={`total saving${saved < 0 ? " negative" : ""}`} data-total="saving" data-tokens={saved} data-percent={pct}>
        <span className="label">Saving</span>
        <span className="num">{fmt(saved)}</span> tokens (<span className="num">{pct}%</span>)
      </div>
      <span className="estimate" title="Token counts are estimates, not the provider's tokenizer">
        <Icon name="info" />
        estimate · <SafeText text={tokenizer} />
      </span>
      <span className="spacer" />
      <span className="meta">
        <SafeText text={view.format} /> · <SafeText text={view.pruner} />
      </span>
    </div>
  );
}

function Ranges({ view, slots, onJump }: { view: RenderView; slots: Map<string, number>; onJump(r: ViewRange): void }) {
  const resolved = view.ranges.filter((r) => r.resolved);
  const unresolved = view.ranges.filter((r) => !r.resolved);
  const counts = Object.entries(view.findingCounts);
  if (!resolved.length && !unresolved.length && !counts.length) return null;
  return (
    <div className="ranges">
      {resolved.length ? <span className="label">Chains</span> : null}
      {resolved.map((r, n) => (
        <button key={`r${n}`} type="button" className={`chip band-${slots.get(r.blockId) ?? 0}`} data-range={r.blockId} title={`${r.kind} range defined on line ${r.line}`} onClick={() => onJump(r)}>
          <span className="swatch" />
          <SafeText text={r.blockId} /> · {r.dropped} dropped · L{r.line}
        </button>
      ))}
      {unresolved.length ? (
        <div className="unresolved" role="list" aria-label="Unresolved ranges">
          <Icon name="warning" />
          <span className="label">Unresolved</span>
          {unresolved.map((r, n) => (
            <span key={`u${n}`} role="listitem" className="unresolved-item" data-range={r.blockId}>
              <b>
                <SafeText text={r.blockId} />
              </b>{" "}
              (L{r.line}): <SafeText text={r.reason ?? "unresolved"} />
            </span>
          ))}
        </div>
      ) : null}
      {counts.length ? (
        <span className="finding-counts">
          {counts.map(([code, n]) => (
            <span key={code} className="fcount" data-code={code}>
              <SafeText text={code} /> <VscodeBadge>{n}</VscodeBadge>
            </span>
          ))}
        </span>
      ) : null}
    </div>
  );
}

function Toolbar({ roles, tools, filters, setFilters, shown, total }: { roles: string[]; tools: string[]; filters: Filters; setFilters(f: Filters): void; shown: number; total: number }) {
  const toggleRole = (role: string, on: boolean) => {
    const set = new Set(filters.roles);
    if (on) set.add(role);
    else set.delete(role);
    setFilters({ ...filters, roles: [...set] });
  };
  return (
    <div className="toolbar">
      <VscodeTextfield
        className="search"
        placeholder="Search previews, tools, ids, findings"
        value={filters.search}
        onInput={(e: Event) => setFilters({ ...filters, search: String((e.target as HTMLInputElement).value ?? "") })}
      >
        <span slot="content-before" className="codicon codicon-search" />
      </VscodeTextfield>
      <span className="group roles" role="group" aria-label="Roles">
        {roles.map((r) => (
          <VscodeCheckbox key={r} data-role-filter={r} label={r} checked={filters.roles.includes(r)} onChange={(e: Event) => toggleRole(r, Boolean((e.target as HTMLInputElement).checked))} />
        ))}
      </span>
      <VscodeSingleSelect className="tool-filter" aria-label="Tool" value={filters.tool} onChange={(e: Event) => setFilters({ ...filters, tool: String((e.target as HTMLSelectElement).value ?? "") })}>
        <VscodeOption value="">All tools</VscodeOption>
        {tools.map((t) => (
          <VscodeOption key={t} value={t}>
            {t}
          </VscodeOption>
        ))}
      </VscodeSingleSelect>
      <VscodeCheckbox className="only-findings" label="Only with findings" checked={filters.onlyFindings} onChange={(e: Event) => setFilters({ ...filters, onlyFindings: Boolean((e.target as HTMLInputElement).checked) })} />
      <span className="spacer" />
      <span className="count" data-shown={shown} data-total={total}>
        <Icon name="filter" /> {fmt(shown)} of {fmt(total)} rows
      </span>
      {shown !== total ? (
        <VscodeButton className="clear" secondary onClick={() => setFilters(emptyFilters())}>
          Clear
        </VscodeButton>
      ) : null}
    </div>
  );
}

export function App({ api }: { api: VsCodeApi }) {
  const saved = useMemo(() => api.getState(), [api]);
  const [view, setView] = useState<RenderView | null>(saved?.view ?? null);
  const [error, setError] = useState<string | null>(null);
  const [filters, setFiltersState] = useState<Filters>({ ...emptyFilters(), ...(saved?.filters ?? {}) });
  const [highlightLine, setHighlightLine] = useState<number | null>(null);
  const [pendingReveal, setPendingReveal] = useState<number | null>(null);
  const scrollTop = useRef(saved?.scrollTop ?? 0);
  const anchorKey = useRef<string | undefined>(saved?.anchorKey);
  const scroller = useRef<HTMLDivElement>(null);

  // setState serializes the whole state (the view included): coalesce writes while scrolling/typing
  const persistTimer = useRef<number | undefined>(undefined);
  const persistNow = useCallback(() => {
    window.clearTimeout(persistTimer.current);
    persistTimer.current = undefined;
    api.setState({ filters: filtersRef.current, scrollTop: scrollTop.current, anchorKey: anchorKey.current, view: viewRef.current });
  }, [api]);
  const persist = useCallback(() => {
    if (persistTimer.current === undefined) persistTimer.current = window.setTimeout(persistNow, 150);
  }, [persistNow]);
  useEffect(() => {
    const flush = () => {
      if (persistTimer.current !== undefined) persistNow();
    };
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, [persistNow]);
  const filtersRef = useRef(filters);
  const viewRef = useRef(view);
  filtersRef.current = filters;
  viewRef.current = view;
  const setFilters = useCallback(
    (f: Filters) => {
      filtersRef.current = f;
      setFiltersState(f);
      persist();
    },
    [persist],
  );

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const msg = e.data as HostToWebview;
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "render") {
        viewRef.current = msg.view;
        setView(msg.view);
        setError(null);
        persistNow();
      } else if (msg.type === "revealLine" && typeof msg.line === "number") setPendingReveal(msg.line);
      else if (msg.type === "error") setError(String(msg.message));
    };
    window.addEventListener("message", onMessage);
    api.postMessage({ type: "ready" });
    return () => window.removeEventListener("message", onMessage);
  }, [api, persistNow]);

  const rows = useMemo(() => (view ? alignRows(view) : []), [view]);
  const roles = useMemo(() => allRoles(rows), [rows]);
  const tools = useMemo(() => allTools(rows), [rows]);
  const deferredFilters = useDeferredValue(filters);
  const shown = useMemo(() => filterRows(rows, deferredFilters), [rows, deferredFilters]);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const slots = useMemo(() => {
    const m = new Map<string, number>();
    for (const r of view?.ranges ?? []) if (r.resolved && !m.has(r.blockId)) m.set(r.blockId, m.size % BAND_SLOTS);
    return m;
  }, [view]);

  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 58,
    overscan: 10,
    getItemKey: (i) => shown[i]?.key ?? i,
    initialOffset: () => scrollTop.current,
  });

  // restore the scroll position once the first rows exist
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current || shown.length === 0 || !scroller.current) return;
    restored.current = true;
    const idx = anchorKey.current === undefined ? -1 : shown.findIndex((r) => r.key === anchorKey.current);
    if (idx >= 0) virtualizer.scrollToIndex(idx, { align: "start" });
    else scroller.current.scrollTop = scrollTop.current;
  }, [shown, virtualizer]);

  const onScroll = useRef<number | null>(null);
  const handleScroll = useCallback(() => {
    if (onScroll.current !== null) return;
    onScroll.current = requestAnimationFrame(() => {
      onScroll.current = null;
      const el = scroller.current;
      if (!el) return;
      scrollTop.current = el.scrollTop;
      const first = virtualizer.getVirtualItems().find((it) => it.end > el.scrollTop + 1);
      anchorKey.current = first ? shownRef.current[first.index]?.key : undefined;
      persist();
    });
  }, [persist, virtualizer]);

  // revealLine: scroll to the row holding that line and highlight it
  useEffect(() => {
    if (pendingReveal === null || shown.length === 0) return;
    const idx = rowForLine(shown, pendingReveal);
    setPendingReveal(null);
    if (idx < 0) return;
    const row = shown[idx];
    const line = [row.before, row.after].find((m) => m && m.line === pendingReveal)?.line ?? row.before?.line ?? row.after?.line ?? null;
    setHighlightLine(line);
    // already fully in view (e.g. the echo of a click in the inspector): highlight without jumping
    const el = scroller.current;
    const item = virtualizer.getVirtualItems().find((it) => it.index === idx);
    if (el && item && item.start >= el.scrollTop && item.end <= el.scrollTop + el.clientHeight) return;
    virtualizer.scrollToIndex(idx, { align: "center" });
  }, [pendingReveal, shown, virtualizer]);

  // keyboard: ArrowUp/ArrowDown move between messages of the same column
  const onKeyDown = useCallback(
    (e: ReactKeyboardEvent<HTMLDivElement>) => {
      if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
      const cell = (e.target as HTMLElement).closest<HTMLElement>(".msg");
      const rowEl = cell?.closest<HTMLElement>(".row");
      if (!cell || !rowEl) return;
      e.preventDefault();
      const side = cell.dataset.side as "before" | "after";
      const step = e.key === "ArrowDown" ? 1 : -1;
      let i = Number(rowEl.dataset.index) + step;
      while (i >= 0 && i < shown.length && !shown[i][side]) i += step;
      if (i < 0 || i >= shown.length) return;
      virtualizer.scrollToIndex(i, { align: "auto" });
      requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`.row[data-index="${i}"] .msg[data-side="${side}"]`)?.focus());
    },
    [shown, virtualizer],
  );

  const handlers = useMemo<Handlers>(
    () => ({
      openLine: (line) => {
        setHighlightLine(line);
        api.postMessage({ type: "openLine", line });
      },
      applyFix: (fix) => api.postMessage({ type: "applyFix", fix }),
    }),
    [api],
  );

  const jump = useCallback(
    (r: ViewRange) => {
      const idx = shown.findIndex((row) => row.before?.key === r.startKey);
      if (idx >= 0) virtualizer.scrollToIndex(idx, { align: "start" });
    },
    [shown, virtualizer],
  );

  if (!view) {
    return (
      <div className="app waiting">
        {error ? <ErrorBanner message={error} /> : null}
        <div className="placeholder">
          <span className="codicon codicon-loading codicon-modifier-spin" /> Waiting for a transcript…
        </div>
      </div>
    );
  }

  const items = virtualizer.getVirtualItems();
  return (
    <div className="app">
      {error ? <ErrorBanner message={error} /> : null}
      <Totals view={view} />
      <Toolbar roles={roles} tools={tools} filters={filters} setFilters={setFilters} shown={shown.length} total={rows.length} />
      <Ranges view={view} slots={slots} onJump={jump} />
      <div className="colheads" aria-hidden="true">
        <div className="gutter" />
        <div className="colhead">
          <Icon name="history" /> Before <span className="sub">(context built from the branch)</span>
        </div>
        <div className="colhead">
          <Icon name="sparkle" /> After <span className="sub">(as rendered for the wire)</span>
        </div>
      </div>
      <div className="scroller" ref={scroller} onScroll={handleScroll} onKeyDown={onKeyDown} data-testid="rows">
        {shown.length === 0 ? <div className="placeholder">No messages match the filters.</div> : null}
        <div className="sizer" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((it) => {
            const row = shown[it.index];
            return (
              <RowView
                key={it.key}
                row={row}
                index={it.index}
                start={it.start}
                slot={row.band !== undefined ? slots.get(row.band) ?? 0 : undefined}
                highlightLine={highlightLine}
                handlers={handlers}
                measure={virtualizer.measureElement}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

function ErrorBanner({ message }: { message: string }) {
  return (
    <div className="error-banner" role="alert">
      <Icon name="error" /> <SafeText text={message} />
    </div>
  );
}

const RowView = memo(function RowView({ row, index, start, slot, highlightLine, handlers, measure }: { row: Row; index: number; start: number; slot: number | undefined; highlightLine: number | null; handlers: Handlers; measure: (el: Element | null) => void }) {
  const hb = highlightLine !== null && row.before?.line === highlightLine;
  const ha = highlightLine !== null && row.after?.line === highlightLine;
  const classes = ["row"];
  if (slot !== undefined) classes.push("banded", `band-${slot}`);
  if (row.bandStart) classes.push("band-start");
  if (row.bandEnd) classes.push("band-end");
  if (hb || ha) classes.push("highlight");
  return (
    <div ref={measure} data-index={index} className={classes.join(" ")} data-band={row.band} style={{ transform: `translateY(${start}px)` }}>
      <div className="gutter">
        {row.band !== undefined && row.bandStart ? (
          <span className="band-label" title={`chain range ${row.band}`}>
            <SafeText text={row.band} />
          </span>
        ) : null}
      </div>
      <MessageCell m={row.before} side="before" highlighted={hb} handlers={handlers} />
      <MessageCell m={row.after} side="after" highlighted={ha} handlers={handlers} />
    </div>
  );
});
