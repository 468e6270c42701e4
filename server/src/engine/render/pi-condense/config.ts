/**
 * pi-condense's configuration, with its DEFAULT_CONFIG values (docs/research/formats.md section 2.1).
 * The inspector cannot read the user's settings.json from a session file, so the configuration
 * is an input; pruning is assumed on (pi-condense's own default is `enabled: false`, but a
 * session that carries `context-prune-*` entries was pruned).
 */
export interface PiCondenseConfig {
  enabled: boolean;
  recoveryGraceTurns: number;
  protectedTools: string[];
  protectedPaths: string[];
  chainCompression: { enabled: boolean; stripFinalAssistantThinking: boolean };
  purgeErrors: {
    enabled: boolean;
    cooldownTurns: number;
    minArgChars: number;
    /**
     * `keep-arg-types`: upstream since gh-19 (2026-10-04), long strings shrink and the argument
     * shape stays; `stub-object`: 2.9.1 and earlier, arguments become `{ _purged }`.
     */
    mode: "keep-arg-types" | "stub-object";
  };
}

export const DEFAULT_PI_CONDENSE_CONFIG: PiCondenseConfig = {
  enabled: true,
  recoveryGraceTurns: 3,
  protectedTools: [],
  protectedPaths: ["**/skills/**/*.md"],
  chainCompression: { enabled: true, stripFinalAssistantThinking: true },
  purgeErrors: { enabled: true, cooldownTurns: 2, minArgChars: 500, mode: "keep-arg-types" },
};

export function withDefaults(partial?: DeepPartial<PiCondenseConfig>): PiCondenseConfig {
  const d = DEFAULT_PI_CONDENSE_CONFIG;
  const p = partial ?? {};
  return {
    ...d,
    ...(p as any),
    chainCompression: { ...d.chainCompression, ...(p.chainCompression ?? {}) },
    purgeErrors: { ...d.purgeErrors, ...(p.purgeErrors ?? {}) },
  };
}

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };
