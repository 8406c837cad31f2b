#!/usr/bin/env node
// Entry point: runs the bundled CLI (built by `npm ci` / `npm run build`). `--version` is answered
// here from package.json, so it costs no more than starting node (src/cli/main.ts answers it the
// same way when run from source).
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  process.stdout.write(`${version}\n`);
} else {
  import("../dist/cli.js").catch((error) => {
    if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli.js")) {
      process.stderr.write("reagent: dist/ is missing; run `npm run build` (npm ci does this for you)\n");
      process.exit(2);
    }
    throw error;
  });
}
