// Bundles src/cli/main.ts into dist/ with esbuild (run by `npm ci` through `prepare`).
// Code splitting keeps provider SDKs, MCP and the REPL in chunks loaded only when used.

import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { sdkWebGlobals } from "./sdk-web-globals.mjs";
import { toolSchemas } from "./tool-schemas.mjs";

/** zod's `z.locales` namespace holds 64 translations of its error messages (370 KB, half of zod)
 * that every run would compile; reagent's messages are English (zod's default), so `locales` keeps
 * `en` only. Fails the build if zod's layout changes, rather than silently bundling all of them. */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onLoad(
      { filter: /[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/ },
      async (args) => {
        const text = await readFile(args.path, "utf8");
        const line = 'export * as locales from "../locales/index.js";';
        if (!text.includes(line)) throw new Error(`zod-english-only: ${args.path} no longer has: ${line}`);
        const english =
          'import __englishLocale from "../locales/en.js";\nexport const locales = { en: __englishLocale };';
        return { contents: text.replace(line, english), loader: "js" };
      },
    );
  },
};

const root = fileURLToPath(new URL("..", import.meta.url));
const { version } = JSON.parse(readFileSync(`${root}/package.json`, "utf8"));
rmSync(`${root}/dist`, { recursive: true, force: true });
mkdirSync(`${root}/dist`);
/** What the main bundle and the tool-schema step bundle alike. */
const shared = {
  external: ["@vscode/ripgrep"],
  alias: { "react-devtools-core": "./scripts/stub-devtools.mjs" },
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  define: { REAGENT_VERSION: JSON.stringify(version) },
  plugins: [zodEnglishOnly, sdkWebGlobals],
};
const schemas = await toolSchemas(root, shared);
await build({
  ...shared,
  absWorkingDir: root,
  entryPoints: { cli: "src/cli/main.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  // Node 20 has no compile cache: every run compiles what a headless run loads (~1.2 MB minified,
  // ~1.7 MB not), and the time goes with the text's size. Whitespace and syntax are minified; names
  // are kept (stack traces still name the functions, and SDKs that put a class name on the wire, such
  // as openai's User-Agent, still do); the linked source maps give the lines (node --enable-source-maps).
  minifyWhitespace: true,
  minifySyntax: true,
  chunkNames: "chunks/[name]-[hash]",
  define: { ...shared.define, REAGENT_TOOL_SCHEMAS: JSON.stringify(schemas) },
  logLevel: "warning",
});
