/**
 * The parsed lines of each synced document, kept up to date from the editor's change events
 * (`TextDocuments`' update hook): an append or a one-line edit re-parses only the lines it
 * touches, and no change makes the server split or re-read the whole text. A change the lines
 * cannot follow (a whole-text replacement, an edit on the first line) drops them: the next
 * analysis parses the full text once and they follow changes again from there.
 */
import type { TextDocument } from "vscode-languageserver-textdocument";
import { patchLines, type TextChange } from "../engine/incremental/patch-lines.js";
import { parseText, type ParsedText } from "../engine/parse.js";

interface Live {
  version: number;
  parsed: ParsedText;
}

export class LiveLines {
  private readonly docs = new Map<string, Live>();

  /** Follows one change batch of `uri` from `fromVersion` to `toVersion`. Never throws. */
  changed(uri: string, fromVersion: number, toVersion: number, changes: readonly TextChange[]): void {
    const live = this.docs.get(uri);
    if (!live || live.version !== fromVersion) {
      this.docs.delete(uri);
      return;
    }
    try {
      if (patchLines(live.parsed, changes)) live.version = toVersion;
      else this.docs.delete(uri);
    } catch {
      this.docs.delete(uri);
    }
  }

  /** The parsed lines of `doc` at its current version (parsing its text when not followed). */
  linesOf(doc: TextDocument): ParsedText {
    const live = this.docs.get(doc.uri);
    if (live && live.version === doc.version) return live.parsed;
    const parsed = parseText(doc.getText());
    this.docs.set(doc.uri, { version: doc.version, parsed });
    return parsed;
  }

  closed(uri: string): void {
    this.docs.delete(uri);
  }
}

