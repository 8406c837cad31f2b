// The interactive terminal (Ink): the host and prompter types modes/repl implements, the folder-trust
// question, and `runRepl`. The UI (Ink, React and every view) loads only when a REPL starts: `runRepl`
// imports it on first use, so a headless run that imports this entry pays nothing for it (module entry).
import type { ReplHost } from "./host.js";
import type { ReplOptions } from "./run-repl.js";

export type { ModelChoice, ReplHost, ReplPrompter, RewindHost, SessionChoice } from "./host.js";
export { askTrustOnTerminal } from "./trust-question.js";

export async function runRepl(host: ReplHost, options: ReplOptions = {}): Promise<number> {
  return (await import("./run-repl.js")).runRepl(host, options);
}
