/**
 * The server's synced document: its parsed lines, kept up to date from the editor's change events
 * (engine/model/patch-lines.ts), instead of one full text string. An append or a one-line
 * edit re-parses only the lines it touches, and no change copies, re-splits or re-scans the whole
 * text (vscode-languageserver-textdocument's FullTextDocument rebuilds and flattens its string on
 * every change: most of a change's cost on a 20 MB session).
 *
 * The full text is joined from the lines only when something asks for it (repairs); a change the
 * lines cannot follow (a whole-text replacement, an edit on the first line) is applied to that
 * text with the library's own rules and the lines are parsed again from it.
 */
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Position, Range, TextDocumentContentChangeEvent } from "vscode-languageserver-textdocument";
import { patchChange } from "../engine/index.js";
import { parseText, parseTextSliced, type ParsedText } from "../engine/index.js";

export class LineDocument {
  private parsed: ParsedText | null = null;
  private text: string | null;
  /** A library document on the current text, for positions (made on demand). */
  private positions: TextDocument | null = null;

  private constructor(readonly uri: string, readonly languageId: string, private currentVersion: number, content: string) {
    this.text = content;
  }

  static create(uri: string, languageId: string, version: number, content: string): LineDocument {
    return new LineDocument(uri, languageId, version, content);
  }

  /** TextDocuments' update hook: follows one batch of changes. */
  static update(doc: LineDocument, changes: TextDocumentContentChangeEvent[], version: number): LineDocument {
    doc.apply(changes, version);
    return doc;
  }

  get version(): number {
    return this.currentVersion;
  }

  /** The parsed lines at the current version (parsing the text once when they were dropped). */
  lines(): ParsedText {
    if (!this.parsed) this.parsed = parseText(this.getText());
    return this.parsed;
  }

  /** Whether the lines are parsed (a document just opened is not, until something reads it). */
  get isParsed(): boolean {
    return this.parsed !== null;
  }

  /** The text's length in characters when it is held (as just opened), else 0. */
  get heldTextLength(): number {
    return this.text?.length ?? 0;
  }

  /**
   * Parses the lines in slices of about `sliceChars` characters, yielding to the event loop
   * between them (so progress reports go out and changes come in). Stops, leaving the lines
   * unparsed, when the document changes meanwhile or `stop()` says so: returns false then.
   */
  async parseInSlices(onProgress: (read: number, total: number) => void, stop: () => boolean, sliceChars = 2 << 20): Promise<boolean> {
    if (this.parsed) return true;
    const version = this.currentVersion;
    const text = this.getText();
    const sliced = parseTextSliced(text);
    while (sliced.next(sliceChars)) {
      onProgress(sliced.read(), sliced.total);
      await new Promise((r) => setImmediate(r));
      if (this.currentVersion !== version || this.text !== text || stop()) return false;
    }
    if (this.currentVersion !== version || this.text !== text) return false;
    this.parsed ??= sliced.parsed;
    return true;
  }

  getText(range?: Range): string {
    if (this.text === null) {
      const p = this.parsed!;
      this.text = (p.bom ? "\ufeff" : "") + p.lines.text();
    }
    return range ? this.positionDoc().getText(range) : this.text;
  }

  get lineCount(): number {
    return this.positionDoc().lineCount;
  }

  positionAt(offset: number): Position {
    return this.positionDoc().positionAt(offset);
  }

  offsetAt(position: Position): number {
    return this.positionDoc().offsetAt(position);
  }

  private positionDoc(): TextDocument {
    if (!this.positions || this.positions.version !== this.currentVersion) this.positions = TextDocument.create(this.uri, this.languageId, this.currentVersion, this.getText());
    return this.positions;
  }

  private apply(changes: TextDocumentContentChangeEvent[], version: number): void {
    this.positions = null;
    let done = 0;
    if (this.parsed) {
      // Each change either applies to the lines or leaves them as they were (patchChange).
      while (done < changes.length && patchChange(this.parsed, changes[done])) done++;
      if (done > 0) this.text = null;
    }
    if (done !== changes.length) {
      const rest = changes.slice(done);
      const base = TextDocument.create(this.uri, this.languageId, this.currentVersion, this.getText());
      this.text = TextDocument.update(base, rest, version).getText();
      this.parsed = null;
    }
    this.currentVersion = version;
  }
}
