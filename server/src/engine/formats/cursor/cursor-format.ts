/**
 * Cursor (the editor's agent and the `cursor-agent` CLI): a chat's transcript is
 * `~/.cursor/projects/<project>/agent-transcripts/<id>/<id>.jsonl` (`<project>`: the workspace
 * path with `/` and `.` as `-`), a subagent's in a `subagents/` folder beside it; older versions
 * wrote a plain-text `<id>.txt`, not read here. Cursor is closed source: the shape is read from a
 * real transcript (test/corpus/cursor) and public readers (docs/research/cursor.md).
 *
 * Display only: the lines (cursor-lines.ts) are read (cursor-read.ts) into the conversation
 * (cursor-messages.ts): user text, assistant text, tool calls with name and input, and turn
 * statuses. Cursor records no call ids and no results, so no call/result pairing is checked and
 * no repair of it applies; what Cursor sends is not known (cursor-resume.ts), nor where
 * (cursor-providers.ts).
 */
import type { FormatProfile } from "../profile.js";
import { CURSOR_DOC } from "./cursor-doc.js";
import { isCursorLine } from "./cursor-lines.js";
import { buildCursorContext } from "./cursor-messages.js";
import { cursorModelTurns } from "./cursor-providers.js";
import { readCursor, readCursorLinesIn } from "./cursor-read.js";
import { cursorResumeContext } from "./cursor-resume.js";
import { CURSOR_AGENT, CURSOR_WORDS } from "./cursor-words.js";

export const cursorFormat: FormatProfile<"cursor"> = {
  name: "cursor",
  label: CURSOR_AGENT,
  words: CURSOR_WORDS,
  detect: isCursorLine,
  read: readCursor,
  // appends continue the read and the context (each line is one message of its own)
  readLinesIn: readCursorLinesIn,
  extendContext: (prevBefore, _prevBranch, tail) => prevBefore.concat(buildCursorContext(tail)),
  buildContext: buildCursorContext,
  leaf: (entries) => entries[entries.length - 1],
  idKey: "id",
  parentKey: "parentId",
  entryRefKeys: new Set(),
  // No line holds a call id or a result's.
  isIdPath: () => false,
  repair: {
    // There are no result lines.
    resultLineRemoval: () => null,
    turnLinesCarryIds: false,
    // Never asked for (no call has an id, so none is found without its result): a user note, as Cursor writes user lines.
    interruptedResult: () => ({ role: "user", message: { content: [{ type: "text", text: "The tool call was interrupted before it returned a result (written by Transcript Inspector's repair, not by Cursor)." }] } }),
    linked: false,
    newEntryId: (h) => h[0],
    noMergeReason: `${CURSOR_AGENT} writes no tool results: there is nothing to merge`,
  },
  usageOnLine: () => undefined,
  providers: {
    modelTurns: cursorModelTurns,
    packOf: () => undefined,
    recordsModelPerMessage: false,
    serialisedBySender: false,
    oneMessagePerLine: false,
    nextRequestAddsUserTurn: true,
    bypassesThoughtSignature: false,
    sendsContextMessages: true,
    // What Cursor sends is not known: no provider rule is checked (cursor-providers.ts).
    requestNotKnown: true,
  },
  resume: cursorResumeContext,
  renderedByPruners: false,
  linksOtherFiles: false,
  // The library walks the whole folder: each project's `agent-transcripts/<id>/<id>.jsonl` (and `subagents/`) is below it.
  sessionFolders: [{ home: ".cursor/projects" }],
  doc: CURSOR_DOC,
};
