/**
 * Issue 23 item 9: the CLI for people. Colour on a terminal only (NO_COLOR, FORCE_COLOR,
 * --color), findings wrapped to the terminal's width with the detail below, `render` text with
 * both columns, `fix --dry-run` with the changed fields, `--severity` as the editor's setting,
 * every command's help naming its options; transcript text escaped whatever the style. In
 * process (main with a fake terminal) and as a real process on dist/cli.js (a pipe: no escapes).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { main, type OutputTerminal } from "../../server/src/cli.js";
import { helpText, parseArgs } from "../../server/src/cli/args.js";
import { jsonFieldChanges } from "../../server/src/cli/fix-diff.js";
import { colourWanted, findingLines, firstSentence, parseColourOption, styleFor, visibleLength, wrapWords } from "../../server/src/cli/terminal-style.js";
import { sessionText } from "../helpers/session-builder.js";

const ROOT = resolve(__dirname, "..", "..");
const CLI = join(ROOT, "dist", "cli.js");
const SAMPLE = join(ROOT, "samples", "sample-session.jsonl");
/** The SGR codes the CLI writes itself (terminal-style.ts). */
const OURS = /\x1b\[(1|2|22|31|32|33|34|35|36|39)m/g;
const HOSTILE = "x\u001b]0;pwned\u0007\u001b[31m\u202Eevil\u200B";
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/;

let dir = "";
let n = 0;
function file(name: string, text: string): string {
  const p = join(dir, `${++n}-${name}`);
  writeFileSync(p, text);
  return p;
}
const ORPHAN = () => sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "x_1" }, { user: 5 }]);

/** `main` in this process with a fake output terminal; stdout and the exit status. */
function run(argv: string[], terminal: OutputTerminal = {}): { out: string; err: string; status: number } {
  let out = "";
  let err = "";
  const status = main(argv, (s) => void (out += s), (s) => void (err += s), { env: {}, ...terminal });
  return { out, err, status };
}
const TTY: OutputTerminal = { isTTY: true, columns: 80, env: {} };
const proc = (args: string[], env: Record<string, string> = {}) => {
  const base = { ...process.env };
  delete base.NO_COLOR;
  delete base.FORCE_COLOR;
  return spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 60_000, env: { ...base, ...env } });
};

before(() => {
  dir = mkdtempSync(join(tmpdir(), "ti-cli-terminal-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe("colour: when", () => {
  it("--color decides; auto: NO_COLOR (non-empty) off, FORCE_COLOR (not 0/false) on, else a terminal that is not dumb", () => {
    assert.equal(colourWanted("always", { NO_COLOR: "1" }, false), true);
    assert.equal(colourWanted("never", { FORCE_COLOR: "1" }, true), false);
    assert.equal(colourWanted("auto", {}, true), true);
    assert.equal(colourWanted("auto", {}, false), false);
    assert.equal(colourWanted("auto", { NO_COLOR: "1" }, true), false);
    assert.equal(colourWanted("auto", { NO_COLOR: "" }, true), true, "an empty NO_COLOR does not count (no-color.org)");
    assert.equal(colourWanted("auto", { NO_COLOR: "1", FORCE_COLOR: "1" }, true), false, "NO_COLOR wins");
    assert.equal(colourWanted("auto", { FORCE_COLOR: "1" }, false), true);
    assert.equal(colourWanted("auto", { FORCE_COLOR: "0" }, true), false);
    assert.equal(colourWanted("auto", { FORCE_COLOR: "false" }, true), false);
    assert.equal(colourWanted("auto", { TERM: "dumb" }, true), false);
  });
  it("--color takes auto, always or never (also --color=WHEN, --no-color); anything else is bad usage", () => {
    assert.equal(parseArgs(["check", "--color", "never", "f"]).color, "never");
    assert.equal(parseArgs(["check", "--color=always", "f"]).color, "always");
    assert.equal(parseArgs(["render", "--no-color", "f"]).color, "never");
    assert.throws(() => parseColourOption("yes"), /--color must be auto, always or never, not yes/);
    const r = proc(["check", "--color=yes", SAMPLE]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--color must be auto, always or never/);
  });
  it("the width: a terminal's columns (COLUMNS wins), none for a pipe", () => {
    assert.equal(styleFor("auto", { isTTY: true, columns: 100 }, {}).width, 100);
    assert.equal(styleFor("auto", { isTTY: true, columns: 100 }, { COLUMNS: "72" }).width, 72);
    assert.equal(styleFor("always", { isTTY: false, columns: 100 }, {}).width, undefined);
  });
});

describe("wrapping", () => {
  it("words wrapped to the width, the later lines indented; a word longer than a line is cut; nothing lost", () => {
    const text = "one two three four five six seven eight nine ten eleven twelve " + "x".repeat(50) + " end";
    const lines = wrapWords(text, 30, 10, "    ");
    assert.ok(lines[0].length <= 20);
    for (const l of lines.slice(1)) {
      assert.ok(l.length <= 30, l);
      assert.ok(l.startsWith("    "));
    }
    assert.equal(lines.map((l) => l.trim()).join(" ").replace(/x+ x+/, (m) => m.replace(" ", "")), text);
  });
  it("the first sentence is the message up to its first sentence end before a capital or a quote", () => {
    assert.deepEqual(firstSentence("Tool result without its call. Result `x_1`: no call."), ["Tool result without its call.", "Result `x_1`: no call."]);
    assert.deepEqual(firstSentence("One sentence only, e.g. this one"), ["One sentence only, e.g. this one", ""]);
  });
  it("without a width a finding is one line, as before (scripts parse it): its paragraphs joined by a space, other controls escaped", () => {
    assert.equal(findingLines({ colour: false }, "f:1:1 error c", "First sentence here. Second.\nNote."), "f:1:1 error c First sentence here. Second. Note.\n");
    assert.equal(findingLines({ colour: false }, "f:1:1 error c", "Id `a\rb`.\nNote."), "f:1:1 error c Id `a\\x0db`. Note.\n");
  });
});

describe("check on a terminal", () => {
  it("coloured, each finding's first sentence on its line and the rest below, indented, no line wider than the terminal", () => {
    const p = file("orphan.jsonl", ORPHAN());
    const r = run(["check", p], TTY);
    assert.equal(r.status, 1);
    assert.match(r.out, /\x1b\[31merror\x1b\[39m \x1b\[36morphan-result\x1b\[39m Tool result(?: |\n {4})without its call\.\n {4}Result `x_1`/);
    for (const l of r.out.split("\n")) assert.ok(visibleLength(l) <= 80, l);
    // the same findings as the plain form, once the colour and the wrapping are taken out
    const plain = run(["check", p]).out;
    assert.equal(r.out.replace(OURS, "").replace(/\n {4}/g, " "), plain);
  });
  it("NO_COLOR or --color=never on a terminal: wrapped, no escape codes; --color=always into a pipe: colour, one line per finding", () => {
    const p = file("orphan.jsonl", ORPHAN());
    for (const r of [run(["check", p], { ...TTY, env: { NO_COLOR: "1" } }), run(["check", "--color=never", p], TTY)]) {
      assert.doesNotMatch(r.out, /\x1b/);
      assert.match(r.out, /\n {4}Result `x_1`/);
    }
    const forced = run(["check", "--color=always", p]);
    assert.match(forced.out, /\x1b\[31merror/);
    assert.doesNotMatch(forced.out, /\n {4}/);
  });
  it("transcript text is escaped in every style: only the CLI's own colour codes reach the terminal", () => {
    const lines = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: HOSTILE }]).split("\n");
    lines.splice(3, 0, `{"bad": "${HOSTILE}`);
    const p = file("esc.jsonl", lines.join("\n"));
    for (const args of [["check", p], ["render", "--format", "text", p], ["fix", "--dry-run", p], ["fix", "--dry-run", "--unified", p]]) {
      for (const terminal of [TTY, { ...TTY, columns: 40 }, {}, { env: { FORCE_COLOR: "1" } }]) {
        const r = run(args, terminal);
        assert.doesNotMatch(r.out.replace(OURS, "") + r.err, UNSAFE, `${args.join(" ")} ${JSON.stringify(terminal)}`);
      }
    }
    assert.match(run(["check", p], TTY).out, /\\x1b\]0;pwned\\x07\\x1b\[31m\\u202eevil\\u200b/);
  });
});

describe("as a process into a pipe", () => {
  it("no escape codes in check, render, fix --dry-run and --help; FORCE_COLOR brings colour; NO_COLOR beats it", () => {
    const p = file("orphan.jsonl", ORPHAN());
    for (const args of [["check", p], ["check", "--provider", "all", p], ["render", "--format", "text", p], ["fix", "--dry-run", p], ["--help"], ["fix", "--help"]]) {
      const r = proc(args);
      assert.doesNotMatch(r.stdout + r.stderr, /\x1b/, args.join(" "));
    }
    assert.match(proc(["check", p], { FORCE_COLOR: "1" }).stdout, /\x1b\[31merror\x1b\[39m/);
    assert.doesNotMatch(proc(["check", p], { FORCE_COLOR: "1", NO_COLOR: "1" }).stdout, /\x1b/);
    assert.match(proc(["render", "--format", "text", "--color", "always", p]).stdout, /\x1b\[31m/);
  });
});

describe("check --severity (the editor's severityOverrides on the command line)", () => {
  it("off leaves the code out (and its exit status); another level changes it; given again, both count", () => {
    const p = file("orphan.jsonl", ORPHAN());
    const base = proc(["check", p]);
    assert.equal(base.status, 1);
    assert.match(base.stdout, / error orphan-result /);
    const off = proc(["check", "--severity", "orphan-result=off", p]);
    assert.equal(off.status, 0, off.stdout);
    assert.doesNotMatch(off.stdout, /orphan-result/);
    const hint = proc(["check", "--severity=orphan-result=hint,pending-call=off", p]);
    assert.equal(hint.status, 0);
    assert.match(hint.stdout, / hint orphan-result /);
    const json = JSON.parse(proc(["check", "--format", "json", "--severity", "orphan-result=warning", p]).stdout);
    assert.deepEqual(json.files[0].findings.filter((f: any) => f.code === "orphan-result").map((f: any) => f.severity), ["warning"]);
  });
  it("an unknown code or level, or no =, is bad usage (exit 2, one line)", () => {
    for (const v of ["nope=off", "orphan-result=loud", "orphan-result", "=off"]) {
      const r = proc(["check", "--severity", v, SAMPLE]);
      assert.equal(r.status, 2, v);
      assert.equal(r.stderr.trim().split("\n").length, 1, v);
      assert.match(r.stderr, /--severity/);
    }
  });
});

/** Claude Code: a call, its result, an answer, then a result that answers no call (Claude Code 2.1 drops it, 2.0 sends it). */
function ghostCc(): string {
  const u = (k: number) => `00000000-0000-4000-8000-${String(k).padStart(12, "0")}`;
  const base = (k: number) => ({ parentUuid: k > 1 ? u(k - 1) : null, isSidechain: false, userType: "external", cwd: "/w", sessionId: "s", version: "2.0.31", uuid: u(k), timestamp: `2026-01-01T00:00:0${k}.000Z` });
  return [
    { ...base(1), type: "user", message: { role: "user", content: "List the files." } },
    { ...base(2), type: "assistant", message: { id: "m1", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "tool_use", id: "toolu_01list", name: "Bash", input: { command: "ls" } }], stop_reason: "tool_use" } },
    { ...base(3), type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01list", content: "a.txt" }] } },
    { ...base(4), type: "assistant", message: { id: "m2", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: "One file." }], stop_reason: "end_turn" } },
    { ...base(5), type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01ghost", content: "late" }] } },
  ]
    .map((l) => JSON.stringify(l))
    .join("\n") + "\n";
}

describe("--agent-version (the editor's agentVersions on the command line)", () => {
  it("check, render and fix read a Claude Code file as the release given: 2.0 sends the result that answers no call, 2.1 (the default) drops it", () => {
    const p = file("ghost.jsonl", ghostCc());
    const dflt = run(["check", p]);
    assert.equal(dflt.status, 0, dflt.out);
    const old = run(["check", "--agent-version", "claude-code=2.0", p]);
    assert.equal(old.status, 1);
    assert.match(old.out, /:5:\d+ error orphan-result Result that answers no call; Claude Code 2\.0 sends it anyway\./);
    assert.deepEqual(run(["check", "--agent-version=claude-code=2.1", p]).status, 0);
    const render = JSON.parse(run(["render", "--agent-version", "claude-code=2.0", p]).out);
    assert.match(render.afterModel.label, /Claude Code 2\.0\.31/);
    assert.ok(render.after.some((m: any) => m.lines.includes(5)), "2.0.31 sends line 5");
    assert.ok(!JSON.parse(run(["render", p]).out).after.some((m: any) => m.lines.includes(5)), "2.1.112 does not");
    const dry = run(["fix", "--dry-run", "--agent-version", "claude-code=2.0", p]);
    assert.match(dry.out, /line 5: removed/);
    assert.doesNotMatch(run(["fix", "--dry-run", p]).out, /line 5: removed/);
  });
  it("checked in worker threads too (the option crosses to them)", () => {
    const p = file("ghost.jsonl", ghostCc());
    const r = proc(["check", "--jobs", "2", "--agent-version", "claude-code=2.0", p, p]);
    assert.equal(r.status, 1);
    assert.equal(r.stdout.match(/orphan-result/g)?.length, 2);
  });
  it("a format without readings, a release not modelled or no = is bad usage (exit 2, one line naming the choices)", () => {
    for (const v of ["pi=1", "claude-code=3", "claude-code", "=2.0"]) {
      const r = proc(["check", "--agent-version", v, SAMPLE]);
      assert.equal(r.status, 2, v);
      assert.equal(r.stderr.trim().split("\n").length, 1, v);
      assert.match(r.stderr, /--agent-version.*claude-code/);
    }
  });
});

describe("render --format text: both columns", () => {
  it("the totals, a header, one line per message with before and after; dropped, made up and same marked", () => {
    const r = run(["render", "--format", "text", SAMPLE]);
    assert.equal(r.status, 0);
    const lines = r.out.split("\n");
    assert.match(lines[0], /sample-session\.jsonl: pi, pruner pi-condense, leaf /);
    assert.match(lines[1], /^before: 28 messages \([\d,]+ tokens\), after: 24 messages \([\d,]+ tokens, saves [\d,]+\); dropped: 8, made up: \d+, changed: \d+$/);
    assert.match(lines[2], /^\s*line\s+before\s+after$/);
    const row = (line: number) => lines.find((l) => new RegExp(`^\\s*${line} `).test(l))!;
    assert.match(row(3), /^\s+3 {3}user: Run the test suite and fix what fails\.\s+= same$/);
    assert.match(row(5), /^\s+5 - result bash_18: .*dropped by chain:b5$/);
    assert.match(row(19), /- result bash_99: stale result spliced in by hand\s+dropped by orphan-sweep$/);
    assert.match(row(4), /^\s+4 \+ assistant bash\(bash_18\).*\[chain-summary\] user: /, "the chain summary beside the first message it stands for");
    assert.ok(lines.some((l) => /^\s+- \+\s+\[synthetic-tool-result\] result grep_3: No result provided/.test(l)), "a made-up result on its own line");
    for (const l of lines) assert.ok(l.length <= 160, l);
  });
  it("on a terminal: cut to its width, marks coloured", () => {
    const r = run(["render", "--format", "text", SAMPLE], { isTTY: true, columns: 100, env: {} });
    for (const l of r.out.split("\n")) assert.ok(visibleLength(l) <= 100, l);
    assert.match(r.out, /\x1b\[31m\s+5 - result bash_18/);
    assert.match(r.out, /\x1b\[32m\s+4 \+ assistant/);
  });
});

describe("fix --dry-run: the changed fields", () => {
  it("nested fields by JSON path; an array element removed from the middle is one removal", () => {
    const a = { type: "message", message: { role: "assistant", content: [{ type: "text", text: "a" }, { type: "toolCall", id: "x" }, { type: "toolCall", id: "y" }] }, "odd key": 1 };
    const b = { type: "message", message: { role: "assistant", content: [{ type: "text", text: "a" }, { type: "toolCall", id: "y" }] }, parentId: "e2" };
    assert.deepEqual(jsonFieldChanges(a, b), [
      { path: "message.content[1]", kind: "removed", old: { type: "toolCall", id: "x" } },
      { path: '["odd key"]', kind: "removed", old: 1 },
      { path: "parentId", kind: "added", new: "e2" },
    ]);
    assert.deepEqual(jsonFieldChanges({ c: [{ id: "a" }, { id: "b" }] }, { c: [{ id: "a" }, { id: "b#2" }] }), [{ path: "c[1].id", kind: "changed", old: "b", new: "b#2" }]);
    assert.deepEqual(jsonFieldChanges(1, 2), [{ path: "(the line)", kind: "changed", old: 1, new: 2 }]);
  });
  it("a long line changed in one field prints that field, not the line; the file is not written", () => {
    const text = ORPHAN().replace('"text":"user at 5"', `"text":"user at 5 ${"y".repeat(3000)}"`);
    assert.notEqual(text, ORPHAN());
    assert.ok(text.split("\n")[5].length > 3000, "line 6, the one re-parented, is long");
    const p = file("long.jsonl", text);
    const r = run(["fix", "--dry-run", p]);
    assert.equal(readFileSync(p, "utf8"), text);
    assert.match(r.out, /^line 6: changed\n {4}parentId: "e4" -> "e3"$/m);
    assert.ok(r.out.split("\n").every((l) => l.length <= 160), "no 3 KB line");
  });
  it("a line moved back to its call's turn says so, with its changed fields", () => {
    const r = run(["fix", "--dry-run", SAMPLE]);
    assert.match(r.out, /^new line 23: line 27 moved here\n {4}parentId: "e21" -> "e20"$/m);
    assert.match(r.out, /^line 27: moved to new line 23$/m);
  });
});

describe("--help is current", () => {
  /** Every option each command accepts (args.ts), and its help must name it. */
  const OPTIONS: Record<string, string[]> = {
    check: ["--format", "--provider", "--severity", "--jobs", "--color", "--help"],
    render: ["--format", "--color", "--help"],
    fix: ["--dry-run", "--unified", "--no-backup", "--only", "--color", "--help"],
  };
  it("each command's help names every option it accepts, and the overview names every command", () => {
    for (const [cmd, opts] of Object.entries(OPTIONS)) {
      const help = helpText(cmd);
      for (const o of opts) assert.ok(help.includes(o), `${cmd} --help names ${o}`);
      assert.match(helpText(""), new RegExp(`transcript-inspector ${cmd} `));
    }
    assert.doesNotMatch(helpText("fix"), /unified diff, write nothing/, "the old --dry-run text is gone");
    assert.match(helpText("render"), /side by\s+side/);
  });
  it("an option a command's help does not name is refused by that command", () => {
    assert.throws(() => parseArgs(["render", "--severity", "a=off", "f"]), /unknown option --severity/);
    assert.throws(() => parseArgs(["check", "--unified", "f"]), /unknown option --unified/);
    assert.throws(() => parseArgs(["render", "--dry-run", "f"]), /unknown option --dry-run/);
  });
});
