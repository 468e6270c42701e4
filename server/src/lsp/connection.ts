/**
 * The server's connection. Over `--stdio`, stdin goes through MessageFramer first
 * (lsp/stdio-framer.ts: each message arrives as one buffer of its own size, not as the pipe's
 * small chunks), and the console writes to the client's log, as the library does for stdio (stdout
 * carries the protocol). Any other transport (the extension's IPC) is the library's own.
 */
import { format } from "node:util";
import { createConnection, ProposedFeatures, type Connection } from "vscode-languageserver/node";
import { MessageFramer } from "./stdio-framer.js";

export function createServerConnection(argv: string[] = process.argv): Connection {
  if (!argv.slice(2).includes("--stdio")) return createConnection(ProposedFeatures.all);
  const input = process.stdin.pipe(new MessageFramer());
  const connection = createConnection(ProposedFeatures.all, input, process.stdout);
  // The arguments of one console call, passed on as they came (bounded by the call site).
  /* eslint-disable no-restricted-syntax */
  console.log = console.info = console.debug = (...args: unknown[]) => connection.console.log(format(...args));
  console.warn = (...args: unknown[]) => connection.console.warn(format(...args));
  console.error = (...args: unknown[]) => connection.console.error(format(...args));
  /* eslint-enable no-restricted-syntax */
  return connection;
}
