// The session's subagents: the Agent tool's launcher (foreground: the tool call waits for the final
// message; background: it returns at once with an id), the background agents (TaskOutput/TaskStop,
// a note to the parent when one finishes, waited for before a headless run ends, stopped with the
// parent), and the bound on how many run at once. A first-level subagent that may delegate gets a
// manager of its own (one level deeper; its agents get no Agent tool), built the same way.

import type { BackgroundWork, Session, SubagentEnd, SubagentInfo } from "../session/index.js";
import { fail, ok, type Tool, type ToolResult } from "../tools/index.js";
import { Semaphore, truncateMiddle } from "../util/index.js";
import type { AgentDefinition } from "./agent-definition.js";
import { type AgentLauncher, type AgentToolInput, createAgentTool } from "./agent-tool.js";
import { agentMayDelegate, delegateTypes } from "./agent-tools.js";
import { type BackgroundAgents, type BackgroundView, createBackgroundTools } from "./background-tools.js";
import type { ParentConversation, SubagentDeps } from "./subagent-deps.js";
import { newAgentId, runSubagent, type SubagentRunResult } from "./subagent-run.js";
import type { NestedAgents } from "./subagent-session.js";

const RESULT_LIMIT = 40_000;

type BackgroundEntry = {
  view: BackgroundView;
  controller: AbortController;
  done: Promise<void>;
  session?: Session;
};

function agentData(info: SubagentInfo, end: SubagentEnd, prompt: string) {
  return {
    status: end.status,
    agentId: info.agentId,
    agentType: info.agentType,
    content: [{ type: "text", text: end.result }],
    totalToolUseCount: end.toolUses,
    totalDurationMs: end.durationMs,
    totalTokens: end.usage.input_tokens + end.usage.output_tokens,
    usage: end.usage,
    prompt,
    ...(end.worktree ? { worktreePath: end.worktree.path, worktreeBranch: end.worktree.branch } : {}),
  };
}

export class Subagents implements BackgroundWork, BackgroundAgents {
  private readonly slots: Semaphore;
  private readonly background = new Map<string, BackgroundEntry>();

  constructor(private readonly deps: SubagentDeps) {
    this.slots = new Semaphore(deps.maxParallel ?? 4);
  }

  get waitBeforeEnd(): boolean {
    return this.deps.waitBeforeEnd;
  }

  readonly launch: AgentLauncher = async (input, context) => {
    const type = input.subagent_type?.trim() || "general-purpose";
    const agent =
      this.deps.agents.find((candidate) => candidate.name === type) ??
      this.deps.agents.find((candidate) => candidate.name.toLowerCase() === type.toLowerCase());
    if (!agent)
      return fail(
        "unknown_agent",
        `Unknown agent type "${type}". Available: ${this.deps.agents.map((candidate) => candidate.name).join(", ")}.`,
      );
    const background = input.run_in_background ?? agent.background ?? false;
    const request = {
      agent,
      prompt: input.prompt,
      description: input.description,
      model: input.model,
      isolation: input.isolation ?? agent.isolation,
      background,
      parentToolUseId: context.toolUseId,
    };
    const agentId = this.deps.newAgentId?.() ?? newAgentId();
    if (background) return this.startBackground(agentId, request, input);
    const release = await this.slots.acquire(context.signal).catch(() => undefined);
    if (!release) return fail("aborted", "The agent was not started: the turn was interrupted.");
    try {
      const run = await runSubagent(
        { ...request, signal: context.signal },
        agentId,
        this.deps,
        undefined,
        (cwd, parent) => this.nestedFor(agent, cwd, parent),
      );
      return this.toolResult(run, input);
    } finally {
      release();
    }
  };

  private startBackground(
    agentId: string,
    request: Omit<Parameters<typeof runSubagent>[0], "signal">,
    input: AgentToolInput,
  ): ToolResult {
    const controller = new AbortController();
    const view: BackgroundView = {
      id: agentId,
      agentType: request.agent.name,
      description: request.description,
      status: "running",
    };
    const entry: BackgroundEntry = { view, controller, done: Promise.resolve() };
    entry.done = (async () => {
      const release = await this.slots.acquire(controller.signal).catch(() => undefined);
      let run: SubagentRunResult | undefined;
      try {
        if (release)
          run = await runSubagent(
            { ...request, signal: controller.signal },
            agentId,
            this.deps,
            (session) => {
              entry.session = session;
              session.subscribe((event) => {
                if (event.type === "tool-call-start") view.progress = `running ${event.summary}`;
              });
            },
            (cwd, parent) => this.nestedFor(request.agent, cwd, parent),
          );
      } finally {
        release?.();
      }
      if (!run || run.kind === "refused") {
        view.status = run ? "failed" : "stopped";
        view.result = run?.kind === "refused" ? run.message : "The agent was stopped before it started.";
      } else {
        view.status = run.end.status;
        view.result = run.end.result;
      }
      view.progress = undefined;
      this.deps.parent.news.note(
        `<task-notification>\nBackground agent ${agentId} (${view.agentType}: ${view.description}) ${view.status === "stopped" ? "was stopped" : view.status}.\n${truncateMiddle(view.result, RESULT_LIMIT)}\n</task-notification>`,
      );
      this.deps.parent.events.emit({ type: "news-waiting" });
    })();
    this.background.set(agentId, entry);
    return ok(
      `Started background agent ${agentId} (${request.agent.name}: ${request.description}). It works on its own; you will be told when it finishes. Continue with other work; TaskOutput {"task_id": "${agentId}"} shows its result, TaskStop stops it.`,
      { status: "async_launched", agentId, description: input.description, prompt: input.prompt },
    );
  }

  /** A first-level subagent's own Agent, TaskOutput and TaskStop, over a manager one level deeper (its
   *  agents get none) that works in the subagent's folder and whose background agents it waits for. */
  private nestedFor(
    agent: AgentDefinition,
    cwd: string,
    parent: ParentConversation,
  ): NestedAgents | undefined {
    if ((this.deps.depth ?? 1) > 1 || !agentMayDelegate(agent)) return undefined;
    const types = delegateTypes(agent);
    const agents = this.deps.agents.filter((candidate) => !types || types.includes(candidate.name));
    const child = new Subagents({ ...this.deps, agents, cwd, depth: 2, waitBeforeEnd: true, parent });
    const tools: Tool[] = [
      createAgentTool({ agents, launch: child.launch, nested: true }),
      ...createBackgroundTools(child, this.deps.commands),
    ];
    return {
      tools,
      background: child,
      close: () => child.close(),
    };
  }

  private toolResult(run: SubagentRunResult, input: AgentToolInput): ToolResult {
    if (run.kind === "refused") return fail(run.code, run.message);
    const text = truncateMiddle(run.end.result, RESULT_LIMIT);
    const data = agentData(run.info, run.end, input.prompt);
    if (run.end.status === "completed") return ok(text, data);
    return fail(run.end.status === "stopped" ? "aborted" : "agent_failed", text, data);
  }

  // ---- BackgroundWork (the parent session) and BackgroundAgents (TaskOutput / TaskStop)

  running(): number {
    return [...this.background.values()].filter((entry) => entry.view.status === "running").length;
  }

  async settled(signal: AbortSignal): Promise<void> {
    const pending = [...this.background.values()].map((entry) => entry.done);
    await Promise.race([
      Promise.all(pending),
      new Promise<void>((resolve) => {
        if (signal.aborted) resolve();
        signal.addEventListener("abort", () => resolve(), { once: true });
      }),
    ]);
  }

  stopAll(): void {
    for (const entry of this.background.values()) entry.controller.abort();
  }

  get(id: string): BackgroundView | undefined {
    return this.background.get(id.trim())?.view;
  }

  ids(): string[] {
    return [...this.background.keys()];
  }

  async wait(id: string, timeoutMs: number, signal: AbortSignal): Promise<void> {
    const entry = this.background.get(id.trim());
    if (!entry) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      entry.done,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        signal.addEventListener("abort", () => resolve(), { once: true });
      }),
    ]);
    clearTimeout(timer);
  }

  stop(id: string): boolean {
    const entry = this.background.get(id.trim());
    if (entry?.view.status !== "running") return false;
    entry.controller.abort();
    return true;
  }

  /** Stops every background agent and waits for them to wind down (their worktrees are finished). */
  async close(): Promise<void> {
    this.stopAll();
    await Promise.all([...this.background.values()].map((entry) => entry.done));
  }
}
