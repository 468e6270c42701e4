/** Inspector webview entry: mounts the React app; styles and the codicon font come with it. */
import "@vscode/codicons/dist/codicon.css";
import "./inspector.css";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { vscode } from "./vscode.js";

const mount = document.getElementById("root") ?? document.body.appendChild(document.createElement("div"));
createRoot(mount).render(<App api={vscode()} />);
