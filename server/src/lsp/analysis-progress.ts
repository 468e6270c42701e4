/**
 * Progress of a long analysis (a long session opened or read again): VS Code's work-done progress
 * from the server when the client shows it (the status bar item spinning, cancellable), and the
 * same words to the inspector (`transcriptInspector/analysisProgress`: "reading 100 MB, 40%"), so
 * it says what it waits for. A cancel from the client stops the analysis between its steps.
 */
import type { Connection, WorkDoneProgressServerReporter } from "vscode-languageserver/node";
import { AnalysisProgressNotification } from "../protocol/lsp.js";

/** Sessions at least this long (characters) are read in slices with progress, their provider verdicts published after. */
export const LONG_SESSION_CHARS = 4 << 20;

export class AnalysisProgress {
  private last = "";
  private current: string;

  private constructor(private readonly connection: Connection, private readonly uri: string, private readonly reporter: WorkDoneProgressServerReporter | undefined, message: string) {
    this.current = message;
  }

  /** Starts the progress (`workDone`: the client shows the server's work-done progress). */
  static async start(connection: Connection, workDone: boolean, uri: string, title: string, message: string): Promise<AnalysisProgress> {
    const reporter = workDone ? await connection.window.createWorkDoneProgress().catch(() => undefined) : undefined;
    reporter?.begin(title, 0, message, true);
    const p = new AnalysisProgress(connection, uri, reporter, message);
    p.notify(message, 0);
    return p;
  }

  /** What it says now ("reading 12 MB, 40%"). */
  get message(): string {
    return this.current;
  }

  /** The client cancelled the progress. */
  get cancelled(): boolean {
    return !!this.reporter?.token.isCancellationRequested;
  }

  report(message: string, percentage?: number): void {
    const pct = percentage === undefined ? undefined : Math.max(0, Math.min(100, Math.round(percentage)));
    if (`${message}|${pct}` === this.last) return;
    this.last = `${message}|${pct}`;
    this.current = message;
    this.reporter?.report(pct ?? 0, message);
    this.notify(message, pct);
  }

  done(): void {
    this.reporter?.done();
    void this.connection.sendNotification(AnalysisProgressNotification, { uri: this.uri, message: "", done: true });
  }

  private notify(message: string, percentage?: number): void {
    void this.connection.sendNotification(AnalysisProgressNotification, { uri: this.uri, message, ...(percentage === undefined ? {} : { percentage }) });
  }
}

/** "100 MB", "3.2 MB" for a length in characters (about bytes for a transcript). */
export function sizeText(chars: number): string {
  const mb = chars / (1 << 20);
  return mb >= 10 ? `${Math.round(mb)} MB` : `${mb.toFixed(1)} MB`;
}

/** The event loop gets a turn: reports and incoming changes go through. */
export const tick = (): Promise<void> => new Promise((r) => setImmediate(r));
