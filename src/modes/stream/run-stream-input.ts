// `--input-format stream-json`: the run the Agent SDKs start. stdin carries one JSON message per line
// (user turns, control requests, answers to reagent's own requests); stdout carries the stream-json
// events, one `result` per turn, and reagent's control requests. Turns run one after another in the
// order they arrived (stream-turns.ts); turns still queued when stdin closes are finished before
// reagent exits. Control requests are answered at once, also while a turn runs (stream-control.ts).
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import type { App, RunOptions } from "../../app/index.js";
import {
  type ControlChannel,
  createControlChannel,
  createStdioPrompter,
  type Inbound,
  parseInbound,
} from "../../control/index.js";
import { applyPermissionUpdates } from "../../permissions/index.js";
import { createStreamJsonPrinter } from "../../ui/headless/index.js";
import { createStreamControl, type StreamControl } from "./stream-control.js";
import { createStreamTurns } from "./stream-turns.js";
import { createTurnQueue, type TurnQueue } from "./turn-queue.js";

type SessionState = "idle" | "running" | "requires_action";
type Say = (line: string) => void;

export async function runStreamInput(runtime: App, options: RunOptions): Promise<number> {
  const { session } = runtime;
  const say: Say = (line) => process.stderr.write(`${line}\n`);
  const channel = createControlChannel((text) => process.stdout.write(text));
  printEvents(runtime, options, channel, say);
  for (const message of runtime.startupWarnings) say(`reagent: ${message}`);

  const setState = sessionStateReporter(runtime, channel);
  const queue = createTurnQueue();
  const control = createStreamControl({
    runtime,
    options,
    channel,
    commands: () => turns.commands(),
    queued: () => queue.waitingIds(),
    interrupt: () => turns.interrupt(),
    setState,
    say,
  });
  const turns = createStreamTurns({ runtime, options, channel, control, setState, say });
  if (options.permissionPromptTool === "stdio")
    runtime.setPrompter(stdioPrompter(runtime, channel, control, setState, say));

  async function work(): Promise<void> {
    await session.start(runtime.startSource);
    for (let next = await queue.next(); next; next = await queue.next()) {
      await turns.run(next);
      if (queue.size === 0) setState("idle");
    }
  }

  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    say("reagent: interrupted; stopping the request and any running tool");
    turns.abortRunning();
    session.abort();
    queue.clear();
  };
  process.on("SIGINT", onSigint);
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  lines.on("line", (line) => {
    lineNumber++;
    if (line.trim() === "") return;
    routeInbound(parseInbound(line, lineNumber), lineNumber, { queue, control, channel, say });
  });
  lines.once("close", () => {
    channel.close("stdin ended");
    queue.end();
  });
  try {
    await work();
    // Claude Code's SessionEnd reasons are clear, logout, prompt_input_exit and other.
    await session.end("other");
    if (interrupted) return 130;
    return turns.lastFailed ? 1 : 0;
  } finally {
    process.off("SIGINT", onSigint);
    lines.close();
    await control.close();
    await runtime.close();
  }
}

/** The session's events as stream-json lines on stdout; warnings (a spend cap at 80% or 95%) also
 *  reach a person watching stderr, as in -p. */
function printEvents(runtime: App, options: RunOptions, channel: ControlChannel, say: Say): void {
  const { sessionId } = runtime;
  const printer = createStreamJsonPrinter({
    sessionId: () => sessionId,
    includePartialMessages: options.includePartialMessages,
  });
  runtime.session.subscribe((event) => {
    for (const line of printer.lines(event)) channel.send(line);
    if (event.type === "warning") say(`reagent: warning: ${event.message}`);
  });
}

/** Tracks whether the session is idle, running or waiting for an answer, and tells the caller of each
 *  change when it asked for session_state_changed events. */
function sessionStateReporter(runtime: App, channel: ControlChannel): (next: SessionState) => void {
  const { sessionId } = runtime;
  let state: SessionState = "idle";
  return (next) => {
    if (state === next) return;
    state = next;
    if (runtime.env.sessionStateEvents)
      channel.send({
        type: "system",
        subtype: "session_state_changed",
        state,
        uuid: randomUUID(),
        session_id: sessionId,
      });
  };
}

/** `--permission-prompt-tool stdio`: permission questions go to the caller as can_use_tool requests. */
function stdioPrompter(
  runtime: App,
  channel: ControlChannel,
  control: StreamControl,
  setState: (next: SessionState) => void,
  say: Say,
) {
  return createStdioPrompter({
    channel,
    onWaiting: (waiting) => setState(waiting ? "requires_action" : "running"),
    mcpServer: (toolName) => control.mcpServerOf(toolName),
    applyPermissionUpdates: (updates) =>
      applyPermissionUpdates(updates, {
        gate: runtime.gate,
        cwd: runtime.cwd,
        homeDir: runtime.env.homeDir,
        localSettingsPath: runtime.settings.localSettingsPath,
        bypassAllowed: control.bypassAllowed,
        warn: (message) => say(`reagent: ${message}`),
      }),
  });
}

/** One line of stdin: a user message is queued, control traffic goes to the channel or the handlers. */
function routeInbound(
  inbound: Inbound,
  lineNumber: number,
  to: { queue: TurnQueue; control: StreamControl; channel: ControlChannel; say: Say },
): void {
  switch (inbound.kind) {
    case "user":
      to.queue.push(inbound.message);
      break;
    case "control-request":
      void to.control.handle(inbound.requestId, inbound.request);
      break;
    case "control-response":
      if (!to.channel.answer(inbound.response))
        to.say(
          `reagent: stdin line ${lineNumber}: control_response for unknown request ${inbound.response.request_id}`,
        );
      break;
    case "cancel":
      to.control.cancel(inbound.requestId);
      break;
    case "invalid":
      to.say(`reagent: ${inbound.message}`);
      break;
    default:
      break;
  }
}
