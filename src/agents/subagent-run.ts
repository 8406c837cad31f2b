// One subagent run: a nested Session whose ToolRunner is built from the parent's registry (narrowed
// to the agent's tools), hooks (scoped: payloads carry agent_id/agent_type; Stop is SubagentStop) and
// gate (narrowed mode; a worktree agent's rules anchored at its worktree). Fires SubagentStart,
// forwards the run's events to the parent (its own subagents' too), and returns the final message.
// Nothing here runs a tool another way: the nested Session's runner is the same createToolRunner.
import { randomBytes } from "node:crypto";
import type { Usage } from "../model/index.js";
import { addUsage } from "../model/index.js";
import type { SessionEvent, SubagentEnd, SubagentInfo } from "../session/index.js";
import { type BackgroundWork, ModelSlot, NewsInbox, Session, SessionEvents } from "../session/index.js";
import type { Tool, ToolErrorCode } from "../tools/index.js";
import { createFileStateStore } from "../tools/index.js";
import { recordTranscript } from "../transcript/index.js";
import { errorMessage, systemNote } from "../util/index.js";
import type { AgentDefinition } from "./agent-definition.js";
import { agentMayUse } from "./agent-tools.js";
import { narrowRegistry } from "./narrow-registry.js";
import type { ParentConversation, SubagentDeps } from "./subagent-deps.js";
import { subagentSessionHooks } from "./subagent-hooks.js";
import { createWorktree, finishWorktree, gitRunner, type Worktree } from "./worktree.js";

type SubagentRequest = {
  agent: AgentDefinition;
  prompt: string;
  description: string;
  model?: string;
  isolation?: "worktree";
  background: boolean;
  parentToolUseId: string;
  signal: AbortSignal;
};

/** A first-level subagent's own delegation: its Agent, TaskOutput and TaskStop tools and the manager
 *  behind them (attached to its session, waited for and closed when it ends). */
export type NestedAgents = {
  tools: Tool[];
  background: BackgroundWork;
  close(): Promise<void>;
};

export type SubagentRunResult =
  | { kind: "ran"; info: SubagentInfo; end: SubagentEnd; transcriptPath?: string }
  | { kind: "refused"; code: ToolErrorCode; message: string };

/** Events of a subagent the parent hears about (streamed text stays inside). */
const FORWARDED = new Set<SessionEvent["type"]>([
  "assistant-message",
  "tool-call-start",
  "tool-call-running",
  "tool-call-end",
  "tool-progress",
  "tool-results",
  "hook-notice",
  "permission-denied",
  "warning",
  "model-retry",
  "usage-counted",
  // The agents it starts (one level deeper), wrapped once more.
  "subagent-start",
  "subagent-event",
  "subagent-end",
]);

export function newAgentId(): string {
  return randomBytes(8).toString("hex");
}

export async function runSubagent(
  request: SubagentRequest,
  agentId: string,
  deps: SubagentDeps,
  onSession?: (session: Session) => void,
  nestedFor?: (cwd: string, parent: ParentConversation) => NestedAgents | undefined,
): Promise<SubagentRunResult> {
  const { agent } = request;
  let model: Awaited<ReturnType<SubagentDeps["modelFor"]>>;
  try {
    model = await deps.modelFor(request.model ?? agent.model);
  } catch (error) {
    return {
      kind: "refused",
      code: "invalid_model",
      message: `Cannot start the ${agent.name} agent: ${errorMessage(error)}`,
    };
  }
  let worktree: Worktree | undefined;
  const git = gitRunner({ ...deps.baseEnv });
  if (request.isolation === "worktree") {
    if (!deps.worktreeDir)
      return {
        kind: "refused",
        code: "isolation_unavailable",
        message: 'isolation "worktree" is not available here.',
      };
    const created = await createWorktree({
      cwd: deps.cwd,
      agentId,
      parentDir: deps.worktreeDir,
      git,
      hooks: deps.worktreeHooks,
    });
    if (!created.ok) return { kind: "refused", code: "worktree_failed", message: created.message };
    worktree = created.worktree;
  }
  const cwd = worktree?.cwd ?? deps.cwd;
  const info: SubagentInfo = {
    agentId,
    agentType: agent.name,
    description: request.description,
    parentToolUseId: request.parentToolUseId,
    background: request.background,
    model: model.model,
  };
  const transcript = deps.transcriptFor?.(agentId, {
    agentType: agent.name,
    description: request.description,
    parentToolUseId: request.parentToolUseId,
    ...(worktree ? { worktree: worktree.path } : {}),
  });
  const gate = deps.gateFor({ mode: agent.permissionMode, cwd, agent: agent.name });
  const agentHooks = deps.hooks.forAgent({
    agentId,
    agentType: agent.name,
    ...(worktree ? { cwd } : {}),
    permissionMode: () => gate.mode,
  });
  const hooks = subagentSessionHooks(agentHooks, deps.hooks, () => transcript?.path ?? null);
  const events = new SessionEvents();
  const news = new NewsInbox();
  const maxTurns = agent.maxTurns ?? deps.parent.maxTurns;
  const { spendCheck } = deps.parent;
  const nested = nestedFor?.(cwd, { sessionId: deps.parent.sessionId, maxTurns, events, news, spendCheck });
  const registry = narrowRegistry(deps.registry, (name) => agentMayUse(agent, name), nested?.tools);
  const session: Session = new Session({
    sessionId: deps.parent.sessionId,
    model: new ModelSlot(model),
    registry,
    systemPrompt: deps.systemPromptFor(agent, cwd),
    cwd,
    homeDir: deps.homeDir,
    maxTurns,
    tracer: deps.tracer,
    files: createFileStateStore(),
    ...(deps.fileAccess ? { fileAccess: deps.fileAccess } : {}),
    shell: { cwd, env: { ...deps.shellEnv() } },
    baseEnv: deps.baseEnv,
    containment: worktree
      ? { ...deps.containment, launcher: deps.containment.launcher.within(cwd) }
      : deps.containment,
    gate,
    readDeny: {
      readDeniedBy: (path) => gate.readDeniedBy(path),
      readDenyBelow: (folder) => gate.readDenyBelow(folder),
    },
    hooks,
    context: deps.contextFor?.(
      () => session.model,
      () => registry.schemas(),
      hooks,
    ),
    background: nested?.background,
    events,
    news,
    ...(spendCheck ? { spendCheck } : {}),
  });
  if (transcript) recordTranscript(session, transcript);
  onSession?.(session);
  let toolUses = 0;
  const usage: Usage = { input_tokens: 0, output_tokens: 0 };
  session.subscribe((event) => {
    if (event.type === "tool-call-end") toolUses++;
    if (event.type === "assistant-message") addUsage(usage, event.usage);
    if (FORWARDED.has(event.type)) deps.parent.events.emit({ type: "subagent-event", agent: info, event });
  });
  const started = Date.now();
  deps.parent.events.emit({ type: "subagent-start", agent: info, transcriptPath: transcript?.path });
  const stop = () => session.abort();
  request.signal.addEventListener("abort", stop, { once: true });
  let end: SubagentEnd;
  try {
    const context: string[] = [];
    const start = await agentHooks?.subagentStart(request.signal);
    for (const text of start?.additionalContext ?? []) context.push(systemNote("SubagentStart", text));
    if (worktree) context.push(worktreeNote(worktree));
    context.push(...(await deps.skillContext(agent.skills)));
    const turn = request.signal.aborted ? undefined : await session.submit(request.prompt, context);
    const status =
      !turn || turn.terminal.reason === "aborted" ? "stopped" : turn.isError ? "failed" : "completed";
    const text = turn?.result.trim() ?? "";
    end = {
      status,
      result:
        status === "stopped"
          ? `The ${agent.name} agent was stopped before it finished.${text ? ` Its last message:\n${text}` : ""}`
          : status === "failed"
            ? `The ${agent.name} agent failed: ${failure(turn!)}${turn!.terminal.text ? `\nIts last message:\n${turn!.terminal.text}` : ""}`
            : text || `The ${agent.name} agent finished without a final message.`,
      usage,
      durationMs: Date.now() - started,
      toolUses,
    };
  } catch (error) {
    end = {
      status: "failed",
      result: `The ${agent.name} agent crashed: ${errorMessage(error)}`,
      usage,
      durationMs: Date.now() - started,
      toolUses,
    };
  } finally {
    request.signal.removeEventListener("abort", stop);
    // Its own background agents end with it.
    await nested?.close();
    transcript?.close();
  }
  if (worktree) {
    const outcome = await finishWorktree(worktree, git, deps.worktreeHooks);
    if (outcome.kept) {
      end = {
        ...end,
        result: `${end.result}\n\n${outcome.summary}`,
        worktree: { path: worktree.path, branch: worktree.branch },
      };
    }
  }
  deps.parent.events.emit({ type: "subagent-end", agent: info, end });
  return { kind: "ran", info, end, transcriptPath: transcript?.path };
}

function worktreeNote(worktree: Worktree): string {
  if (worktree.madeBy === "hook" && !worktree.base)
    return `You work in a separate copy of the project at ${worktree.path}, made by the project's WorktreeCreate hook. Make your changes there, not in the main checkout.`;
  return `You work in a git worktree of the repository at ${worktree.path} (branch ${worktree.branch}, from commit ${worktree.base.slice(0, 12)}). Make your changes there; uncommitted changes of the main checkout are not in it.`;
}

function failure(turn: Awaited<ReturnType<Session["submit"]>>): string {
  const terminal = turn.terminal;
  if (terminal.reason === "max_turns") return `it reached its limit of ${terminal.turns} turns`;
  if (terminal.reason === "error") return terminal.error.message;
  return turn.result || terminal.reason;
}
