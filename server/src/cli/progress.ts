/**
 * One progress line on stderr while `check` works through files, only when stderr is a terminal:
 * rewritten in place with `\r`, at most ten times a second, and cleared at the end (and before
 * anything else is written to the terminal).
 */
import { terminalText } from "./terminal-text.js";

export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(s: string): unknown;
}

export class Progress {
  private shown = false;
  private last = 0;

  constructor(
    private readonly stream: ProgressStream,
    private readonly now: () => number = Date.now,
  ) {}

  /** null when the stream is not a terminal: no progress at all. */
  static forStream(stream: ProgressStream): Progress | undefined {
    return stream.isTTY ? new Progress(stream) : undefined;
  }

  update(done: number, total: number, current?: string): void {
    const t = this.now();
    if (this.shown && t - this.last < 100 && done < total) return;
    this.last = t;
    const width = Math.max(20, (this.stream.columns || 80) - 1);
    let line = `checking ${done}/${total} files${current ? `: ${terminalText(current)}` : ""}`;
    if (line.length > width) line = line.slice(0, width - 3) + "...";
    this.stream.write(`\r${line}\x1b[K`);
    this.shown = true;
  }

  clear(): void {
    if (!this.shown) return;
    this.stream.write("\r\x1b[K");
    this.shown = false;
  }
}
