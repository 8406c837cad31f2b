// One ACP session over one App: the App's events become session/update notifications (in order, all
// sent before the prompt's answer), prompts run through the same turn as `-p` (slash commands through
// the registry), cancel aborts the request and running tools, and the permission mode and model are
// the session's modes and config options. Each session is its own App, built for the editor's folder.
import type {
  AgentContext,
  ClientCapabilities,
  ContentBlock,
  SessionConfigOption,
  SessionModeState,
  SessionUpdate,
  StopReason,
} from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
import type { App } from "../../app/index.js";
import { isOneOf } from "../../util/index.js";
import { runHeadlessTurn } from "../headless/headless-turn.js";
import { createAcpPrompter } from "./acp-prompter.js";
import { historyUpdates } from "./history-updates.js";
import { promptFromBlocks } from "./prompt-blocks.js";
import { configOptions, modeState, offeredModes } from "./session-config.js";
import { SessionUpdates } from "./session-updates.js";
import { turnOutcome } from "./stop-reason.js";
import { createTerminalDisplay } from "./terminal-display.js";

type AcpLink = {
  client: AgentContext;
  capabilities: ClientCapabilities;
  /** bypassPermissions may be chosen (started with --allow-dangerously-skip-permissions). */
  bypassAllowed: boolean;
  /** The Node binary (the editor terminal's viewer runs with it). */
  node: string;
  log: (line: string) => void;
};

export class AcpSession {
  readonly id: string;
  private sending: Promise<void> = Promise.resolve();
  private readonly updates: SessionUpdates;
  private readonly display;
  private turn: AbortController | undefined;
  private readonly stops: Array<() => void> = [];

  constructor(
    readonly app: App,
    private readonly link: AcpLink,
  ) {
    this.id = app.sessionId;
    this.display = link.capabilities.terminal
      ? createTerminalDisplay({
          client: link.client,
          sessionId: this.id,
          cwd: app.cwd,
          node: link.node,
          log: link.log,
        })
      : undefined;
    this.updates = new SessionUpdates((update) => this.send(update), app.cwd, this.display);
    this.stops.push(
      app.events.subscribe((event) => {
        this.updates.handle(event);
        if (event.type === "assistant-message") this.sendUsage();
        else if (event.type === "warning") link.log(`reagent: ${event.message}`);
      }),
      app.gate.modeState.subscribe((mode) => {
        this.send({ sessionUpdate: "current_mode_update", currentModeId: mode });
        this.send({ sessionUpdate: "config_option_update", configOptions: this.configOptions() });
      }),
    );
    app.setPrompter(
      createAcpPrompter({
        sessionId: this.id,
        ask: async (params, signal) => {
          await this.sending;
          const answer = await link.client.request("session/request_permission", params, {
            ...(signal ? { cancellationSignal: signal, stopWaitingOnCancel: true } : {}),
          });
          return answer.outcome.outcome === "selected" ? answer.outcome.optionId : undefined;
        },
        denyForSession: (rule) => app.gate.addRule("deny", rule, "the editor (always reject)"),
        log: link.log,
      }),
    );
  }

  /** SessionStart hooks and the system prompt, before the first prompt. */
  async start(): Promise<void> {
    for (const message of this.app.startupWarnings) this.link.log(`reagent: ${message}`);
    await this.app.session.start(this.app.startSource);
    await this.app.session.prepareSystemPrompt();
  }

  send(update: SessionUpdate): void {
    const { client } = this.link;
    this.sending = this.sending
      .then(() => client.notify("session/update", { sessionId: this.id, update }))
      .catch((error: unknown) => this.link.log(`reagent: could not send an update: ${String(error)}`));
  }

  /** Sends the loaded history (session/load), then the task list as a plan. */
  async replay(): Promise<void> {
    for (const update of historyUpdates(this.app.session.messages, this.app.resumedToolResults))
      this.send(update);
    const tasks = this.app.agents.tasks.all();
    if (tasks.length > 0)
      this.updates.handle({
        type: "task-list",
        tasks: tasks.map(({ id, subject, status, activeForm }) => ({ id, subject, status, activeForm })),
      });
    await this.sending;
  }

  sendCommands(): void {
    const commands = this.app.slashCommands("headless").list();
    this.send({
      sessionUpdate: "available_commands_update",
      availableCommands: commands.map((command) => ({
        name: command.name,
        description: command.description,
        ...(command.argumentHint ? { input: { hint: command.argumentHint } } : {}),
      })),
    });
  }

  private sendUsage(): void {
    const usage = this.app.session.contextUsage();
    if (!usage || usage.window <= 0) return;
    this.send({
      sessionUpdate: "usage_update",
      used: usage.usedTokens,
      size: usage.window,
      cost: { amount: this.app.session.ledger.totalCostUsd, currency: "USD" },
    });
  }

  modes(): SessionModeState {
    return modeState(this.app, this.link.bypassAllowed);
  }

  configOptions(): SessionConfigOption[] {
    return configOptions(this.app, this.link.bypassAllowed);
  }

  setMode(modeId: string): void {
    const offered = offeredModes(this.link.bypassAllowed);
    if (!isOneOf(offered, modeId))
      throw RequestError.invalidParams(
        { modeId },
        `unknown mode "${modeId}"; use one of ${offered.join(", ")}${this.link.bypassAllowed ? "" : " (bypassPermissions needs reagent --acp --allow-dangerously-skip-permissions)"}`,
      );
    this.app.gate.setMode(modeId);
  }

  async setConfigOption(configId: string, value: unknown): Promise<SessionConfigOption[]> {
    if (typeof value !== "string")
      throw RequestError.invalidParams(
        { configId },
        `config option "${configId}" takes a value id (a string)`,
      );
    if (configId === "mode") this.setMode(value);
    else if (configId === "model") {
      const outcome = await this.app.switchModel(value, "command");
      if (!outcome.ok)
        throw RequestError.invalidParams({ configId, value }, `model not switched: ${outcome.reason}`);
    } else
      throw RequestError.invalidParams(
        { configId },
        `unknown config option "${configId}"; use mode or model`,
      );
    return this.configOptions();
  }

  async prompt(blocks: readonly ContentBlock[]): Promise<StopReason> {
    if (this.turn)
      throw RequestError.invalidRequest(
        { sessionId: this.id },
        "a prompt is already running in this session",
      );
    const prompt = promptFromBlocks(blocks);
    const controller = new AbortController();
    this.turn = controller;
    this.updates.streamedText = false;
    try {
      const commands = this.app.slashCommands("headless");
      const turn = await runHeadlessTurn(this.app, commands, prompt, controller.signal, this.link.log);
      const cancelled = controller.signal.aborted;
      this.updates.closeOpenCalls(cancelled ? "Cancelled." : "The turn ended before it ran.");
      await this.updates.settled();
      const outcome = turnOutcome(turn, cancelled);
      if (outcome.kind === "error") throw outcome.error;
      const said = turn.commandError ?? (this.updates.streamedText ? undefined : turn.result);
      for (const text of [said, outcome.note])
        if (text && outcome.stopReason !== "cancelled")
          this.send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
      return outcome.stopReason;
    } finally {
      this.turn = undefined;
      await this.sending;
    }
  }

  /** session/cancel: stops the request and every running tool; the prompt answers `cancelled`. */
  cancel(): void {
    this.turn?.abort();
    this.app.session.abort();
  }

  async close(): Promise<void> {
    this.cancel();
    for (const stop of this.stops) stop();
    await this.app.session.end("other").catch(() => undefined);
    await this.app.close();
    this.display?.dispose();
  }
}
