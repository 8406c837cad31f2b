// Entry of the reagent binary. `--version` answers before anything else is loaded; everything
// else lives in program.ts (loaded on demand, so start-up stays cheap).
import { packageVersion } from "./version.js";

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const { runCli } = await import("./program.js");
  process.exitCode = await runCli(args);
}
