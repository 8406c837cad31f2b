// The nested Session of one subagent run: its gate (the parent's, narrowed), its hooks (the parent's
// engine scoped to the agent), its transcript, its own subagents (for a first-level agent) and the
// narrowed registry. Running it and reporting the end is subagent-run.ts's.
import type { ModelClient } from "../model/index.js";
import type { BackgroundWork, SubagentInfo } from "../session/index.js";
import { ModelSlot, NewsInbox, Session, SessionEvents } from "../session/index.js";
import type { Tool } from "../tools/index.js";
import { createFileStateStore } from "../tools/index.js";
import { recordTranscript } from "../transcript/index.js";
import type { AgentDefinition } from "./agent-definition.js";
import { agentMayUse } from "./agent-tools.js";
import { narrowRegistry } from "./narrow-registry.js";
import type { ParentConversation, SubagentDeps } from "./subagent-deps.js";
import { subagentSessionHooks } from "./subagent-hooks.js";
import type { Worktree } from "./worktree.js";

/** A first-level subagent's own delegation: its Agent, TaskOutput and TaskStop tools and the manager
 *  behind them (attached to its session, waited for and closed when it ends). */
export type NestedAgents = {
  tools: Tool[];
  background: BackgroundWork;
  close(): Promise<void>;
};

/** Builds a first-level agent's own delegation (undefined for a second-level one). */
export type NestedAgentsFor = (cwd: string, parent: ParentConversation) => NestedAgents | undefined;

type SubagentTranscript = ReturnType<NonNullable<SubagentDeps["transcriptFor"]>>;

export type SubagentSession = {
  session: Session;
  agentHooks: ReturnType<SubagentDeps["hooks"]["forAgent"]>;
  transcript: SubagentTranscript;
  nested: NestedAgents | undefined;
};

type SubagentSessionInput = {
  agent: AgentDefinition;
  info: SubagentInfo;
  model: ModelClient;
  worktree: Worktree | undefined;
  deps: SubagentDeps;
  nestedFor: NestedAgentsFor | undefined;
};

/** Builds the subagent's Session (its transcript recording from the start). */
export function openSubagentSession(input: SubagentSessionInput): SubagentSession {
  const { agent, info, worktree, deps } = input;
  const cwd = worktree?.cwd ?? deps.cwd;
  const transcript = deps.transcriptFor?.(info.agentId, {
    agentType: agent.name,
    description: info.description,
    parentToolUseId: info.parentToolUseId,
    ...(worktree ? { worktree: worktree.path } : {}),
  });
  const gate = deps.gateFor({ mode: agent.permissionMode, cwd, agent: agent.name });
  const agentHooks = deps.hooks.forAgent({
    agentId: info.agentId,
    agentType: agent.name,
    ...(worktree ? { cwd } : {}),
    permissionMode: () => gate.mode,
  });
  const hooks = subagentSessionHooks(agentHooks, deps.hooks, () => transcript?.path ?? null);
  const events = new SessionEvents();
  const news = new NewsInbox();
  const maxTurns = agent.maxTurns ?? deps.parent.maxTurns;
  const { spendCheck } = deps.parent;
  const nested = input.nestedFor?.(cwd, {
    sessionId: deps.parent.sessionId,
    maxTurns,
    events,
    news,
    spendCheck,
  });
  const registry = narrowRegistry(deps.registry, (name) => agentMayUse(agent, name), nested?.tools);
  const session: Session = new Session({
    sessionId: deps.parent.sessionId,
    model: new ModelSlot(input.model),
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
  return { session, agentHooks, transcript, nested };
}
