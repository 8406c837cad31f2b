// Runs the default command: headless with -p (or when stdin is not a terminal and a prompt is
// given), otherwise the interactive REPL.
import { UsageError } from "../util/errors.js";
import { createRuntime } from "./compose.js";
import type { CliOptions } from "./options.js";
import { runHeadless } from "./run-headless.js";

/** Reads piped stdin to its end. A caller that leaves stdin open without writing would wait forever,
 *  so after a few seconds reagent says what it is waiting for (once). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  const hint = setTimeout(() => {
    if (chunks.length === 0)
      process.stderr.write("reagent: waiting for input on stdin (nothing piped? run with < /dev/null)\n");
  }, 3000);
  try {
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  } finally {
    clearTimeout(hint);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function runMain(options: CliOptions): Promise<number> {
  if (options.print) {
    let prompt = options.prompt;
    if (prompt === undefined) {
      if (process.stdin.isTTY)
        throw new UsageError("-p needs a prompt: pass it as an argument or pipe it on stdin");
      prompt = await readStdin();
    } else if (!process.stdin.isTTY && process.stdin.readable) {
      // Claude Code appends piped stdin to the prompt argument: `git diff | reagent -p "review"`.
      const piped = await readStdin();
      if (piped.trim() !== "") prompt = `${prompt}\n\n${piped}`;
    }
    if (prompt.trim() === "") throw new UsageError("the prompt is empty");
    const runtime = await createRuntime(options, false);
    return runHeadless(runtime, options, prompt);
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY)
    throw new UsageError("interactive mode needs a terminal; use -p PROMPT for headless runs");
  const runtime = await createRuntime(options, true);
  // Ink draws only the final frame when CI is set (is-in-ci); a session on a real terminal is interactive.
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  const [{ runRepl }, { createReplHost }] = await Promise.all([
    import("../ui/repl/run-repl.js"),
    import("./repl-host.js"),
  ]);
  return runRepl(createReplHost(runtime), { initialPrompt: options.prompt });
}
