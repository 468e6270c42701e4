/**
 * The context-size timeline (issue 23): estimated tokens of the context before each model
 * response, Before and After, with the usage the agent recorded where it did; chain ranges as
 * shaded spans and compactions as marked lines. Drawn by uPlot on a canvas (no inline style
 * sheets, no eval: it fits the webview's CSP); its colours are the theme's. A click, or Enter on
 * the focused chart after the arrow keys chose a response, shows that response in the list.
 */
import { useEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { ViewTimeline } from "../../../server/src/protocol/view-window.js";
import { fmt } from "../format.js";

const HEIGHT = 110;

const cssVar = (el: Element, name: string, fallback: string) => getComputedStyle(el).getPropertyValue(name).trim() || fallback;

/** What one point says (the slider's value text and the tooltip). */
export function pointText(t: ViewTimeline, i: number): string {
  const mark = t.marks.find((m) => m.row === t.row[i]);
  const recorded = t.recorded[i] >= 0 ? `, recorded ${fmt(t.recorded[i])} input tokens` : "";
  return `Response ${fmt(i + 1)} of ${fmt(t.row.length)}${t.line[i] ? `, line ${t.line[i]}` : ""}: context before it ${fmt(t.before[i])} tokens, after pruning ${fmt(t.after[i])}${recorded}${mark ? `, ${mark.label}` : ""}`;
}

export function Timeline({ timeline: t, onJump }: { timeline: ViewTimeline; onJump(line: number, row: number): void }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [at, setAt] = useState(t.row.length - 1);
  const jump = useRef(onJump);
  jump.current = onJump;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fg = cssVar(el, "--vscode-foreground", "#888");
    const grid = cssVar(el, "--vscode-panel-border", "#8884");
    const blue = cssVar(el, "--vscode-charts-blue", "#3794ff");
    const green = cssVar(el, "--vscode-charts-green", "#89d185");
    const orange = cssVar(el, "--vscode-charts-orange", "#d18616");
    const purple = cssVar(el, "--vscode-charts-purple", "#b180d7");
    const x = t.row.map((r) => r);
    const recorded = t.recorded.map((v) => (v >= 0 ? v : null));
    const hasRecorded = recorded.some((v) => v !== null);
    const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: `11px ${cssVar(el, "--vscode-font-family", "sans-serif")}` };
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: true } },
      scales: { x: { time: false } },
      axes: [
        { ...axis, size: 24, values: (_u, vals) => vals.map(() => "") },
        { ...axis, size: 48, values: (_u, vals) => vals.map((v) => (v >= 1000 ? `${Math.round(v / 1000)}k` : String(v))) },
      ],
      series: [
        {},
        { label: "Before", stroke: blue, width: 2 },
        { label: "After", stroke: green, width: 2 },
        ...(hasRecorded ? [{ label: "Recorded", stroke: orange, width: 0, points: { show: true, size: 4, fill: orange } }] : []),
      ],
      hooks: {
        drawClear: [
          (u: uPlot) => {
            const ctx = u.ctx;
            ctx.save();
            ctx.fillStyle = purple;
            ctx.globalAlpha = 0.15;
            for (const r of t.ranges) {
              const a = u.valToPos(r.first, "x", true);
              const b = u.valToPos(r.last, "x", true);
              ctx.fillRect(a, u.bbox.top, Math.max(2, b - a), u.bbox.height);
            }
            ctx.globalAlpha = 1;
            ctx.strokeStyle = orange;
            ctx.setLineDash([4, 3]);
            for (const m of t.marks) {
              const p = Math.round(u.valToPos(m.row, "x", true));
              ctx.beginPath();
              ctx.moveTo(p, u.bbox.top);
              ctx.lineTo(p, u.bbox.top + u.bbox.height);
              ctx.stroke();
            }
            ctx.restore();
          },
        ],
      },
    };
    const data: uPlot.AlignedData = [x, t.before, t.after, ...(hasRecorded ? [recorded] : [])] as uPlot.AlignedData;
    const u = new uPlot(opts, data, el);
    plot.current = u;
    const onClick = () => {
      const i = u.cursor.idx;
      if (i === null || i === undefined) return;
      setAt(i);
      jump.current(t.line[i], t.row[i]);
    };
    u.over.addEventListener("click", onClick);
    const ro = new ResizeObserver(() => u.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.over.removeEventListener("click", onClick);
      u.destroy();
      plot.current = null;
    };
  }, [t]);

  const move = (i: number) => {
    const n = Math.max(0, Math.min(t.row.length - 1, i));
    setAt(n);
    const u = plot.current;
    if (u) u.setCursor({ left: u.valToPos(t.row[n], "x"), top: u.valToPos(t.before[n], "y") });
  };
  const last = t.before.length - 1;
  return (
    <div className="panel timeline-panel" id="panel-timeline">
      <div className="timeline-legend" aria-hidden="true">
        <span className="lg lg-before">Before</span>
        <span className="lg lg-after">After</span>
        {t.recorded.some((v) => v >= 0) ? <span className="lg lg-recorded">recorded</span> : null}
        {t.ranges.length ? <span className="lg lg-range">chain ranges</span> : null}
        {t.marks.length ? <span className="lg lg-mark">compactions</span> : null}
        <span className="lg-note">estimated tokens of the context before each response; click to show it</span>
      </div>
      <div
        className="timeline"
        ref={box}
        role="slider"
        tabIndex={0}
        aria-label={`Context size per response: ${fmt(t.responses)} responses, the last with ${fmt(t.before[last])} tokens before pruning and ${fmt(t.after[last])} after; ${t.ranges.length} chain ranges, ${t.marks.length} compactions. Arrow keys choose a response, Enter shows it.`}
        aria-valuemin={1}
        aria-valuemax={t.row.length}
        aria-valuenow={at + 1}
        aria-valuetext={pointText(t, at)}
        data-points={t.row.length}
        onKeyDown={(e) => {
          const step = e.key === "ArrowRight" || e.key === "ArrowUp" ? 1 : e.key === "ArrowLeft" || e.key === "ArrowDown" ? -1 : e.key === "PageUp" ? 10 : e.key === "PageDown" ? -10 : 0;
          if (step) {
            e.preventDefault();
            move(at + step);
          } else if (e.key === "Home" || e.key === "End") {
            e.preventDefault();
            move(e.key === "Home" ? 0 : t.row.length - 1);
          } else if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            onJump(t.line[at], t.row[at]);
          }
        }}
      />
    </div>
  );
}
