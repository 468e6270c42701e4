/**
 * Filters: search (Enter jumps to the next matching row, Shift+Enter to the previous), role boxes
 * (a ticked box shows that role; none ticked shows nothing, and the list says so), tool, only
 * rows with findings, and how many rows show.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import VscodeCheckbox from "@vscode-elements/react-elements/dist/components/VscodeCheckbox.js";
import VscodeOption from "@vscode-elements/react-elements/dist/components/VscodeOption.js";
import VscodeSingleSelect from "@vscode-elements/react-elements/dist/components/VscodeSingleSelect.js";
import VscodeTextfield from "@vscode-elements/react-elements/dist/components/VscodeTextfield.js";
import type { KeyboardEvent } from "react";
import { fmt } from "../format.js";
import { type Filters, emptyFilters, isFiltering } from "../model.js";

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
}

export function Toolbar({ roles, tools, filters, setFilters, shown, total, matchAt, onJump }: ToolbarProps) {
  const toggleRole = (role: string, on: boolean) => {
    const hidden = new Set(filters.hiddenRoles);
    if (on) hidden.delete(role);
    else hidden.add(role);
    setFilters({ ...filters, hiddenRoles: [...hidden] });
  };
  const searching = filters.search.trim() !== "";
  return (
    <div className="toolbar">
      <span className="search-group">
        <VscodeTextfield
          className="search"
          placeholder="Search text, tools, ids, findings"
          value={filters.search}
          onInput={(e: Event) => setFilters({ ...filters, search: String((e.target as HTMLInputElement).value ?? "") })}
          onKeyDown={(e: KeyboardEvent) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            onJump(e.shiftKey ? -1 : 1);
          }}
        >
          <span slot="content-before" className="codicon codicon-search" />
        </VscodeTextfield>
        {searching ? (
          <span className="match-nav">
            <span className="match-count" data-match-at={matchAt}>
              {matchAt ? `${fmt(matchAt)}/${fmt(shown)}` : `${fmt(shown)}`}
            </span>
            <VscodeButton className="match-prev" secondary title="Previous match (Shift+Enter)" aria-label="Previous match" onClick={() => onJump(-1)}>
              <span className="codicon codicon-arrow-up" aria-hidden="true" />
            </VscodeButton>
            <VscodeButton className="match-next" secondary title="Next match (Enter)" aria-label="Next match" onClick={() => onJump(1)}>
              <span className="codicon codicon-arrow-down" aria-hidden="true" />
            </VscodeButton>
          </span>
        ) : null}
      </span>
      <span className="group roles" role="group" aria-label="Roles shown">
        {roles.map((r) => (
          <VscodeCheckbox key={r} data-role-filter={r} label={r} checked={!filters.hiddenRoles.includes(r)} onChange={(e: Event) => toggleRole(r, Boolean((e.target as HTMLInputElement).checked))} />
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
      <span className="count" data-shown={shown} data-total={total}>
        <span className="codicon codicon-filter" aria-hidden="true" /> {fmt(shown)} of {fmt(total)} rows
      </span>
      {isFiltering(filters) ? (
        <VscodeButton className="clear" secondary onClick={() => setFilters(emptyFilters())}>
          Clear
        </VscodeButton>
      ) : null}
    </div>
  );
}
