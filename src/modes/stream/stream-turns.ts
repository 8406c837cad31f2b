// The turns of a stream-json run, one user message each: the system init line (and the message
// replayed, when asked), a headless turn, then its `result` line. Keeps what decides the exit status
// (whether the last turn failed; a turn the caller interrupted does not count as failed) and, after an
// interrupt by the caller, tells the model with the next prompt (as Claude Code does), so that it does
// not take the unanswered request as still open or answered.
import { randomUUID } from "node:crypto";
import type { App, RunOptions } from "../../app/index.js";
import { splitCommandMessage } from "../../commands/index.js";
import { type ControlChannel, type InboundUser, userText } from "../../control/index.js";
import type { ImageBlock } from "../../model/index.js";
import { resultJson, systemInitLine, turnFailed } from "../../ui/headless/index.js";
import { errorMessage } from "../../util/index.js";
import { runHeadlessTurn } from "../headless/headless-turn.js";
import { initFacts } from "../init-facts.js";
import type { StreamControl } from "./stream-control.js";

const INTERRUPTED_NOTE = "[The user interrupted the previous request before it finished.]";

type StreamTurnsOptions = {
  runtime: App;
  options: RunOptions;
  channel: ControlChannel;
  control: StreamControl;
  setState: (state: "running") => void;
  say: (line: string) => void;
};

export function createStreamTurns({ runtime, options, channel, control, setState, say }: StreamTurnsOptions) {
  const { session, sessionId } = runtime;
  let commands = runtime.slashCommands("headless");
  let running: AbortController | undefined;
  let lastFailed = false;
  /** The caller interrupted the running turn: its aborted result does not make the exit status 1. */
  let interruptedByCaller = false;
  /** The caller interrupted the last turn: the next prompt says so. */
  let lastInterrupted = false;

  async function runTurn(message: InboundUser): Promise<void> {
    setState("running");
    await control.ready();
    commands = runtime.slashCommands("headless");
    channel.send(systemInitLine(initFacts(runtime, commands)));
    // The uuid the caller knows this prompt by (its own, or the replay's): rewind_files names it.
    const uuid = message.uuid ?? randomUUID();
    runtime.checkpoints?.expectPrompt(uuid);
    if (options.replayUserMessages) channel.send(replayLine(message, sessionId, uuid));
    const prompt = turnPrompt(message, control, lastInterrupted);
    const controller = new AbortController();
    running = controller;
    try {
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

  return {
    /** The slash commands of the latest turn (initialize and mcp_status list them). */
    commands: () => commands,
    /** Runs one turn; a turn that throws is reported on stderr and counts as failed. */
    async run(message: InboundUser): Promise<void> {
      try {
        await runTurn(message);
      } catch (error) {
        lastFailed = true;
        say(`reagent: the turn failed: ${errorMessage(error)}`);
      }
    },
    /** The caller's `interrupt`: the running turn stops and its aborted result is not a failure. */
    interrupt(): void {
      if (running) interruptedByCaller = true;
      running?.abort();
      session.abort();
    },
    /** Ctrl-C: the running turn stops. */
    abortRunning(): void {
      running?.abort();
    },
    get lastFailed(): boolean {
      return lastFailed;
    },
  };
}

/** The headless prompt of a user message: its text (or its slash command), its other blocks, and the
 *  note that the previous request was interrupted. */
function turnPrompt(message: InboundUser, control: StreamControl, lastInterrupted: boolean) {
  const { text, texts, other } = userText(message);
  const extra: Array<string | ImageBlock> = other.map((block) => control.describeBlock(block));
  if (lastInterrupted) extra.unshift(INTERRUPTED_NOTE);
  const split = splitCommandMessage(texts);
  return split ? { text: split.line, context: split.context, extra } : { text, extra };
}

/** `--replay-user-messages`: the user message echoed back with the uuid rewind_files knows it by. */
function replayLine(message: InboundUser, sessionId: string, uuid: string) {
  return {
    type: "user",
    message: message.message,
    session_id: sessionId,
    parent_tool_use_id: null,
    uuid,
    isReplay: true,
  };
}
