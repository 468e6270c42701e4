/** A value quoted as code in a finding's message, cut at 80 characters (an id, a name from the file). */
export const quoteCut = (s: string) => `\`${s.length > 80 ? `${s.slice(0, 80)}…` : s}\``;
