// Entry of the bundle (dist/cli.js). bin/reagent.js answers `--version` before loading it; this
// check serves runs from source. The headless path's modules are imported statically from here
// down to run-main.ts (one round of module loading instead of three); the REPL, MCP, stream-json
// input and the provider SDKs stay behind dynamic imports.

import { packageVersion, setYoungGenerationCap } from "../util/index.js";
import { runCli } from "./program.js";

// A reader that stopped reading (`reagent -p … | head -1`, a closed pipe in any output format) ends
// reagent at once and quietly with status 0, as SIGPIPE ends `cat`: no stack trace, no more work.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });

/** Resolves once everything written to `stream` so far has been handed to the system. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write("", () => resolve()));
}

// node started with a flag that sizes the young generation: that choice wins over reagent's cap.
const youngSized = /--(?:(?:max|min)[-_]semi[-_]space[-_]size|semi[-_]space[-_]growth[-_]factor)/;
if ([...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((flag) => youngSized.test(flag)))
  setYoungGenerationCap(null);

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const code = await runCli(args);
  // A pipe takes only so much at once (64 KiB); Node queues the rest of a large result, so wait until
  // stdout and stderr have taken everything (a reader that left ends reagent above). Then exit now so
  // that a process reagent does not own — an MCP server's grandchild or a hook's background job
  // holding a pipe — cannot keep reagent waiting.
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}
