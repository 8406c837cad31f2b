// Bundles src/cli/main.ts into dist/ with esbuild (run by `npm ci` through `prepare`).
// Code splitting keeps provider SDKs, MCP and the REPL in chunks loaded only when used.

import { readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const { version } = JSON.parse(readFileSync(`${root}/package.json`, "utf8"));
rmSync(`${root}/dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { cli: "src/cli/main.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  external: ["@vscode/ripgrep"],
  alias: { "react-devtools-core": "./scripts/stub-devtools.mjs" },
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  chunkNames: "chunks/[name]-[hash]",
  define: { REAGENT_VERSION: JSON.stringify(version) },
  logLevel: "warning",
});
