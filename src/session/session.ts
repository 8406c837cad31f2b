// The session: history, turns, session-level hooks (UserPromptSubmit, Stop, SessionStart/End), usage
// totals, permission denials and the SessionEvent stream. It builds the ToolRunner so every tool path
// goes through hooks and the gate, and runs the loop once per prompt. It never touches disk: every
// change to the history is followed by an event; a subscriber saves the transcript (transcript-recorder.ts).
import type {
  HookNotice,
  HookRunEvent,
  PromptExpansion,
  SessionHooks,
  SessionStartSource,
  ToolHooks,
} from "../hooks/index.js";
import type { Terminal } from "../loop/index.js";
import { runAgentLoop, runToolCall, type StopDecision } from "../loop/index.js";
import type {
  ImageBlock,
  Message,
  ModelClient,
  ModelFacts,
  SideUsage,
  StopReason,
  Usage,
  UserBlock,
} from "../model/index.js";
import { addUsage } from "../model/index.js";
import type {
  FileAccess,
  FileStateStore,
  ReadDenyChecks,
  ShellState,
  ToolContext,
  ToolRegistry,
} from "../tools/index.js";
import { createToolRunner, type PermissionDenial, type ToolRunnerOptions } from "../tools/index.js";
import type { Tracer } from "../util/index.js";
import { newToolUseId, systemNote } from "../util/index.js";
import { type BackgroundWork, NewsInbox, newsBeforeEnd } from "./background-work.js";
import type { CompactResult, ContextManager, ContextState } from "./context-manager.js";
import type { SessionEvent, TurnResult } from "./events.js";
import { attachFileMentions } from "./file-mentions.js";
import type { ModelSlot } from "./model-slot.js";
import { gateTerminal, type PreparedPrompt, type PromptGate, passPromptHooks } from "./prompt-hooks.js";
import { SessionEvents } from "./session-events.js";
import { stopFailureType } from "./turn-outcome.js";
import { startTally, type TurnTally, turnResult } from "./turn-tally.js";
import { type RunUsage, UsageLedger } from "./usage-ledger.js";
import { type ShellOutcome, shellOutcome } from "./user-shell.js";

export type SessionOptions = {
  sessionId: string;
  /** The model in use now (shared with the parts that make side requests and with subagents). */
  model: ModelSlot;
  registry: ToolRegistry;
  /** The system prompt for requests; stable within a conversation (prompt/stable-system-prompt.ts). */
  systemPrompt: () => Promise<string> | string;
  /** Notes about instructions or memory that changed on disk; they go with the next prompt. */
  systemPromptChanges?: () => Promise<string[]> | string[];
  /** The history was replaced (compaction, /clear): the system prompt may take in those changes. */
  refreshSystemPrompt?: () => void;
  cwd: string;
  homeDir: string;
  maxTurns: number;
  tracer: Tracer;
  files: FileStateStore;
  /** Where Read, Write and Edit get a file's text (an editor's buffers under ACP); absent: the disk. */
  fileAccess?: FileAccess;
  shell: ShellState;
  baseEnv?: Record<string, string | undefined>;
  /** How commands start, the sandbox facts the containment choice reads, result redaction: required. */
  containment: ToolRunnerOptions["containment"];
  gate: ToolRunnerOptions["gate"];
  readDeny?: ReadDenyChecks;
  hooks: SessionHooks & ToolHooks;
  context?: ContextManager;
  /** A resumed conversation: the history starts with these (already saved) messages. */
  history?: Message[];
  /** Image files a prompt names, attached to it as images (cli/prompt-images.ts). */
  promptImages?: (prompt: string) => Promise<{ images: ImageBlock[]; warnings: string[] }>;
  /** Context window, output ceiling and price of a model (usage accounting). */
  modelFacts?: (model: string) => ModelFacts;
  /** The spend caps: the reason not to send a request of this model (a cap reached), checked before a
   *  turn's first request (a refused prompt runs no hooks and is not kept) and before each later one. */
  spendCheck?: (model: string) => string | undefined;
  /** Work that goes on beside the conversation (background subagents). */
  background?: BackgroundWork;
  /** Where the session's events go (built before the session, so the parts built earlier publish to
   *  it too); a fresh hub when absent. */
  events?: SessionEvents;
  /** News for the model from work beside the conversation (background subagents write to it). */
  news?: NewsInbox;
  /** Text kept through compaction (the task list): added to the summary of the earlier conversation. */
  compactionContext?: () => string | undefined;
};

export type SubmitOptions = {
  typed?: string;
  /** Not the user's prompt but news for the model (a background agent finished while the REPL was
   *  idle): no UserPromptSubmit hooks, no `@` mentions. */
  news?: boolean;
  /** The typed slash command this prompt expands (UserPromptExpansion hooks see it). */
  expansion?: PromptExpansion;
  /** Builds the prompt once UserPromptSubmit allowed it; a failure ends the turn with no request. */
  prepare?: (signal: AbortSignal) => Promise<PreparedPrompt>;
};
export class Session {
  readonly messages: Message[] = [];
  readonly usage: Usage = { input_tokens: 0, output_tokens: 0 };
  /** Usage and cost per model for the whole session (`/cost`, the status line). */
  readonly ledger = new UsageLedger();
  lastUsage: Usage | undefined;
  /** History length when the last request was sent, and that request's system prompt. */
  lastRequestIndex = 0;
  lastSystem = "";
  readonly events: SessionEvents;
  private controller: AbortController | undefined;
  private denials: PermissionDenial[] = [];
  private hookErrors: HookNotice[] = [];
  private readonly runner;
  /** News for the model from background agents. */
  readonly news: NewsInbox;
  /** Usage of the turn in progress (subagents add theirs). */
  private turnUsage: RunUsage | undefined;

  constructor(readonly options: SessionOptions) {
    this.events = options.events ?? new SessionEvents();
    this.news = options.news ?? new NewsInbox();
    // A resumed history can be far longer than a call's argument list may be.
    for (const message of options.history ?? []) this.messages.push(message);
    this.runner = createToolRunner({
      registry: options.registry,
      hooks: options.hooks,
      gate: options.gate,
      tracer: options.tracer,
      containment: options.containment,
      context: (toolUseId, signal): Omit<ToolContext, "containment" | "launcher"> => ({
        cwd: options.cwd,
        homeDir: options.homeDir,
        signal,
        sessionId: options.sessionId,
        toolUseId,
        shell: options.shell,
        files: options.files,
        ...(options.fileAccess ? { fileAccess: options.fileAccess } : {}),
        baseEnv: options.baseEnv,
        ...options.readDeny,
        onProgress: (output) => this.emit({ type: "tool-progress", toolUseId, output }),
        acceptsImages: this.model.acceptsImages === true,
      }),
      onDenial: (denial) => this.emit({ type: "permission-denied", denial }),
      onExecute: (toolUseId) => this.emit({ type: "tool-call-running", toolUseId }),
      onNotice: (notice) => this.notice(notice),
    });
    // Side requests of tools (WebFetch condensing, web search) and of hooks, and everything a subagent
    // counted (foreground and background, their side requests included) roll up into the totals; its
    // denials are the run's denials too. Hook errors since the last turn go with the next result.
    this.subscribe((event) => {
      if (event.type === "tool-call-end") for (const spent of event.usage ?? []) this.count(spent);
      else if (event.type === "side-request") this.count(event.spent);
      else if (event.type === "permission-denied") this.denials.push(event.denial);
      else if (event.type === "hook-notice" && event.notice.kind === "error")
        this.hookErrors.push(event.notice);
      else if (event.type === "subagent-event" && event.event.type === "usage-counted")
        this.count(event.event.spent);
      else if (event.type === "subagent-event") {
        // A denial inside a subagent at any depth is the run's (usage is re-counted level by level).
        let inner = event.event;
        while (inner.type === "subagent-event") inner = inner.event;
        if (inner.type === "permission-denied") this.denials.push(inner.denial);
      }
    });
  }

  /** Adds one request's usage (also a side request: a prompt hook's) to the session's totals and the running
   *  turn's (its JSON result and `--max-budget-usd`), priced by model; subscribers are told. */
  count(spent: SideUsage): void {
    const facts = this.options.modelFacts?.(spent.model);
    for (const run of [{ usage: this.usage, ledger: this.ledger }, this.turnUsage]) {
      if (!run) continue;
      addUsage(run.usage, spent.usage);
      run.ledger.add(spent.model, spent.usage, facts);
    }
    this.emit({ type: "usage-counted", spent });
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  emit(event: SessionEvent): void {
    this.events.emit(event);
  }

  notice(notice: HookNotice): void {
    this.emit({ type: "hook-notice", notice });
  }

  hookRun(event: HookRunEvent): void {
    this.emit({ type: "hook-run", event });
  }

  /** The model in use; `/model` switches it for the following requests (and compaction). */
  get model(): ModelClient {
    return this.options.model.current;
  }

  setModel(model: ModelClient, contextForNextRequest: readonly string[] = []): void {
    this.options.model.set(model);
    this.pendingContext.push(...contextForNextRequest);
  }

  /** A fresh conversation (`/clear`): history, usage and pending context are dropped. */
  reset(): void {
    this.messages.length = 0;
    this.pendingContext = [];
    this.options.refreshSystemPrompt?.();
    this.lastUsage = undefined;
    this.lastRequestIndex = 0;
    for (const key of Object.keys(this.usage) as Array<keyof Usage>) delete this.usage[key];
    Object.assign(this.usage, { input_tokens: 0, output_tokens: 0 });
    this.ledger.reset();
    this.options.context?.reset();
    this.emit({ type: "history-cleared" });
  }

  /** Aborts the running turn: the model request, any running tool and every subagent (background
   *  ones too) with their processes. */
  abort(): void {
    this.controller?.abort();
    this.options.background?.stopAll();
  }

  get running(): boolean {
    return this.controller !== undefined;
  }

  async start(source: SessionStartSource): Promise<void> {
    const outcome = await this.options.hooks.sessionStart(source, this.model.model);
    if (!outcome) return;
    Object.assign(this.options.shell.env, outcome.envExports);
    for (const text of outcome.additionalContext) this.pendingContext.push(systemNote("SessionStart", text));
  }

  /** Builds the system prompt ahead of the first request, so context accounting (/context, the status
   *  line) counts it from the start. */
  async prepareSystemPrompt(): Promise<void> {
    if (this.lastSystem === "") this.lastSystem = await this.options.systemPrompt();
  }

  async end(reason: string): Promise<void> {
    await this.options.hooks.sessionEnd(reason);
  }

  private pendingContext: string[] = [];

  /** The model's stop reason on the last response of the running (or last) turn. */
  private lastStopReason: StopReason | undefined;

  /** Runs one tool call outside a model turn (a custom command's `` !`cmd` `` and `@file`), through
   *  the same ToolRunner as every other call: PreToolUse hooks, the gate, PostToolUse. */
  async runTool(
    name: string,
    input: Record<string, unknown>,
    signal = this.controller?.signal ?? new AbortController().signal,
  ): Promise<{ ok: boolean; content: string; code?: string }> {
    const { result, code } = await this.callForUser(name, input, signal);
    return { ok: result.is_error !== true, content: result.content, code };
  }

  /** A tool call the user makes from the prompt (`!` commands, `@` attachments), through the same
   *  ToolRunner with the same tool-call events as the model's calls, so the UI shows it as one. */
  private callForUser(name: string, input: Record<string, unknown>, signal: AbortSignal) {
    const call = { type: "tool_use" as const, id: newToolUseId("user"), name, input };
    return runToolCall(call, { tools: this.runner, signal, emit: (event) => this.emit(event) });
  }

  /** `!command` between turns: runs it as a Bash call (hooks and the gate decide; `abort()` stops
   *  it); what it printed goes to the model with the next prompt. */
  async shell(command: string): Promise<ShellOutcome> {
    if (this.controller) throw new Error("a turn is running");
    const controller = new AbortController();
    this.controller = controller;
    try {
      const outcome = shellOutcome(command, await this.callForUser("Bash", { command }, controller.signal));
      if (outcome.kind === "ran") this.pendingContext.push(...outcome.context);
      return outcome;
    } finally {
      this.controller = undefined;
    }
  }

  /** Runs one prompt to the end of its turn. `options.typed` is what the user typed (a slash command
   *  line): UserPromptSubmit hooks see it, and `options.prepare` builds the prompt only once they
   *  allowed it (a custom command's shell lines run after the hooks, inside the turn's abort). A
   *  typed prompt's `@path` mentions are attached (file-mentions.ts) once the hooks allowed it. */
  async submit(
    prompt: string,
    attachments: Array<string | ImageBlock> = [],
    options: SubmitOptions = {},
  ): Promise<TurnResult> {
    const tally = startTally();
    this.lastStopReason = undefined;
    const controller = new AbortController();
    this.controller = controller;
    this.turnUsage = tally.run;
    const unsubscribe = this.subscribe((event) => {
      if (event.type !== "assistant-message") return;
      // The loop adds the answer to the history before it says so: the request saw everything before it.
      this.lastRequestIndex = this.messages.length - 1;
      this.lastStopReason = event.stopReason;
      tally.numTurns++;
      tally.apiMs += event.durationMs;
      this.count({ model: this.model.model, usage: event.usage });
      this.lastUsage = event.usage;
    });
    try {
      return this.finish(await this.turn(prompt, attachments, options, controller), tally);
    } finally {
      unsubscribe();
      this.controller = undefined;
      this.turnUsage = undefined;
    }
  }

  /** The turn's steps: the spend caps, the prompt hooks, the user message, the loop, StopFailure. */
  private async turn(
    prompt: string,
    attachments: Array<string | ImageBlock>,
    options: SubmitOptions,
    controller: AbortController,
  ): Promise<Terminal> {
    const message = this.options.spendCheck?.(this.model.model);
    if (message) return { reason: "max_budget", message, text: "" };
    const gate = await passPromptHooks(this.options.hooks, prompt, options, controller.signal);
    if (gate.kind !== "go") {
      if (gate.kind === "blocked")
        this.emit({ type: "prompt-blocked", reason: gate.reason, hook: gate.hook });
      return gateTerminal(gate);
    }
    const content = await this.userContent(gate, attachments, options, controller.signal);
    if (!content) return { reason: "aborted", text: "" };
    this.messages.push({ role: "user", content });
    const terminal = await runAgentLoop(this.loopOptions(controller));
    if (terminal.reason === "error" && this.options.hooks.has("StopFailure"))
      await this.options.hooks.stopFailure({
        error: stopFailureType(terminal.error.kind),
        errorDetails: terminal.error.message,
        lastAssistantMessage: terminal.text,
      });
    return terminal;
  }

  /** The user message of an allowed prompt: its images, then its text, then what goes with it (changed
   *  instructions, pending context and news, the hooks' context, `@` mentions, attachments); none when
   *  the turn was aborted while mentions were read. */
  private async userContent(
    gate: Extract<PromptGate, { kind: "go" }>,
    attachments: Array<string | ImageBlock>,
    options: SubmitOptions,
    signal: AbortSignal,
  ): Promise<UserBlock[] | undefined> {
    const { prompt } = gate;
    const mentioned =
      options.typed === undefined && !options.news && prompt.includes("@")
        ? await attachFileMentions(prompt, {
            cwd: this.options.cwd,
            homeDir: this.options.homeDir,
            runTool: (name, input) => this.callForUser(name, input, signal),
          })
        : { blocks: [], problems: [] };
    for (const message of mentioned.problems) this.emit({ type: "warning", message });
    if (mentioned.aborted || signal.aborted) return undefined;
    const attached = (await this.options.promptImages?.(prompt)) ?? { images: [], warnings: [] };
    for (const message of attached.warnings) this.emit({ type: "warning", message });
    // Images first: the models read an image-then-text prompt best.
    const content: UserBlock[] = [...attached.images, { type: "text", text: prompt }];
    const changes = (await this.options.systemPromptChanges?.()) ?? [];
    this.pendingContext.push(...this.news.take());
    const extra = [...changes, ...this.pendingContext, ...gate.context, ...mentioned.blocks, ...attachments];
    this.pendingContext = [];
    for (const block of extra)
      content.push(typeof block === "string" ? { type: "text", text: block } : block);
    return content;
  }

  /** The loop over this session's model, runner and history, with compaction and Stop hooks. */
  private loopOptions(controller: AbortController): Parameters<typeof runAgentLoop>[0] {
    const context = this.options.context;
    return {
      model: this.model,
      tools: this.runner,
      system: async () => {
        this.lastSystem = await this.options.systemPrompt();
        return this.lastSystem;
      },
      toolSchemas: () => this.options.registry.schemas(),
      messages: this.messages,
      maxTurns: this.options.maxTurns,
      signal: controller.signal,
      emit: (event) => this.emit(event),
      prepareMessages: context ? (messages) => context.prepare(messages, this.lastSystem) : undefined,
      beforeRequest: context
        ? async () => {
            if (context.needsAutoCompact(this.contextState()))
              await this.compact("auto", "", controller.signal);
          }
        : undefined,
      onContextOverflow: context
        ? async () => (await this.compact("auto", "", controller.signal)).ok
        : undefined,
      onStop: (text, active) => this.onStop(text, active, controller.signal),
      budgetExceeded: () => this.options.spendCheck?.(this.model.model),
      drainNotes: () => this.news.take(),
    };
  }

  /** `/compact [instructions]` and auto-compaction. A failure leaves the history as is and says so once. */
  async compact(trigger: "manual" | "auto", instructions = "", signal?: AbortSignal): Promise<CompactResult> {
    const context = this.options.context;
    if (!context) return { ok: false, message: "Compaction is not available in this session." };
    if (this.lastSystem === "") this.lastSystem = await this.options.systemPrompt();
    const preTokens = this.contextUsage()?.usedTokens ?? 0;
    const state = this.contextState();
    const stop = signal ?? new AbortController().signal;
    const result = await context.compact(state, trigger, stop, instructions);
    if (result.usage) this.count(result.usage);
    const kept = result.ok ? this.options.compactionContext?.() : undefined;
    if (result.ok && kept) {
      // What must survive compaction rides along with the summary (a new message: see estimate-tokens).
      const first = result.messages[0];
      if (first?.role === "user")
        result.messages[0] = { ...first, content: [...first.content, { type: "text", text: kept }] };
    }
    if (result.ok) {
      this.messages.splice(0, this.messages.length, ...result.messages);
      this.lastUsage = undefined;
      this.lastRequestIndex = 0;
      this.options.refreshSystemPrompt?.();
      const postTokens = this.contextUsage()?.usedTokens ?? 0;
      this.emit({
        type: "history-compacted",
        trigger,
        summary: kept ? `${result.summary}\n\n${kept}` : result.summary,
        messages: this.messages,
        preTokens,
        postTokens,
      });
      await this.start("compact");
    } else if (trigger === "auto") this.emit({ type: "warning", message: result.message });
    return result;
  }

  /** What the ContextManager reads: the history and the last request's figures, never to change them. */
  private contextState(): ContextState {
    const { messages, lastUsage, lastRequestIndex, lastSystem } = this;
    return { messages, lastUsage, lastRequestIndex, lastSystem };
  }

  /** Context use for the status line, `/context` and the JSON result. */
  contextUsage() {
    return this.options.context?.usage(this.contextState());
  }

  private async onStop(
    lastText: string,
    stopHookActive: boolean,
    signal: AbortSignal,
  ): Promise<StopDecision> {
    // Not done while background agents still work for this run (headless) or have news.
    const news = await newsBeforeEnd(this.news, this.options.background, signal);
    if (news) return { type: "continue", reason: news, source: "notes" };
    const outcome = await this.options.hooks.stop({
      lastAssistantMessage: lastText,
      stopHookActive,
      signal,
    });
    const notes = outcome.additionalContext.map((text) => systemNote("Stop", text));
    if (outcome.stop) return { type: "stop", reason: outcome.stop.reason };
    // A block continues the turn now (its context rides along); otherwise the context waits for the next prompt.
    if (outcome.block) return { type: "continue", reason: [outcome.block.reason, ...notes].join("\n\n") };
    this.pendingContext.push(...notes);
    return { type: "end" };
  }

  private finish(terminal: Terminal, tally: TurnTally): TurnResult {
    const turn = turnResult(terminal, tally, this.lastStopReason, this.denials, this.hookErrors);
    // Denials and hook errors since the previous turn ended (SessionStart hooks included).
    this.denials = [];
    this.hookErrors = [];
    this.options.tracer.trace("loop.end", {
      reason: terminal.reason,
      turns: turn.numTurns,
      ms: turn.durationMs,
    });
    this.emit({ type: "turn-end", result: turn });
    return turn;
  }
}
