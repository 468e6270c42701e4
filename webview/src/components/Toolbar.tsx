/**
 * The toolbar (one line at 620 px): search (Enter jumps to the next matching row, Shift+Enter to
 * the previous), Changes only, the Filters panel (roles, tool, only with findings), the Details
 * panel (ranges, findings, provider, recorded usage) and the timeline, and how many rows show.
 * Panels open in the page's flow: every control is reachable at 300 px without an inner scroll.
 */
import VscodeCheckbox from "@vscode-elements/react-elements/dist/components/VscodeCheckbox.js";
import VscodeOption from "@vscode-elements/react-elements/dist/components/VscodeOption.js";
import VscodeSingleSelect from "@vscode-elements/react-elements/dist/components/VscodeSingleSelect.js";
import VscodeTextfield from "@vscode-elements/react-elements/dist/components/VscodeTextfield.js";
import type { KeyboardEvent, ReactNode } from "react";
import { fmt } from "../format.js";
import { type Filters, emptyFilters, isFiltering } from "../model.js";
import { Icon } from "./Icon.js";
import { markControls } from "./SafeText.js";

export type Panel = "filters" | "details" | "timeline" | "branches" | null;

export interface ToolbarProps {
  roles: string[];
  tools: string[];
  filters: Filters;
  setFilters(f: Filters): void;
  shown: number;
  total: number;
  /** 1-based position of the current search match among the shown rows, 0 when none. */
  matchAt: number;
  onJump(step: 1 | -1): void;
  panel: Panel;
  setPanel(p: Panel): void;
  /** Whether the session has a timeline to show. */
  hasTimeline: boolean;
  /** What the Details button says is inside ("3 chains · 12 findings"). */
  detailsLabel: string;
  /** The Branches button's label, when the file has more than the branch shown ("Branches (3)"). */
  branchesLabel?: string;
}

function PanelButton({ id, panel, setPanel, icon, children, className }: { id: Exclude<Panel, null>; panel: Panel; setPanel(p: Panel): void; icon: string; children: ReactNode; className: string }) {
  const open = panel === id;
  return (
    <button type="button" className={`tb-button ${className}`} aria-expanded={open} aria-controls={`panel-${id}`} onClick={() => setPanel(open ? null : id)}>
      <Icon name={icon} />
      {children}
      <Icon name={open ? "chevron-up" : "chevron-down"} />
    </button>
  );
}

export function Toolbar({ filters, setFilters, shown, total, matchAt, onJump, panel, setPanel, hasTimeline, detailsLabel, branchesLabel }: ToolbarProps) {
  const searching = filters.search.trim() !== "";
  const active = filters.hiddenRoles.length + (filters.tool ? 1 : 0) + (filters.onlyFindings ? 1 : 0);
  return (
    <div className="toolbar" role="toolbar" aria-label="Inspector filters">
      <span className="search-group">
        <VscodeTextfield
          className="search"
          label="Search messages"
          placeholder="Search text, tools, ids, findings"
          value={filters.search}
          onInput={(e: Event) => setFilters({ ...filters, search: String((e.target as HTMLInputElement).value ?? "") })}
          onKeyDown={(e: KeyboardEvent) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            onJump(e.shiftKey ? -1 : 1);
          }}
        >
          <span slot="content-before" className="codicon codicon-search" aria-hidden="true" />
        </VscodeTextfield>
        {searching ? (
          <span className="match-nav">
            <span className="match-count" data-match-at={matchAt}>
              {matchAt ? `${fmt(matchAt)}/${fmt(shown)}` : `${fmt(shown)}`}
            </span>
            <button type="button" className="tb-icon match-prev" title="Previous match (Shift+Enter)" aria-label="Previous match" onClick={() => onJump(-1)}>
              <Icon name="arrow-up" />
            </button>
            <button type="button" className="tb-icon match-next" title="Next match (Enter)" aria-label="Next match" onClick={() => onJump(1)}>
              <Icon name="arrow-down" />
            </button>
          </span>
        ) : null}
      </span>
      <VscodeCheckbox className="changes-only" label="Changes only" checked={filters.changesOnly === true} onChange={(e: Event) => setFilters({ ...filters, changesOnly: Boolean((e.target as HTMLInputElement).checked) })} />
      <PanelButton id="filters" panel={panel} setPanel={setPanel} icon="filter" className="filters-button">
        Filters{active ? ` (${active})` : ""}
      </PanelButton>
      <PanelButton id="details" panel={panel} setPanel={setPanel} icon="info" className="details-button">
        {detailsLabel}
      </PanelButton>
      {branchesLabel ? (
        <PanelButton id="branches" panel={panel} setPanel={setPanel} icon="git-branch" className="branches-button">
          {branchesLabel}
        </PanelButton>
      ) : null}
      {hasTimeline ? (
        <PanelButton id="timeline" panel={panel} setPanel={setPanel} icon="graph-line" className="timeline-button">
          Timeline
        </PanelButton>
      ) : null}
      <span className="count" data-shown={shown} data-total={total} role="status">
        {fmt(shown)} of {fmt(total)} rows
      </span>
      {isFiltering(filters) ? (
        <button type="button" className="tb-button clear" onClick={() => setFilters(emptyFilters())}>
          Clear
        </button>
      ) : null}
    </div>
  );
}

/** The Filters panel: role boxes (a ticked box shows that role; none ticked shows nothing, and the list says so), tool, only with findings. */
export function FilterPanel({ roles, tools, filters, setFilters, hidden }: Pick<ToolbarProps, "roles" | "tools" | "filters" | "setFilters"> & { hidden: boolean }) {
  return (
    <div className="panel filter-panel" id="panel-filters" role="group" aria-label="Filters" hidden={hidden}>
      <span className="group roles" role="group" aria-label="Roles shown">
        {roles.map((r) => (
          <VscodeCheckbox key={r} data-role-filter={r} label={markControls(r)} checked={!filters.hiddenRoles.includes(r)} onChange={(e: Event) => setFilters({ ...filters, hiddenRoles: toggleRoleList(filters.hiddenRoles, r, Boolean((e.target as HTMLInputElement).checked)) })} />
        ))}
      </span>
      <VscodeSingleSelect className="tool-filter" label="Tool" aria-label="Tool" value={filters.tool} onChange={(e: Event) => setFilters({ ...filters, tool: String((e.target as HTMLSelectElement).value ?? "") })}>
        <VscodeOption value="">All tools</VscodeOption>
        {tools.map((t) => (
          <VscodeOption key={t} value={t}>
            {markControls(t)}
          </VscodeOption>
        ))}
      </VscodeSingleSelect>
      <VscodeCheckbox className="only-findings" label="Only with findings" checked={filters.onlyFindings} onChange={(e: Event) => setFilters({ ...filters, onlyFindings: Boolean((e.target as HTMLInputElement).checked) })} />
    </div>
  );
}

function toggleRoleList(hidden: string[], role: string, on: boolean): string[] {
  const s = new Set(hidden);
  if (on) s.delete(role);
  else s.add(role);
  return [...s];
}
