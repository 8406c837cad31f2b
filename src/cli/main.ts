// Entry of the bundle (dist/cli.js). bin/reagent.js answers `--version` before loading it; this
// check serves runs from source. The headless path's modules are imported statically from here
// down to run-main.ts (one round of module loading instead of three); the REPL, MCP, stream-json
// input and the provider SDKs stay behind dynamic imports.
import { runCli } from "./program.js";
import { packageVersion } from "./version.js";

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const code = await runCli(args);
  // Everything reagent owns is finished and flushed here (stdout/stderr pipes and files are written
  // synchronously on Linux). Exit now so that a process reagent does not own — an MCP server's
  // grandchild or a hook's background job holding a pipe — cannot keep reagent waiting.
  process.exit(code);
}
