// Headless mode (-p): run one prompt to completion, print the result (text, json or stream-json)
// on stdout, activity on stderr; SIGINT aborts the turn and exits 130 after saying so. A prompt
// that names a slash command runs the command (headless-slash.ts).

import type { App, RunOptions } from "../../app/index.js";
import {
  activityLine,
  createStreamJsonPrinter,
  type HeadlessTurn,
  resultJson,
  systemInitLine,
  turnFailed,
} from "../../ui/headless/index.js";
import { initFacts } from "../init-facts.js";
import { runHeadlessTurn } from "./headless-turn.js";
import { finishStructuredTurn } from "./structured-turn.js";

export async function runHeadless(runtime: App, options: RunOptions, prompt: string): Promise<number> {
  const { session, sessionId } = runtime;
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const out = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);
  const stream = options.outputFormat === "stream-json";
  const printer = createStreamJsonPrinter({
    sessionId: () => sessionId,
    includePartialMessages: options.includePartialMessages,
  });
  session.subscribe((event) => {
    if (stream) {
      for (const line of printer.lines(event)) out(line);
      return;
    }
    const line = activityLine(event, options.verbose);
    if (line) say(line);
  });
  for (const message of runtime.startupWarnings) say(`reagent: ${message}`);
  let interrupted = false;
  const controller = new AbortController();
  const onSigint = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    say("reagent: interrupted; stopping the request and any running tool");
    controller.abort();
    session.abort();
  };
  process.on("SIGINT", onSigint);
  try {
    const commands = runtime.slashCommands("headless");
    if (stream) out(systemInitLine(initFacts(runtime, commands)));
    await session.start(runtime.startSource);
    const first = await runHeadlessTurn(runtime, commands, { text: prompt }, controller.signal, say);
    const { turn, fields } = await finishStructuredTurn(runtime, first);
    // Claude Code's SessionEnd reasons are clear, logout, prompt_input_exit and other.
    await session.end("other");
    if (options.outputFormat === "text") printText(turn, say);
    else out(resultJson(turn, sessionId, { ...fields, context: session.contextUsage() }));
    if (interrupted) return 130;
    return turnFailed(turn) ? 1 : 0;
  } finally {
    process.off("SIGINT", onSigint);
    await runtime.close();
  }
}

function printText(turn: HeadlessTurn, say: (line: string) => void): void {
  if (turn.commandError !== undefined) {
    say(`reagent: ${turn.commandError}`);
    return;
  }
  if (turn.isError) say(`reagent: ${describeFailure(turn.terminal)}`);
  const failed = turn.terminal.reason === "error" || turn.terminal.reason === "command_failed";
  if (turn.result && !(turn.isError && failed)) process.stdout.write(`${turn.result}\n`);
}

function describeFailure(terminal: HeadlessTurn["terminal"]): string {
  switch (terminal.reason) {
    case "max_turns":
      return `stopped after reaching --max-turns ${terminal.turns}; raise it or narrow the task`;
    case "error":
      return `${terminal.error.message}`;
    case "aborted":
      return "the run was aborted";
    case "max_budget":
    case "command_failed":
      return terminal.message;
    default:
      return terminal.reason;
  }
}
