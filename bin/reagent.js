#!/usr/bin/env node
// Entry point: runs the bundled CLI (built by `npm ci` / `npm run build`).
import("../dist/cli.js").catch((error) => {
  if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli.js")) {
    process.stderr.write("reagent: dist/ is missing; run `npm run build` (npm ci does this for you)\n");
    process.exit(2);
  }
  throw error;
});
