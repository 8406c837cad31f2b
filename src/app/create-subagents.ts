// The subagent runtime of a run and what a subagent takes from its parent: a model (a name, an
// alias or the parent's current one), the parent's gate narrowed for the agent, the parent's hooks
// scoped to it (with the agent file's own), a system prompt, preloaded skills, a transcript beside
// the session's, a context manager over its model's window, and the worktree folder and hooks.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Subagents } from "../agents/index.js";
import { contextWindowFor } from "../compaction/index.js";
import { createSystemPromptBuilder } from "../prompt/index.js";
import { ContextManager } from "../session/index.js";
import type { Skill } from "../skills/index.js";
import { loadSkill } from "../skills/index.js";
import { projectKey, TranscriptStore } from "../transcript/index.js";
import { ensureFolderSync, packageVersion } from "../util/index.js";
import type { LoadedAgents } from "./agent-definitions.js";
import type { WireAgentsInput } from "./agent-wiring.js";
import type { Basics } from "./app.js";
import { reagentStateDir } from "./state-home.js";

type SubagentDeps = ConstructorParameters<typeof Subagents>[0];

const SUBAGENT_FALLBACK_PROMPT =
  "You are a subagent of reagent, a coding agent. Do the task you are given with your tools and reply with a concise report.";

export function createSubagents(
  input: WireAgentsInput,
  loaded: LoadedAgents,
  /** The session's own folder (absent with --no-session-persistence: no subagent transcripts). */
  sessionFolder: string | undefined,
): Subagents {
  const { basics } = input;
  const { cwd, env, tracer } = basics;
  return new Subagents({
    agents: loaded.agents,
    parent: input.parent,
    registry: input.registry,
    cwd,
    homeDir: env.homeDir,
    baseEnv: env.all,
    ...(input.fileAccess ? { fileAccess: input.fileAccess } : {}),
    shellEnv: () => input.shell.env,
    containment: input.containment,
    tracer,
    modelFor: (name) => input.clients.forTask(name, input.model.current),
    hooks: {
      // An agent file's own hooks run beside the configured ones, for that agent's events only.
      forAgent: (scope) => input.hooks.forAgent(scope, loaded.hookConfigs.get(scope.agentType)),
      has: (event) => input.hooks.has(event),
      notification: (message, type) => input.hooks.notification(message, type),
    },
    gateFor: (options) => input.gate.scoped(options),
    systemPromptFor: (agent, agentCwd) => subagentSystemPrompt(basics, input.skills, agent.prompt, agentCwd),
    skillContext: (names) => preloadedSkills(input.skills, names),
    transcriptFor: sessionFolder
      ? (agentId, meta) => subagentTranscript(input, sessionFolder, agentId, meta)
      : undefined,
    contextFor: subagentContext(basics),
    // Kept worktrees hold an agent's unmerged work: a folder that survives a reboot (a tmpfs /tmp
    // would not), outside the project and outside any protected folder (.git, .agents …).
    worktreeDir: join(reagentStateDir(env), "worktrees", projectKey(cwd)),
    worktreeHooks: {
      // Read when a worktree is made: an SDK program may register its hook callbacks after start-up.
      get create() {
        const { hooks } = input;
        return hooks.has("WorktreeCreate") ? (name: string) => hooks.worktreeCreate(name) : undefined;
      },
      remove: async (path) =>
        input.hooks.has("WorktreeRemove") ? input.hooks.worktreeRemove(path) : undefined,
    },
    waitBeforeEnd: !input.interactive,
    ...(input.newAgentId ? { newAgentId: input.newAgentId } : {}),
    ...(input.commands ? { commands: input.commands } : {}),
  });
}

/** A subagent's system prompt: its definition's text (a fallback when empty) in its own folder. */
function subagentSystemPrompt(
  basics: Basics,
  skills: readonly Skill[],
  prompt: string,
  agentCwd: string,
): () => Promise<string> {
  const { env } = basics;
  const builder = createSystemPromptBuilder({
    cwd: agentCwd,
    homeDir: env.homeDir,
    platform: process.platform,
    shell: env.shell,
    now: () => new Date(),
    systemPrompt: prompt || SUBAGENT_FALLBACK_PROMPT,
    skills,
  });
  return async () => (await builder.build()).text;
}

/** The bodies of the skills an agent's definition preloads; a note for one missing or unreadable. */
async function preloadedSkills(skills: readonly Skill[], names: readonly string[]): Promise<string[]> {
  const texts: string[] = [];
  for (const name of names) {
    const skill = skills.find((candidate) => candidate.name === name);
    if (!skill) {
      texts.push(`(The skill "${name}" named in this agent's definition does not exist and was not loaded.)`);
      continue;
    }
    const load = await loadSkill(skill, undefined);
    texts.push(
      load.kind === "ok"
        ? load.loaded.context
        : `(The skill "${name}" could not be loaded from ${skill.path}: ${load.message})`,
    );
  }
  return texts;
}

/** `subagents/agent-<id>.jsonl` in the session's folder, with its meta file beside it. */
function subagentTranscript(
  input: Pick<WireAgentsInput, "basics" | "sessionId" | "model" | "parent">,
  sessionFolder: string,
  agentId: string,
  meta: Record<string, unknown>,
): TranscriptStore {
  const dir = join(sessionFolder, "subagents");
  try {
    ensureFolderSync(dir, 0o700);
    writeFileSync(
      join(dir, `agent-${agentId}.meta.json`),
      `${JSON.stringify({ agentId, ...meta }, null, 2)}\n`,
      {
        mode: 0o600,
      },
    );
  } catch {
    // The transcript store reports a folder it cannot write to with its first line.
  }
  const parent = input.model.current;
  return new TranscriptStore({
    dir,
    fileName: `agent-${agentId}.jsonl`,
    header: {
      session_id: input.sessionId,
      cwd: input.basics.cwd,
      model: parent.model,
      provider: parent.provider,
      created_at: new Date().toISOString(),
      version: packageVersion(),
      agent_id: agentId,
    },
    onWarning: (message) => input.parent.events.emit({ type: "warning", message }),
  });
}

/** A subagent's context manager: its model's window (or the configured one), trimmed as the parent's. */
function subagentContext(basics: Basics): NonNullable<SubagentDeps["contextFor"]> {
  const { env, settings, tracer } = basics;
  const windowOverride = env.contextWindowTokens ?? settings.merged.contextWindow;
  return (model, tools, hooks) =>
    new ContextManager(
      {
        window: () => contextWindowFor(model().model, windowOverride),
        trim: env.compact,
        autoCompact: env.autoCompact && env.compact,
      },
      model,
      tools,
      tracer,
      hooks,
    );
}
