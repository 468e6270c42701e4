/**
 * Shared by the scenario processes (LSP, inspector): each step is printed as one JSON line on
 * stdout as soon as it is measured, so a scenario killed at its cap still reports what it got.
 */
import type { LspClient } from "../../test/helpers/lsp-client";
import { classify } from "./measure";

export function emit(step: string, o: Record<string, unknown>): void {
  process.stdout.write(JSON.stringify({ step, ...o }) + "\n");
}

/** Collects the server's stderr tail and rejects `died` when it exits. */
export function watchServer(client: LspClient): { died: Promise<never>; reason: () => { status: string; note: string } } {
  let stderr = "";
  let exit: { code: number | null; signal: string | null } | null = null;
  client.child.stderr!.on("data", (b: Buffer) => {
    stderr = (stderr + b.toString()).slice(-20000);
  });
  const died = new Promise<never>((_, reject) => {
    client.child.once("exit", (code, signal) => {
      exit = { code, signal };
      setTimeout(() => reject(new Error("server exited")), 50);
    });
  });
  died.catch(() => undefined);
  const reason = () => {
    if (!exit) return { status: "timeout", note: "exceeded the step's time cap" };
    const c = classify(exit.code, exit.signal, stderr, false, []);
    return { status: c.status, note: c.note || `server exited (${exit.code ?? exit.signal})` };
  };
  return { died, reason };
}

/** Resolves with `p`, or rejects after `ms` / when `died` rejects. */
export function capped<T>(p: Promise<T>, ms: number, died: Promise<never>): Promise<T> {
  let t: NodeJS.Timeout;
  const cap = new Promise<never>((_, reject) => {
    t = setTimeout(() => reject(new Error("cap")), ms);
  });
  return Promise.race([p, cap, died]).finally(() => clearTimeout(t));
}

export function bytesOf(v: unknown): number | null {
  try {
    return Buffer.byteLength(JSON.stringify(v));
  } catch {
    return null; // longer than a JavaScript string can hold
  }
}
