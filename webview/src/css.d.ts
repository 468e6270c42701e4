/** esbuild bundles CSS imported from the entry into dist/webview/main.css. */
declare module "*.css";
