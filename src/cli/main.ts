// Entry of the reagent binary. `--version` answers before anything else is loaded; everything
// else lives in program.ts (loaded on demand, so start-up stays cheap).
import { packageVersion } from "./version.js";

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const { runCli } = await import("./program.js");
  const code = await runCli(args);
  // Everything reagent owns is finished and flushed here (stdout/stderr pipes and files are written
  // synchronously on Linux). Exit now so that a process reagent does not own — an MCP server's
  // grandchild or a hook's background job holding a pipe — cannot keep reagent waiting.
  process.exit(code);
}
