// `--input-format stream-json`: the run the Agent SDKs start. stdin carries one JSON message per line
// (user turns, control requests, answers to reagent's own requests); stdout carries the stream-json
// events, one `result` per turn, and reagent's control requests. Turns run one after another in the
// order they arrived; turns still queued when stdin closes are finished before reagent exits.
// Control requests are answered at once, also while a turn runs (stream-control.ts).
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import type { App, RunOptions } from "../../app/index.js";
import { splitCommandMessage } from "../../commands/index.js";
import {
  createControlChannel,
  createStdioPrompter,
  type InboundUser,
  parseInbound,
  userText,
} from "../../control/index.js";
import type { ImageBlock } from "../../model/index.js";
import { applyPermissionUpdates } from "../../permissions/index.js";
import { createStreamJsonPrinter, resultJson, systemInitLine, turnFailed } from "../../ui/headless/index.js";
import { errorMessage } from "../../util/index.js";
import { runHeadlessTurn } from "../headless/headless-turn.js";
import { initFacts } from "../init-facts.js";
import { createStreamControl } from "./stream-control.js";

type SessionState = "idle" | "running" | "requires_action";

const INTERRUPTED_NOTE = "[The user interrupted the previous request before it finished.]";

export async function runStreamInput(runtime: App, options: RunOptions): Promise<number> {
  const { session, sessionId } = runtime;
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const channel = createControlChannel((text) => process.stdout.write(text));
  const printer = createStreamJsonPrinter({
    sessionId: () => sessionId,
    includePartialMessages: options.includePartialMessages,
  });
  session.subscribe((event) => {
    for (const line of printer.lines(event)) channel.send(line);
    // Warnings (a spend cap at 80% or 95%) also reach a person watching stderr, as in -p.
    if (event.type === "warning") say(`reagent: warning: ${event.message}`);
  });
  for (const message of runtime.startupWarnings) say(`reagent: ${message}`);

  let state: SessionState = "idle";
  const setState = (next: SessionState) => {
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
  const queue: InboundUser[] = [];
  let inputEnded = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  let running: AbortController | undefined;
  let lastFailed = false;
  /** The caller interrupted the running turn: its aborted result does not make the exit status 1. */
  let interruptedByCaller = false;
  /** The caller interrupted the last turn: the model is told with the next prompt (as Claude Code
   *  does), so that it does not take the unanswered request as still open or answered. */
  let lastInterrupted = false;
  let interrupted = false;

  const control = createStreamControl({
    runtime,
    options,
    channel,
    commands: () => commands,
    queued: () => queue.map((message) => message.uuid).filter((id): id is string => id !== undefined),
    interrupt: () => {
      if (running) interruptedByCaller = true;
      running?.abort();
      session.abort();
    },
    setState,
    say,
  });
  let commands = runtime.slashCommands("headless");
  if (options.permissionPromptTool === "stdio")
    runtime.setPrompter(
      createStdioPrompter({
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
      }),
    );

  async function runTurn(message: InboundUser): Promise<void> {
    setState("running");
    await control.ready();
    commands = runtime.slashCommands("headless");
    channel.send(systemInitLine(initFacts(runtime, commands)));
    // The uuid the caller knows this prompt by (its own, or the replay's): rewind_files names it.
    const uuid = message.uuid ?? randomUUID();
    runtime.checkpoints?.expectPrompt(uuid);
    if (options.replayUserMessages)
      channel.send({
        type: "user",
        message: message.message,
        session_id: sessionId,
        parent_tool_use_id: null,
        uuid,
        isReplay: true,
      });
    const { text, texts, other } = userText(message);
    const extra: Array<string | ImageBlock> = other.map((block) => control.describeBlock(block));
    if (lastInterrupted) extra.unshift(INTERRUPTED_NOTE);
    const split = splitCommandMessage(texts);
    const controller = new AbortController();
    running = controller;
    try {
      const prompt = split ? { text: split.line, context: split.context, extra } : { text, extra };
      const turn = await runHeadlessTurn(runtime, commands, prompt, controller.signal, say);
      const structured = await control.structuredOutput(turn);
      const aborted = structured.turn.terminal.reason === "aborted" && interruptedByCaller;
      lastFailed = turnFailed(structured.turn) && !aborted;
      lastInterrupted = aborted;
      channel.send(
        resultJson(structured.turn, sessionId, {
          // As in Claude Code, cost and per-model usage are the session's running totals.
          total_cost_usd: Number(session.ledger.totalCostUsd.toFixed(6)),
          modelUsage: session.ledger.models,
          ...structured.fields,
          context: session.contextUsage(),
          ...(message.uuid ? { user_message_uuid: message.uuid } : {}),
        }),
      );
    } finally {
      running = undefined;
      interruptedByCaller = false;
    }
  }

  async function work(): Promise<void> {
    await session.start(runtime.startSource);
    for (;;) {
      const next = queue.shift();
      if (!next) {
        if (inputEnded) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      try {
        await runTurn(next);
      } catch (error) {
        lastFailed = true;
        say(`reagent: the turn failed: ${errorMessage(error)}`);
      }
      if (queue.length === 0) setState("idle");
    }
  }

  const onSigint = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    say("reagent: interrupted; stopping the request and any running tool");
    running?.abort();
    session.abort();
    queue.length = 0;
  };
  process.on("SIGINT", onSigint);
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  lines.on("line", (line) => {
    lineNumber++;
    if (line.trim() === "") return;
    const inbound = parseInbound(line, lineNumber);
    switch (inbound.kind) {
      case "user":
        queue.push(inbound.message);
        notify();
        break;
      case "control-request":
        void control.handle(inbound.requestId, inbound.request);
        break;
      case "control-response":
        if (!channel.answer(inbound.response))
          say(
            `reagent: stdin line ${lineNumber}: control_response for unknown request ${inbound.response.request_id}`,
          );
        break;
      case "cancel":
        control.cancel(inbound.requestId);
        break;
      case "invalid":
        say(`reagent: ${inbound.message}`);
        break;
      default:
        break;
    }
  });
  lines.once("close", () => {
    inputEnded = true;
    channel.close("stdin ended");
    notify();
  });
  try {
    await work();
    // Claude Code's SessionEnd reasons are clear, logout, prompt_input_exit and other.
    await session.end("other");
    if (interrupted) return 130;
    return lastFailed ? 1 : 0;
  } finally {
    process.off("SIGINT", onSigint);
    lines.close();
    await control.close();
    await runtime.close();
  }
}
