/**
 * The provider in the inspector header: which provider's verdict the findings follow (the
 * document's target, detected from the session's latest turn unless switched), whether it would
 * reject the next request, and a select to see another provider's verdict (the host re-renders
 * with that provider). Labels and counts come from the server; all rendered as text.
 */
import VscodeOption from "@vscode-elements/react-elements/dist/components/VscodeOption.js";
import VscodeSingleSelect from "@vscode-elements/react-elements/dist/components/VscodeSingleSelect.js";
import type { ViewProvider } from "../../../server/src/protocol/view.js";
import { fmt } from "../format.js";
import { Icon } from "./Icon.js";

const problems = (n: number) => `${fmt(n)} problem${n === 1 ? "" : "s"}`;

export function ProviderBadge({ provider, onSelect }: { provider: ViewProvider | undefined; onSelect(name: string): void }) {
  if (!provider) return null;
  // nothing was checked (what the agent sends is not known): no verdict to show, and none to choose
  if (provider.notChecked)
    return (
      <div className="provider-badge" data-not-checked="true" title="The provider rules check what the agent sends, and what this agent sends is not known">
        <Icon name="question" />
        <span className="provider-target">Provider rules</span>
        <span className="provider-verdict">not checked: what the agent sends is not known</span>
      </div>
    );
  const shown = provider.verdicts.find((v) => v.name === provider.target);
  const verdict = shown ? (shown.rejects ? `would reject: ${problems(shown.problems)}` : "accepts") : "no provider detected";
  return (
    <div className="provider-badge" data-provider={provider.target} data-rejects={shown ? String(shown.rejects) : undefined} title="The provider whose rules decide which findings are errors">
      <Icon name={!shown ? "question" : shown.rejects ? "error" : "pass"} />
      <span className="provider-target">{shown ? shown.label : "Provider unknown"}</span>
      <span className="provider-verdict">{verdict}</span>
      <VscodeSingleSelect
        className="provider-select"
        // the element's own label: it names the combobox inside its shadow root (an aria-label on
        // the element itself does not reach it)
        label="See another provider's verdict"
        value={provider.target}
        onChange={(e: Event) => onSelect(String((e.target as HTMLSelectElement).value ?? ""))}
      >
        {provider.target ? null : <VscodeOption value="">Choose a provider</VscodeOption>}
        {provider.verdicts.map((v) => (
          <VscodeOption key={v.name} value={v.name}>
            {`${v.label}${v.name === provider.detected ? " (detected)" : ""}: ${v.rejects ? `rejects, ${problems(v.problems)}` : "accepts"}`}
          </VscodeOption>
        ))}
      </VscodeSingleSelect>
    </div>
  );
}
