/**
 * How the rules of pi's pipeline (commit boundary, wire) name the agent and its provider layer:
 * pi, or an agent on pi's runtime (OpenClaw, oh-my-pi), from its format profile's words.
 */
export interface PiRuntimeWords {
  /** "pi", "OpenClaw". */
  readonly agent: string;
  /** "pi's provider layer (pi-ai)". */
  readonly sender: string;
}

export const PI_RUNTIME: PiRuntimeWords = { agent: "pi", sender: "pi's provider layer (pi-ai)" };
