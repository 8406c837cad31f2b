// Runs the default command: headless with -p (or `--input-format stream-json`, which the Agent SDKs
// use without -p when stdin is not a terminal), otherwise the interactive REPL.
import { createApp, type RunOptions, refuseHeadlessPick } from "../app/index.js";
import { createReplHost, type Reopen, readStdin, runHeadless, runStreamInput } from "../modes/index.js";
import { askTrustOnTerminal, runRepl } from "../ui/repl/index.js";
import { UsageError } from "../util/index.js";
import { processPorts } from "./process-ports.js";

/** How long a prompt argument waits for piped stdin before going on without it. */
const STDIN_SILENCE_MS = 3000;

function checkCombinations(options: RunOptions): void {
  const streaming = options.outputFormat === "stream-json";
  if (options.inputFormat === "stream-json" && !streaming)
    throw new UsageError("--input-format stream-json needs --output-format stream-json");
  if (options.includePartialMessages && !streaming)
    throw new UsageError("--include-partial-messages needs --output-format stream-json");
  if (options.replayUserMessages && options.inputFormat !== "stream-json")
    throw new UsageError("--replay-user-messages needs --input-format stream-json");
  if (options.permissionPromptTool === "stdio" && options.inputFormat !== "stream-json")
    throw new UsageError(
      "--permission-prompt-tool stdio needs --input-format stream-json (the answers come on stdin)",
    );
}

/** The list flags take every word after them, so a prompt placed after one is read as its value
 *  (`-p --allowedTools Read "fix it"`): say where it may have gone. */
function swallowedPrompt(options: RunOptions): string {
  const lists: Array<[string, string[]]> = [
    ["--allowedTools", options.allowedTools],
    ["--disallowedTools", options.disallowedTools],
    ["--add-dir", options.addDir],
  ];
  const flags = lists.filter(([, values]) => values.length > 0).map(([flag]) => flag);
  if (flags.length === 0) return "";
  const [verb, whose] = flags.length === 1 ? ["takes", "its"] : ["take", "their"];
  return `; ${flags.join(" and ")} ${verb} every word up to the next flag, so a prompt after it is read as ${whose} values: put the prompt right after -p, or end the list with --`;
}

async function headlessPrompt(options: RunOptions): Promise<string> {
  const say = (line: string) => process.stderr.write(`${line}\n`);
  let prompt = options.prompt;
  if (prompt === undefined) {
    if (process.stdin.isTTY)
      throw new UsageError("-p needs a prompt: pass it as an argument or pipe it on stdin");
    const read = await readStdin(process.stdin, { hintMs: 3000, say });
    prompt = read.kind === "text" ? read.text : "";
  } else if (!process.stdin.isTTY && process.stdin.readable) {
    // Claude Code appends piped stdin to the prompt argument: `git diff | reagent -p "review"`.
    const read = await readStdin(process.stdin, { silenceMs: STDIN_SILENCE_MS, say });
    if (read.kind === "text" && read.text.trim() !== "") prompt = `${prompt}\n\n${read.text}`;
  }
  if (prompt.trim() === "") throw new UsageError(`the prompt is empty${swallowedPrompt(options)}`);
  return prompt;
}

export async function runMain(given: RunOptions): Promise<number> {
  // The Agent SDKs pass flags without a value as an empty argument (`--replay-user-messages ""`):
  // with stream-json input the prompts come on stdin, so an empty word is no prompt.
  const options =
    given.inputFormat === "stream-json" && given.prompt?.trim() === ""
      ? { ...given, prompt: undefined }
      : given;
  checkCombinations(options);
  if (options.inputFormat === "stream-json") {
    if (process.stdin.isTTY)
      throw new UsageError("--input-format stream-json reads JSON messages from stdin; pipe them in");
    if (options.prompt !== undefined)
      throw new UsageError(
        "--input-format stream-json takes the prompts from stdin; drop the prompt argument or the flag",
      );
    const app = await createApp(options, processPorts());
    return runStreamInput(app, options);
  }
  if (options.initOnly) {
    // Setup and SessionStart hooks, then exit: nothing is asked of the model.
    const app = await createApp(options, processPorts());
    await app.session.start(app.startSource);
    await app.session.end("other");
    await app.close();
    return 0;
  }
  if (options.print) {
    // `-p --resume` without an id lists the sessions to choose from before any prompt is read.
    if (options.resume === true && !options.continue) refuseHeadlessPick(processPorts());
    const prompt = await headlessPrompt(options);
    const app = await createApp(options, processPorts());
    return runHeadless(app, options, prompt);
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY)
    throw new UsageError("interactive mode needs a terminal; use -p PROMPT for headless runs");
  const interactivePorts = () =>
    processPorts({ askTrust: askTrustOnTerminal(process.stdin, process.stderr) });
  const app = await createApp(options, interactivePorts());
  // Ink draws only the final frame when CI is set (is-in-ci); a session on a real terminal is interactive.
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  // /resume (and `--resume` without an id, which opens its picker) builds the chosen session's
  // runtime as `--resume <id>` would, keeping the model and permission mode of the moment.
  const reopen: Reopen = (id, carry) =>
    createApp(
      {
        ...options,
        resume: id,
        continue: false,
        sessionId: undefined,
        prompt: undefined,
        model: carry.model,
        permissionMode: carry.permissionMode,
      },
      interactivePorts(),
    );
  return runRepl(createReplHost(app, reopen), {
    initialPrompt: options.prompt,
    resumePicker: options.resume === true,
  });
}
