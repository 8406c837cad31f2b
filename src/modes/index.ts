// The front-ends over one App: headless `-p`, stream-json input (the Agent SDKs' control protocol) and
// the REPL host (the interactive UI's view of the App). cli/ picks one; each drives the App it is given.

import type { runAcp as RunAcp } from "./acp/run-acp.js";

export { readStdin } from "./headless/read-stdin.js";
export { runHeadless } from "./headless/run-headless.js";
export { createReplHost, type Reopen } from "./repl/repl-host.js";
export { runStreamInput } from "./stream/run-stream-input.js";

/** The ACP front-end and the Agent Client Protocol SDK load only for `reagent acp` (on first use). */
export async function runAcp(...args: Parameters<typeof RunAcp>): ReturnType<typeof RunAcp> {
  return (await import("./acp/run-acp.js")).runAcp(...args);
}
