// The conversation itself, built last of the parts: the system prompt (instructions, skills, output
// style, sections a program adds; InstructionsLoaded hooks told of each instruction file) kept stable
// across requests, the context manager over the current model's window, and the session that holds
// every part before it.
import { contextWindowFor } from "../compaction/index.js";
import {
  createStableSystemPrompt,
  createSystemPromptBuilder,
  type PromptSection,
  type SystemPromptBuilder,
} from "../prompt/index.js";
import { ContextManager, promptImages, Session, type SessionOptions } from "../session/index.js";
import { createFileStateStore } from "../tools/index.js";
import type { Guard } from "./create-guard.js";
import type { Oversight } from "./create-oversight.js";
import type { RunTools } from "./gather-tools.js";
import { withInstructionsLoaded } from "./instructions-loaded.js";
import type { RunRecords, RunStart } from "./start-run.js";
import { systemPromptOverride } from "./system-prompt-override.js";

export type Conversation = {
  prompt: SystemPromptBuilder;
  /** The prompt as the model last saw it whole (changes go out as notes until a refresh). */
  stablePrompt: ReturnType<typeof createStableSystemPrompt>;
  /** Sections a program adds to the system prompt (the StructuredOutput instruction). */
  promptSections: PromptSection[];
  session: Session;
};

export function createConversation(parts: {
  start: RunStart;
  records: RunRecords;
  oversight: Oversight;
  guard: Guard;
  tools: RunTools;
  /** What the agents give the session (the background agents, the task list kept through compaction). */
  fromAgents: Pick<SessionOptions, "background" | "compactionContext">;
}): Conversation {
  const { start, records, oversight, guard, tools } = parts;
  const { ports, basics, events } = start;
  const { cwd, env, tracer } = basics;
  const { slot, hooks } = oversight;
  const { gate } = guard;
  const { registry } = tools;
  const promptSections: PromptSection[] = [];
  const prompt = systemPromptFor(start, tools, hooks, promptSections);
  const stablePrompt = createStableSystemPrompt(prompt);
  const context = new ContextManager(
    {
      window: () => contextWindowFor(slot.current.model, oversight.windowOverride),
      trim: env.compact,
      autoCompact: env.autoCompact && env.compact,
    },
    () => slot.current,
    () => registry.schemas(),
    tracer,
    hooks,
  );
  const session = new Session({
    sessionId: records.sessionId,
    model: slot,
    registry,
    systemPrompt: async () => {
      const built = await stablePrompt.text();
      for (const warning of built.newWarnings) events.emit({ type: "warning", message: warning });
      return built.text;
    },
    systemPromptChanges: () => stablePrompt.changes(),
    refreshSystemPrompt: () => stablePrompt.refresh(),
    cwd,
    homeDir: env.homeDir,
    maxTurns: start.maxTurns,
    promptImages: (text) =>
      promptImages(text, {
        cwd,
        homeDir: env.homeDir,
        acceptsImages: slot.current.acceptsImages === true,
        model: slot.current.model,
      }),
    modelFacts: oversight.factsOf,
    spendCheck: (name) => oversight.spending.guard.exceeded(name),
    tracer,
    files: createFileStateStore(),
    ...(ports.fileAccess ? { fileAccess: ports.fileAccess } : {}),
    shell: tools.shell,
    baseEnv: env.all,
    containment: guard.containment,
    hooks,
    gate,
    readDeny: {
      readDeniedBy: (path) => gate.readDeniedBy(path),
      readDenyBelow: (folder) => gate.readDenyBelow(folder),
    },
    context,
    history: records.transcript.history,
    events,
    news: tools.news,
    ...parts.fromAgents,
  });
  return { prompt, stablePrompt, promptSections, session };
}

/** The main conversation's system prompt; InstructionsLoaded hooks hear of each instruction file. */
function systemPromptFor(
  start: RunStart,
  tools: Pick<RunTools, "levels" | "skills" | "outputStyles">,
  hooks: Oversight["hooks"],
  promptSections: PromptSection[],
): SystemPromptBuilder {
  const { options, basics } = start;
  const { env } = basics;
  return withInstructionsLoaded(
    hooks,
    env.homeDir,
    createSystemPromptBuilder({
      cwd: basics.cwd,
      homeDir: env.homeDir,
      platform: start.ports.platform,
      shell: env.shell,
      now: () => new Date(),
      systemPrompt: systemPromptOverride(options),
      appendSystemPrompt: options.appendSystemPrompt,
      instructionLevels: tools.levels,
      skills: tools.skills,
      extraSections: () => promptSections,
      outputStyle: () => tools.outputStyles.active(),
    }),
  );
}
