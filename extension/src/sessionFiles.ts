/**
 * Which files the extension hands to the language server: every JSON Lines file (VS Code's
 * `jsonl` language), and the JSON files named as an agent writes its JSON-document sessions
 * (Gemini CLI before 0.40: `~/.gemini/tmp/<project>/chats/session-<time>-<id>.json`). A plain
 * JSON file is never sent: the server is not started for package.json or settings.json. The
 * server decides from the text whether a file sent is a session; others stay silent.
 *
 * SESSION_DOCUMENT_GLOBS is the one list of those names in the extension. It is the server's
 * formats' `documentFileName` as globs (SESSION_DOCUMENT_GLOBS in server/src/engine): the extension
 * does not import the engine, so test/unit/session-files.test.ts checks the two agree, and that
 * package.json's menu clause says the same.
 */
import { STORE_SCHEME } from "../../server/src/protocol/stores.js";

/** File-name globs of JSON-document sessions (no folder part). */
export const SESSION_DOCUMENT_GLOBS: readonly string[] = ["session-*.json", "*.messages.json", "api_conversation_history.json"];

/** The scheme of a store session's read-only document (storeSessions.ts). */
const STORE_DOCUMENT_SCHEME = STORE_SCHEME;

/** The language client's document selector: JSON Lines, JSON files of those names, and store sessions' documents. */
export const SESSION_DOCUMENT_SELECTOR: readonly { language: string; pattern?: string; scheme?: string }[] = [
  { language: "jsonl" },
  ...SESSION_DOCUMENT_GLOBS.map((g) => ({ language: "json", pattern: `**/${g}` })),
  { language: "json", scheme: STORE_DOCUMENT_SCHEME },
];

/** A file-name glob (`*` only) as an anchored regular expression over a name: `session-*.json` -> `^session-.*\.json$`. */
export function globRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
}

const DOCUMENT_NAMES = SESSION_DOCUMENT_GLOBS.map(globRegExp);

/** Whether a path (or a URI's path) names a session file the extension sends: `*.jsonl` or a JSON-document session's name. */
export function isSessionPath(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return /\.jsonl$/i.test(name) || DOCUMENT_NAMES.some((r) => r.test(name));
}

/** Whether an open document is one the language client sends (SESSION_DOCUMENT_SELECTOR). */
export function isSessionDocument(doc: { languageId: string; uri: { path: string; scheme?: string } }): boolean {
  if (doc.languageId === "jsonl" || doc.uri.scheme === STORE_DOCUMENT_SCHEME) return true;
  const name = doc.uri.path.slice(doc.uri.path.lastIndexOf("/") + 1);
  return doc.languageId === "json" && DOCUMENT_NAMES.some((r) => r.test(name));
}

/**
 * The `when` clause of package.json's explorer menu (Open Inspector to the Side on a session
 * file): `*.jsonl`, or a name in SESSION_DOCUMENT_GLOBS. The test compares it with package.json.
 */
export function explorerWhenClause(): string {
  return ["resourceExtname == .jsonl", ...DOCUMENT_NAMES.map((r) => `resourceFilename =~ /${r.source}/`)].join(" || ");
}
