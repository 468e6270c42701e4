/**
 * What the engine needs from one agent's transcript format. Each format file exports one
 * `FormatReader`; registry.ts lists them. Adding a format = one file like codex.ts (the
 * simplest) plus its tests, and one line in registry.ts.
 */
import type { Entry, Finding, JsonPath, Msg, Session, SourceLine } from "../model/types.js";

/** What a reader makes of a file's lines: the tree nodes and the format's own findings. */
export interface FormatRead {
  header?: Session["header"];
  entries: Entry[];
  findings: Finding[];
}

/** How a repair removes the line of an orphan tool result in this format. */
export type ResultLineRemoval =
  /** Delete the line; nothing else names it (linear files, v1 pi). */
  | "delete-line"
  /** Delete the line and point its children's parent key at its parent. */
  | "reparent";

export interface FormatReader {
  /** The format's name: `Session.format`, the `format` of CLI JSON and the view model. */
  readonly name: string;
  /**
   * Whether a parsed object marks a file of this format. `index` counts the objects seen so
   * far (0 for the first); detection looks at the first 50 objects, readers in registry order.
   */
  detect(value: Record<string, any>, index: number): boolean;
  /** Lines -> entries (tree nodes, in file order) and the format's line-level findings. */
  read(lines: SourceLine[]): FormatRead;
  /** The branch's context as the agent builds it, each message with its origin. */
  buildContext(branch: Entry[]): Msg[];
  /** The active leaf among `entries` (file order), as the agent picks it on load. */
  leaf(entries: Entry[]): Entry | undefined;
  /** The key of an entry's own id on its line (findings point at it). */
  readonly idKey: string;
  /** The key of an entry's parent link on its line (findings and repairs point at it). */
  readonly parentKey: string;
  /** Top-level keys whose string value names another entry (go-to-definition). */
  readonly entryRefKeys: ReadonlySet<string>;
  /** Whether `path` on a line holding `value` is where a tool-call id or a result's call id sits. */
  isIdPath(value: any, path: JsonPath): boolean;
  /** What the repairs need to know about this format. */
  readonly repair: {
    /**
     * How to remove the line holding exactly the tool result `id` (and nothing else), or null
     * when the line is not that (removing it would lose other content) or the format cannot.
     */
    resultLineRemoval(value: Record<string, any>, id: string, entry: Entry | undefined, session: Session): ResultLineRemoval | null;
    /**
     * Whether lines inside a turn other than its call and result may carry the call id (progress
     * and event lines): a rename then renames them too instead of giving up.
     */
    readonly turnLinesCarryIds: boolean;
    /**
     * The line this format writes for a call that never got its result: an error result saying
     * the call was interrupted, shaped as the agent writes results. `prev` is the entry the new
     * line follows (its parent in a tree format); `callLine` is the value of the call's line;
     * `newId` an id unused in the file (tree formats use it as the new entry's id).
     */
    interruptedResult(call: { id: string; name?: string }, callLine: Record<string, any>, prev: Entry, newId: string): Record<string, unknown>;
    /** Whether the file links entries by id (`parentKey`); otherwise the tree is the file order. */
    readonly linked: boolean;
  };
}
