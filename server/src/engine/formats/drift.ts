/**
 * The format-drift guard: an entry kind (event type, record type, part type, content block) a
 * reader does not know gets one information finding per kind, on the first line that has it
 * ("Copilot CLI event `foo.bar` is not known to this version ..."), never silence and never an
 * error. The line is kept and shown; it adds nothing to the context. Readers keep unknown kinds
 * as entries of their own type, so a continued read (`readLineIn`) asks the session whether the
 * kind was seen before.
 */
import { shapeFinding } from "../model/shape-findings.js";
import type { Finding, JsonPath, Session } from "../model/types.js";

export interface DriftWords {
  /** The agent: "Copilot CLI", "Gemini CLI". */
  readonly agent: string;
  /** What a kind is called: "event", "message type", "part type". */
  readonly kind: string;
  /** The agent version the reading follows: "1.0.102". */
  readonly version: string;
}

/** The finding for the first line of a kind this reading does not know. */
export function driftFinding(words: DriftWords, kind: string, line: number, path?: JsonPath): Finding {
  return shapeFinding(
    "unknown-entry",
    {
      line,
      path,
      message:
        `${words.agent} ${words.kind} \`${kind}\` is not known to this version. This reading follows ${words.agent} ${words.version}; ` +
        `the line is kept and shown, but adds nothing to the context (a newer ${words.agent} may write it: its meaning is not modelled).`,
    },
    "information",
  );
}

/** Collects the first line of each unknown kind while a file is read. */
export class DriftGuard {
  private readonly seen = new Set<string>();
  constructor(private readonly words: DriftWords) {}

  /** The finding when `kind` is new in this read; undefined for a kind already reported. */
  note(kind: string, line: number, path?: JsonPath): Finding | undefined {
    if (this.seen.has(kind)) return undefined;
    this.seen.add(kind);
    return driftFinding(this.words, kind, line, path);
  }

  /** Marks a kind as reported (continuing a read: kinds the session already has). */
  know(kind: string): void {
    this.seen.add(kind);
  }
}

/** Whether an entry of `type` comes before `line` in the session (a continued read's drift guard). */
export function hasEntryType(session: Session, type: string, line: number): boolean {
  for (const e of session.entries) if (e.type === type && e.line < line) return true;
  return false;
}
