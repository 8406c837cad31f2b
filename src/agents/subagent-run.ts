// One subagent run: a nested Session whose ToolRunner is built from the parent's registry (narrowed
// to the agent's tools), hooks (scoped: payloads carry agent_id/agent_type; Stop is SubagentStop) and
// gate (narrowed mode; a worktree agent's rules anchored at its worktree). Fires SubagentStart,
// forwards the run's events to the parent (its own subagents' too), and returns the final message.
// Nothing here runs a tool another way: the nested Session's runner is the same createToolRunner.
import { randomBytes } from "node:crypto";
import type { ModelClient, Usage } from "../model/index.js";
import { addUsage } from "../model/index.js";
import type { Session, SessionEvent, SubagentEnd, SubagentInfo } from "../session/index.js";
import type { ToolErrorCode } from "../tools/index.js";
import { errorMessage, systemNote } from "../util/index.js";
import type { AgentDefinition } from "./agent-definition.js";
import type { SubagentDeps } from "./subagent-deps.js";
import { type NestedAgentsFor, openSubagentSession, type SubagentSession } from "./subagent-session.js";
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

type Refusal = Extract<SubagentRunResult, { kind: "refused" }>;
type Turn = Awaited<ReturnType<Session["submit"]>>;

export async function runSubagent(
  request: SubagentRequest,
  agentId: string,
  deps: SubagentDeps,
  onSession?: (session: Session) => void,
  nestedFor?: NestedAgentsFor,
): Promise<SubagentRunResult> {
  const { agent } = request;
  const model = await modelForRun(request, deps);
  if (model.kind === "refused") return model;
  const git = gitRunner({ ...deps.baseEnv });
  const isolation = await isolationFor(request, agentId, deps, git);
  if (isolation.kind === "refused") return isolation;
  const { worktree } = isolation;
  const info: SubagentInfo = {
    agentId,
    agentType: agent.name,
    description: request.description,
    parentToolUseId: request.parentToolUseId,
    background: request.background,
    model: model.client.model,
  };
  const opened = openSubagentSession({ agent, info, model: model.client, worktree, deps, nestedFor });
  onSession?.(opened.session);
  let end = await driveSubagent(request, info, opened, worktree, deps);
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
  return { kind: "ran", info, end, transcriptPath: opened.transcript?.path };
}

/** The agent's model (the request's, else the agent's, else the parent's), or why there is none. */
async function modelForRun(
  request: SubagentRequest,
  deps: SubagentDeps,
): Promise<{ kind: "model"; client: ModelClient } | Refusal> {
  try {
    return { kind: "model", client: await deps.modelFor(request.model ?? request.agent.model) };
  } catch (error) {
    return {
      kind: "refused",
      code: "invalid_model",
      message: `Cannot start the ${request.agent.name} agent: ${errorMessage(error)}`,
    };
  }
}

/** The worktree an `isolation: "worktree"` run works in (created now), or why it cannot have one. */
async function isolationFor(
  request: SubagentRequest,
  agentId: string,
  deps: SubagentDeps,
  git: ReturnType<typeof gitRunner>,
): Promise<{ kind: "isolation"; worktree: Worktree | undefined } | Refusal> {
  if (request.isolation !== "worktree") return { kind: "isolation", worktree: undefined };
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
  return { kind: "isolation", worktree: created.worktree };
}

/** Forwards the run's events to the parent, fires SubagentStart, submits the prompt and reports how
 *  it ended (stopping it when the request's signal aborts; its own background agents end with it). */
async function driveSubagent(
  request: SubagentRequest,
  info: SubagentInfo,
  { session, agentHooks, transcript, nested }: SubagentSession,
  worktree: Worktree | undefined,
  deps: SubagentDeps,
): Promise<SubagentEnd> {
  const { agent } = request;
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
  try {
    const context: string[] = [];
    const start = await agentHooks?.subagentStart(request.signal);
    for (const text of start?.additionalContext ?? []) context.push(systemNote("SubagentStart", text));
    if (worktree) context.push(worktreeNote(worktree));
    context.push(...(await deps.skillContext(agent.skills)));
    const turn = request.signal.aborted ? undefined : await session.submit(request.prompt, context);
    return { ...turnOutcome(agent.name, turn), usage, durationMs: Date.now() - started, toolUses };
  } catch (error) {
    return {
      status: "failed",
      result: `The ${agent.name} agent crashed: ${errorMessage(error)}`,
      usage,
      durationMs: Date.now() - started,
      toolUses,
    };
  } finally {
    request.signal.removeEventListener("abort", stop);
    await nested?.close();
    transcript?.close();
  }
}

/** How the turn ended (no turn: stopped before it began), and the message the parent gets. */
function turnOutcome(agentName: string, turn: Turn | undefined): Pick<SubagentEnd, "status" | "result"> {
  const text = turn?.result.trim() ?? "";
  if (!turn || turn.terminal.reason === "aborted")
    return {
      status: "stopped",
      result: `The ${agentName} agent was stopped before it finished.${text ? ` Its last message:\n${text}` : ""}`,
    };
  if (turn.isError)
    return {
      status: "failed",
      result: `The ${agentName} agent failed: ${failure(turn)}${turn.terminal.text ? `\nIts last message:\n${turn.terminal.text}` : ""}`,
    };
  return { status: "completed", result: text || `The ${agentName} agent finished without a final message.` };
}

function worktreeNote(worktree: Worktree): string {
  if (worktree.madeBy === "hook" && !worktree.base)
    return `You work in a separate copy of the project at ${worktree.path}, made by the project's WorktreeCreate hook. Make your changes there, not in the main checkout.`;
  return `You work in a git worktree of the repository at ${worktree.path} (branch ${worktree.branch}, from commit ${worktree.base.slice(0, 12)}). Make your changes there; uncommitted changes of the main checkout are not in it.`;
}

function failure(turn: Turn): string {
  const terminal = turn.terminal;
  if (terminal.reason === "max_turns") return `it reached its limit of ${terminal.turns} turns`;
  if (terminal.reason === "error") return terminal.error.message;
  return turn.result || terminal.reason;
}
