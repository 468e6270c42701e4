// ESLint: a modest rule set (ESLint and typescript-eslint recommended) and the import boundaries
// between the layers. `npm run lint`; the `lint` suite of `npm test`.
//
// Layers, bottom to top (README "Architecture"):
//   server/src/engine        pure: its own files and ENGINE_PACKAGES, nothing else
//   server/src/protocol      pure: types and request objects; no engine
//   server/src/presentation  view model, report JSON: engine + protocol, no Node, no LSP
//   server/src/lsp, server.ts, cli.ts, cli/   Node: everything below, no vscode, no UI
//   server/src/library       Node: the session library (engine, io, protocol), used by lsp and cli
//   extension/src            Node + vscode: protocol only, not engine/presentation/lsp
//   webview/src              DOM: protocol only, plus its own files
// The tsconfig project references (tsconfig.json) hold the same line for TypeScript: a file
// that imports outside its project and its references fails `tsc -b`.
import { readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Packages the engine may import: pure code that runs anywhere (no Node, no DOM). */
const ENGINE_PACKAGES = ["jsonc-parser", "@noble/hashes/sha2", "@noble/hashes/utils"];
/** Packages the protocol may import: the browser-safe LSP type packages (no `/node` entry). */
const PROTOCOL_PACKAGES = ["vscode-jsonrpc", "vscode-languageserver-protocol", "vscode-languageserver-types"];

const anyOf = (names) => names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
const nodeBuiltins = builtinModules.filter((m) => !m.startsWith("_") && !m.includes("/"));

/** A pattern for no-restricted-imports: `regex` over the import specifier, and why. */
const ban = (regex, message) => ({ regex, message });
/** Imports (relative) that reach into a layer's folder or file, named by its path segment. */
const into = (segment) => `^\\.\\.?/(.*/)?(${segment})`;

const NODE = ban(`^(node:|(${anyOf(nodeBuiltins)})(/|$))`, "Node built-ins are not available in this layer.");
const VSCODE = ban("^vscode$", "The vscode API belongs to the extension (extension/src).");
const LANGUAGE_SERVER = ban("^vscode-languageserver(-textdocument)?(/|$)", "The language server library belongs to server/src/lsp and server.ts.");
const LANGUAGE_CLIENT = ban("^vscode-languageclient(/|$)", "The language client belongs to the extension (extension/src).");
const ENGINE = ban(into("engine/"), "The engine is imported by presentation, the LSP layer and the CLI only; use the protocol types.");
const PROTOCOL = ban(into("protocol/"), "The engine sits below the protocol and does not import it.");
const PRESENTATION = ban(into("presentation/"), "Presentation (server/src/presentation) is a layer above this one.");
const LSP = ban(into("lsp/"), "The LSP layer (server/src/lsp) is a layer above this one.");
const ENTRY_POINTS = ban(into("cli/|(server|cli)(\\.js)?$"), "server.ts and the CLI are entry points: nothing imports them.");
const EXTENSION = ban(into("extension/"), "The extension (extension/src) is a top layer: nothing else imports it.");
const WEBVIEW = ban(into("webview/"), "The webview (webview/src) is a top layer: nothing else imports it.");
const onlyPackages = (allowed, layer) =>
  ban(
    `^(?!\\.\\.?/)(?!(${anyOf(allowed)})$)`,
    `${layer} imports only its own files and these packages: ${allowed.join(", ") || "none"}. A new pure package goes in the list in eslint.config.mjs.`,
  );

/** The engine's folders, bottom to top (server/src/engine/index.ts says the same). */
const ENGINE_LAYERS = ["model", "formats", "session", "render", "rules", "pipeline", "providers", "incremental", "repair"];
/** One folder per agent under formats/ (a new format's folder is bounded without an edit here). */
const FORMAT_FOLDERS = readdirSync(new URL("./server/src/engine/formats/", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** What no engine file imports. */
const ENGINE_OUTSIDE = [onlyPackages(ENGINE_PACKAGES, "The engine"), PROTOCOL, PRESENTATION, LSP, ENTRY_POINTS, EXTENSION, WEBVIEW];
/** Inside the engine, the front file is for the layers above it. */
const FRONT = ban("^(\\.\\./)+index(\\.js)?$", "index.ts is the engine's front file for the layers above it; inside the engine, import the file itself.");
/** Deep paths into the engine from above it. */
const ENGINE_DEEP = ban("engine/(?!index\\.js$)", "Import the engine through its front file (engine/index.js), not by a deep path.");

/** One `no-restricted-imports` per layer: in flat config the last matching options win, so the file sets do not overlap. */
const boundary = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { "no-restricted-imports": ["error", { patterns }] },
});

export default tseslint.config(
  { ignores: ["dist/**", ".tsbuild/**", "node_modules/**", ".tools/**", ".e2e/**", ".test-results.*"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Message shapes are `[key: string]: any` until the typed marks of issue 10 land; turn this
      // on (at least as "warn") after them.
      "@typescript-eslint/no-explicit-any": "off",
      // Escapes in regular expressions are kept where they help the reader (`[\[\]]`).
      "no-useless-escape": "off",
      // `catch {}` marks a deliberate best effort (killing a process that may be gone).
      "no-empty": ["error", { allowEmptyCatch: true }],
      // A zero-width space inside a comment keeps `**/` from closing it.
      "no-irregular-whitespace": ["error", { skipComments: true }],
      // Control characters in patterns are the point where the code escapes or detects them
      // (terminal-text.ts, unsafe-chars.ts and their tests).
      "no-control-regex": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  // A spread in a call passes every element as an argument on the stack: about 120,000 overflow
  // it, and a transcript decides how long findings, messages, blocks and lines get. Under
  // server/src, loop instead (engine/model/arrays.ts: pushAll, minOf, maxOf); a spread that is
  // bounded says so in an eslint-disable comment with the bound.
  {
    files: ["server/src/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression > SpreadElement, NewExpression > SpreadElement",
          message: "A spread in a call puts every element on the stack (about 120,000 overflow it): use pushAll/minOf/maxOf (engine/model/arrays.ts), or say why the list is bounded in an eslint-disable comment.",
        },
      ],
    },
  },
  // formats/claude-code belongs to the Claude Code reader's owner: its one spread (a streamed
  // line's blocks, claude-code-context.ts) is reported to them (issue 22); the rule goes on there
  // once it loops.
  { files: ["server/src/engine/formats/claude-code/claude-code-context.ts"], rules: { "no-restricted-syntax": "off" } },
  // Plain JavaScript scripts run in Node; the e2e UI scripts also pass functions to the page.
  { files: ["**/*.mjs"], languageOptions: { globals: { ...globals.node } } },
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs", globals: { ...globals.node } }, rules: { "@typescript-eslint/no-require-imports": "off" } },
  { files: ["test/e2e/**/*.mjs"], languageOptions: { globals: { ...globals.node, ...globals.browser } } },

  // --- Import boundaries --------------------------------------------------------------------
  // The engine: each folder is a layer and imports only the layers below it (ENGINE_LAYERS); a
  // format's folder does not import another format's.
  ...ENGINE_LAYERS.map((layer, i) =>
    boundary(
      [`server/src/engine/${layer}/**/*.ts`],
      [
        ...ENGINE_OUTSIDE,
        ...ENGINE_LAYERS.slice(i + 1).map((above) => ban(into(`${above}/`), `${layer}/ is below ${above}/ in the engine's layers (${ENGINE_LAYERS.join(" -> ")}): it does not import it.`)),
        ...(layer === "formats" ? [] : [FRONT]),
      ],
      layer === "formats" ? ["server/src/engine/formats/*/**/*.ts"] : [],
    ),
  ),
  ...FORMAT_FOLDERS.map((agent) =>
    boundary(
      [`server/src/engine/formats/${agent}/**/*.ts`],
      [
        ...ENGINE_OUTSIDE,
        FRONT,
        ...ENGINE_LAYERS.slice(ENGINE_LAYERS.indexOf("formats") + 1).map((above) => ban(into(`${above}/`), `formats/ is below ${above}/ in the engine's layers: it does not import it.`)),
        ...FORMAT_FOLDERS.filter((other) => other !== agent).map((other) => ban(`^\\.\\./${other}/`, `Everything about one agent lives in its own folder: formats/${agent}/ does not import formats/${other}/ (shared shapes go in formats/profile.ts).`)),
      ],
    ),
  ),
  boundary(["server/src/engine/index.ts"], ENGINE_OUTSIDE),
  // Above the engine, everything comes through its front file.
  boundary(
    ["server/src/presentation/**/*.ts"],
    [NODE, VSCODE, LANGUAGE_SERVER, LANGUAGE_CLIENT, LSP, ENTRY_POINTS, EXTENSION, WEBVIEW, ENGINE_DEEP],
  ),
  boundary(
    ["server/src/*.ts", "server/src/lsp/**/*.ts", "server/src/cli/**/*.ts", "server/src/io/**/*.ts"],
    [VSCODE, LANGUAGE_CLIENT, EXTENSION, WEBVIEW, ENGINE_DEEP],
  ),
  // The session library (issue 26): Node, below the language server and the CLI, which use it.
  boundary(["server/src/library/**/*.ts"], [VSCODE, LANGUAGE_CLIENT, EXTENSION, WEBVIEW, ENGINE_DEEP, LSP, ENTRY_POINTS]),
  boundary(
    ["server/src/protocol/**/*.ts"],
    [onlyPackages(PROTOCOL_PACKAGES, "The protocol"), { ...ENGINE, message: "The protocol does not import the engine: it is shared with the extension and the webview." }, PRESENTATION, LSP, ENTRY_POINTS, EXTENSION, WEBVIEW],
  ),

  boundary(
    ["extension/src/**/*.ts"],
    [LANGUAGE_SERVER, ENGINE, PRESENTATION, LSP, ENTRY_POINTS, WEBVIEW],
  ),
  boundary(
    ["webview/src/**/*.{ts,tsx}"],
    [NODE, VSCODE, LANGUAGE_SERVER, LANGUAGE_CLIENT, ENGINE, PRESENTATION, LSP, ENTRY_POINTS, EXTENSION],
  ),
);
