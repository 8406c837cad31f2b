// The composition root: settings + environment → configuration, then the model client, tools,
// permission gate, hooks engine, system prompt and Session. The only place that wires modules.
import { rm } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import type { CustomCommand } from "../commands/custom-command.js";
import { contextWindowFor } from "../compaction/index.js";
import { type Config, configFrom } from "../config/config.js";
import { type EnvSnapshot, readEnv, type ThinkingFlags, withThinkingFlags } from "../config/env.js";
import { loadMcpConfig, type ProjectMcpFile, readMcpTimeouts } from "../config/mcp-config.js";
import { persistAllowRule } from "../config/persist-rule.js";
import { type LoadedSettings, loadSettings } from "../config/settings.js";
import { withholdFolderConfig } from "../config/trust-subject.js";
import type { HookEngine } from "../hooks/index.js";
import type { McpManager } from "../mcp/manager.js";
import type { ModelClient } from "../model/types.js";
import {
  createPermissionGate,
  type ManagedPermissionGate,
  type PermissionGateOptions,
} from "../permissions/gate.js";
import type { PermissionRules, Prompter } from "../permissions/types.js";
import { createStableSystemPrompt } from "../prompt/stable-system-prompt.js";
import {
  createSystemPromptBuilder,
  type PromptSection,
  type SystemPromptBuilder,
} from "../prompt/system-prompt-builder.js";
import { type ApiKeyHelper, createApiKeyHelper } from "../providers/api-key-helper.js";
import { connectEarly } from "../providers/create-model-client.js";
import type { Effort } from "../providers/model-catalog.js";
import { ContextManager } from "../session/context-manager.js";
import { promptImages } from "../session/prompt-images.js";
import { Session } from "../session/session.js";
import { discoverSkills } from "../skills/discover-skills.js";
import type { Skill } from "../skills/skill.js";
import { createSkillTool } from "../skills/skill-tool.js";
import { createBuiltinTools } from "../tools/builtin.js";
import { createFileStateStore } from "../tools/file-state.js";
import { createToolRegistry } from "../tools/registry.js";
import type { StructuredOutputSink } from "../tools/structured-output.js";
import { sessionFilesDir, spillDirFor } from "../transcript/session-files.js";
import { projectKey, projectSessionsDir } from "../transcript/transcript-index.js";
import type { SessionLock } from "../transcript/transcript-lock.js";
import { recordTranscript } from "../transcript/transcript-recorder.js";
import { resolveResume } from "../transcript/transcript-resume.js";
import { TranscriptStore } from "../transcript/transcript-store.js";
import { errorMessage, UsageError } from "../util/errors.js";
import { createTracer, type Tracer } from "../util/trace.js";
import { type AgentWiring, wireAgents } from "./agent-wiring.js";
import { configStep } from "./config-step.js";
import { createHooks } from "./create-hooks.js";
import { debugOutput } from "./debug-output.js";
import { decideTrust, retrust, type TrustDecision } from "./folder-trust.js";
import { withInstructionsLoaded } from "./instructions-loaded.js";
import { modelFactsFor } from "./model-facts.js";
import { type CliOptions, DEFAULT_MAX_TURNS } from "./options.js";
import { permissionHookBridge } from "./permission-hooks.js";
import { prebuiltToolJsonSchema } from "./prebuilt-tool-schemas.js";
import { resumeRequest } from "./resume-request.js";
import { createRunModel } from "./run-model.js";
import { notActedOn, runtimeExtras, selectBuiltinTools, sourceLevels } from "./runtime-extras.js";
import { systemPromptOverride } from "./sdk-options.js";
import { sessionIdentity } from "./session-identity.js";
import { startSessionWatchers } from "./session-watchers.js";
import { packageVersion } from "./version.js";
import { createWebTools } from "./web-tools.js";

export type Basics = {
  cwd: string;
  env: EnvSnapshot;
  tracer: Tracer;
  settings: Config;
  /** The folder's own hooks, MCP servers, allow rules and env are withheld (not trusted). */
  folderWithheld?: boolean;
  /** Settings `apiKeyHelper`: one per run, so every model client shares its cached key. */
  apiKeyHelper?: ApiKeyHelper;
};

export type Runtime = Basics & {
  session: Session;
  model: ModelClient;
  sessionId: string;
  interactive: boolean;
  /** `resume` when the history was loaded by --continue / --resume (SessionStart's source). */
  startSource: "startup" | "resume";
  /** A resumed history's structured tool results by tool_use_id (the REPL replays diffs from them). */
  resumedToolResults: Record<string, unknown>;
  hooks: HookEngine;
  gate: ManagedPermissionGate;
  mcp: McpManager | undefined;
  /** The interactive UI installs its permission dialog here. */
  setPrompter(prompter: Prompter): void;
  skills: Skill[];
  /** Custom slash commands (`.claude/commands`, `.agents/commands`, project and user). */
  commands: CustomCommand[];
  /** Whether the folder's own configuration applies, and whether the user trusts it. */
  trust: TrustDecision;
  /** Records the folder's current configuration as trusted after reagent changed it for a user who
   *  trusts it (absent otherwise). */
  refreshTrust?: () => Promise<void>;
  prompt: SystemPromptBuilder;
  /** Which backend WebSearch uses, or why it is off and how to turn it on (shown by /status). */
  webSearchStatus: string;
  /** Problems found while starting (skills, MCP servers); the UI shows them once. */
  startupWarnings: string[];
  /** `--effort` / settings `effort` (a `/model` switch keeps it). */
  effort?: Effort;
  /** Agent definitions (also those the SDK's initialize request gives), the task list, the subagents. */
  agents: AgentWiring;
  /** Replaces the base system prompt / the appended text (the SDK's initialize request). */
  setPromptParts(patch: { systemPrompt?: string; appendSystemPrompt?: string }): void;
  /** Requires the final answer as JSON valid against `schema` (`--json-schema`, the SDK's outputFormat). */
  applyJsonSchema(schema: Record<string, unknown>): void;
  /** The turn's structured output, once a JSON schema is in force. */
  structuredOutput?: StructuredOutputSink;
  /** `Tool(key)` as the runner summarises a call (undefined for a tool this session lacks). */
  toolSummary(name: string, input: Record<string, unknown>): string | undefined;
  close(): Promise<void>;
};

export function loadBasics(
  options: Pick<CliOptions, "settings" | "settingSources"> & ThinkingFlags,
  applyFolderConfig = true,
  /** The settings already read (for the folder-trust decision), so no file is read twice. */
  preloaded?: LoadedSettings,
): Basics {
  const cwd = process.cwd();
  const accountHome = () => userInfo().homedir;
  const shellEnv = readEnv(process.env, accountHome);
  const loaded =
    preloaded ??
    loadSettings({
      projectDir: cwd,
      homeDir: shellEnv.homeDir,
      extra: options.settings,
      sources: options.settingSources,
    });
  const settings = configFrom(applyFolderConfig ? loaded : withholdFolderConfig(loaded));
  // Settings `env` applies to the whole run and wins over the shell's values, as in Claude Code; the
  // settings files themselves are found through the shell's HOME. Thinking flags win over the variables.
  const merged = settings.merged.env && readEnv({ ...process.env, ...settings.merged.env }, accountHome);
  const env = withThinkingFlags(merged ? { ...merged, homeDir: shellEnv.homeDir } : shellEnv, options);
  const debug = debugOutput({ traceEnv: env.trace, ...options }, (text) => process.stderr.write(text));
  const tracer = createTracer(debug.enabled, debug.write);
  const helper = settings.merged.apiKeyHelper;
  const apiKeyHelper = helper
    ? createApiKeyHelper({ command: helper, cwd, env: env.all, ttlMs: env.apiKeyHelperTtlMs })
    : undefined;
  return { cwd, env, tracer, settings, apiKeyHelper, ...(applyFolderConfig ? {} : { folderWithheld: true }) };
}

function permissionRules(settings: Config, options: CliOptions): PermissionRules {
  const { allow, deny, ask } = settings.permissions.rules;
  return {
    allow: [...allow, ...options.allowedTools.map((rule) => ({ rule, source: "--allowedTools" }))],
    deny: [...deny, ...options.disallowedTools.map((rule) => ({ rule, source: "--disallowedTools" }))],
    ask: [...ask],
  };
}

export function createGate(
  basics: Basics,
  options: CliOptions,
  interactive: boolean,
  spillDir?: string,
  beforeAsk?: PermissionGateOptions["beforeAsk"],
  /** After a "don't ask again" rule was saved to the folder's settings (folder trust follows it). */
  onSettingsSaved?: () => Promise<void>,
) {
  const { settings, env, cwd, tracer } = basics;
  let prompter: Prompter | undefined;
  const gate = createPermissionGate({
    mode: options.permissionMode ?? settings.merged.permissions?.defaultMode ?? "default",
    rules: permissionRules(settings, options),
    cwd,
    homeDir: env.homeDir,
    // The session's spill folder holds long hook context the model is told to Read.
    additionalDirectories: [
      ...settings.permissions.additionalDirectories,
      ...options.addDir,
      ...(spillDir ? [spillDir] : []),
    ],
    interactive,
    prompter: interactive
      ? {
          ask: (request) => {
            if (!prompter) throw new Error("no permission prompter installed");
            return prompter.ask(request);
          },
        }
      : undefined,
    persistRule: async (rule) => {
      await persistAllowRule(settings.localSettingsPath, rule);
      await onSettingsSaved?.();
    },
    allowWrite: env.allowWrite,
    // Bash's shells inherit this environment: bash keeps $PWD as its folder, CDPATH moves `cd name`.
    inheritedPwd: env.all.PWD,
    cdpath: Boolean(env.all.CDPATH),
    tracer,
    beforeAsk,
  });
  return { gate, setPrompter: (next: Prompter) => (prompter = next) };
}

/** Loads MCP configuration; connects every server in parallel when any is configured (the MCP SDK
 *  is loaded only then). Failures become one warning line each; the other servers keep working. */
export async function createMcp(
  basics: Basics,
  options: Pick<CliOptions, "mcpConfig"> &
    Partial<Pick<CliOptions, "strictMcpConfig" | "settingSources" | "inputFormat">>,
  warnings: string[],
  /** The project's .mcp.json as start-up already read it. */
  projectFile?: ProjectMcpFile,
) {
  const { env, cwd, tracer } = basics;
  const levels = sourceLevels(options.settingSources);
  const strict = options.strictMcpConfig === true;
  const config = configStep(() =>
    loadMcpConfig({
      projectDir: cwd,
      homeDir: env.homeDir,
      env: env.all,
      // --strict-mcp-config: only the servers given on the command line.
      configFiles: strict ? options.mcpConfig : [...env.mcpConfig, ...options.mcpConfig],
      files: strict
        ? { user: false, project: false }
        : { user: levels.user, project: levels.project && !basics.folderWithheld },
      projectFile,
    }),
  );
  warnings.push(...config.warnings);
  if (Object.keys(config.servers).length === 0) return undefined;
  const { createMcpManager } = await import("../mcp/manager.js");
  const manager = createMcpManager({
    servers: config.servers,
    cwd,
    baseEnv: env.all,
    // One log folder per project, so same-named servers of two projects never share a log.
    logDir: join(tmpdir(), "reagent-mcp-logs", projectKey(cwd)),
    ...readMcpTimeouts(env.all),
    tracer,
    // In a stream-json run the SDK's own servers connect once its control channel is listening.
    deferSdkServers: options.inputFormat === "stream-json",
    onServerFailed: (failure) => warnings.push(`MCP server "${failure.server}" failed: ${failure.reason}`),
  });
  await manager.connectAll();
  return manager;
}

export async function createRuntime(options: CliOptions, interactive: boolean): Promise<Runtime> {
  // Before anything of the folder's configuration runs: is it trusted? (An interactive start asks.)
  const decided = await decideTrust(options, interactive);
  if (!decided) throw new UsageError("not started: you chose not to trust this folder's configuration");
  const { trust } = decided;
  const basics = loadBasics(options, trust.apply, decided.settings);
  // A user who trusts the folder trusts the rules reagent saves there for them.
  const refreshTrust = trust.consented
    ? () =>
        retrust(options).catch((error: unknown) => {
          sink.session?.emit({
            type: "warning",
            message: `could not update the folder's trust record: ${errorMessage(error)}`,
          });
        })
    : undefined;
  const { cwd, env, tracer, settings } = basics;
  // The model's connection opens now (TCP, TLS) while the rest of the run is assembled.
  const modelFetch = connectEarly({
    model: options.model ?? settings.merged.model,
    provider: options.provider ?? settings.merged.provider,
    env,
    apiKeyHelper: basics.apiKeyHelper,
  });
  const sessionsDir = projectSessionsDir(join(env.homeDir, ".agents", "sessions"), cwd);
  const resumed = resolveResume({
    dir: sessionsDir,
    cwd,
    request: resumeRequest(options),
    interactive,
    // Only a run that writes the session locks it (see transcript-lock.ts); a fork writes a copy.
    lock: options.sessionPersistence && !options.forkSession ? { pid: process.pid } : undefined,
  });
  if (resumed.type === "error") throw new UsageError(resumed.message);
  // The session's lock is released at close, or at exit when the run ends another way.
  const held: { lock?: SessionLock; store?: TranscriptStore } = {
    lock: resumed.type === "resumed" ? resumed.lock : undefined,
  };
  const releaseLock = () => {
    held.store?.close();
    held.lock?.release();
  };
  process.on("exit", releaseLock);
  const identity = sessionIdentity(options, resumed, sessionsDir);
  const { sessionId } = identity;
  const contextDir = sessionFilesDir(options.sessionPersistence ? sessionsDir : undefined, sessionId);
  const startupWarnings: string[] = [
    ...env.warnings,
    ...settings.warnings,
    ...(resumed.type === "resumed" ? resumed.warnings : []),
    ...notActedOn(options),
    ...trust.warnings,
  ];
  if (resumed.type === "resumed" && interactive)
    startupWarnings.push(`resumed session ${sessionId} (${resumed.messages.length} messages)`);
  const sink: { session?: Session; early?: string[]; transcript?: TranscriptStore } = {
    early: startupWarnings,
  };
  const late: { hooks?: HookEngine } = {};
  const beforeAsk = permissionHookBridge({
    hooks: () => late.hooks,
    interactive,
    notice: (notice) => sink.session?.notice(notice),
  });
  const { gate, setPrompter } = configStep(() =>
    // A permission prompt tool answers the questions a terminal would (the UI installs the prompter).
    createGate(
      basics,
      options,
      interactive || options.permissionPromptTool !== undefined,
      contextDir,
      beforeAsk,
      refreshTrust,
    ),
  );
  const hooks = createHooks(basics, sessionId, () => gate.mode, sink, contextDir, options.setup);
  late.hooks = hooks;
  const effort = options.effort ?? settings.merged.effort;
  const model = await createRunModel(basics, options, modelFetch, sink, startupWarnings);
  const levels = sourceLevels(options.settingSources);
  const custom = decided.files.commands;
  const [discovered, mcp] = await Promise.all([
    discoverSkills({ cwd, homeDir: env.homeDir, levels }),
    createMcp(basics, options, startupWarnings, decided.files.projectMcp),
  ]);
  if (options.sessionPersistence)
    sink.transcript = held.store = new TranscriptStore({
      dir: sessionsDir,
      header: {
        session_id: sessionId,
        cwd,
        model: model.model,
        provider: model.provider,
        created_at: new Date().toISOString(),
        version: packageVersion(),
      },
      onWarning: (message) => session.emit({ type: "warning", message }),
      parentUuid: identity.parentUuid,
      lock: held.lock,
      pid: process.pid,
    });
  for (const message of identity.seed) sink.transcript?.append(message);
  const skills = discovered.skills;
  const webTools = await createWebTools({
    settings,
    env,
    cwd,
    tracer,
    sessionModel: () => session.model,
    provider: model.provider,
    warnings: startupWarnings,
    apiKeyHelper: basics.apiKeyHelper,
  });
  const { agentFiles } = decided.files;
  const wiring = { basics, options, interactive, sessionId, sessionsDir, gate, hooks, skills, agentFiles };
  const later = { registry: () => registry, session: () => session, resumed: resumed.type === "resumed" };
  const agents = await wireAgents({ ...wiring, ...later });
  const tools = [
    ...selectBuiltinTools(options, [...createBuiltinTools({}), ...webTools.tools]),
    // Skills are found once, at start: without any, the Skill tool could only fail, and its schema would
    // cost tokens on every request.
    ...(skills.length > 0 ? [createSkillTool({ skills })] : []),
    ...agents.tools,
    ...(mcp?.tools() ?? []),
  ];
  const registry = createToolRegistry(tools, (name) => gate.isToolHidden(name), prebuiltToolJsonSchema());
  const promptSections: PromptSection[] = [];
  const prompt = withInstructionsLoaded(
    hooks,
    env.homeDir,
    createSystemPromptBuilder({
      cwd,
      homeDir: env.homeDir,
      platform: process.platform,
      shell: env.shell,
      now: () => new Date(),
      systemPrompt: systemPromptOverride(options),
      appendSystemPrompt: options.appendSystemPrompt,
      instructionLevels: levels,
      skills,
      extraSections: () => promptSections,
    }),
  );
  const stablePrompt = createStableSystemPrompt(prompt);
  const windowOverride = env.contextWindowTokens ?? settings.merged.contextWindow;
  const context = new ContextManager(
    {
      window: () => contextWindowFor(session.model.model, windowOverride),
      trim: env.compact,
      autoCompact: env.autoCompact && env.compact,
    },
    () => session.model,
    () => registry.schemas(),
    tracer,
    hooks,
  );
  const session = new Session({
    sessionId,
    model,
    registry,
    systemPrompt: async () => {
      const built = await stablePrompt.text();
      for (const warning of built.newWarnings) session.emit({ type: "warning", message: warning });
      return built.text;
    },
    systemPromptChanges: () => stablePrompt.changes(),
    refreshSystemPrompt: () => stablePrompt.refresh(),
    cwd,
    homeDir: env.homeDir,
    maxTurns: options.maxTurns ?? settings.merged.maxTurns ?? DEFAULT_MAX_TURNS,
    promptImages: (text) =>
      promptImages(text, {
        cwd,
        homeDir: env.homeDir,
        acceptsImages: session.model.acceptsImages === true,
        model: session.model.model,
      }),
    modelFacts: (name) => modelFactsFor(name, { windowOverride, pricing: settings.merged.modelPricing }),
    maxBudgetUsd: options.maxBudgetUsd,
    tracer,
    files: createFileStateStore(),
    shell: { cwd, env: {} },
    baseEnv: env.all,
    hooks,
    gate,
    readDeniedBy: (path) => gate.readDeniedBy(path),
    context,
    history: resumed.type === "resumed" ? resumed.messages : undefined,
    ...agents.sessionOptions,
  });
  sink.session = session;
  if (sink.transcript) recordTranscript(session, sink.transcript);
  agents.attach(session, registry);
  const stopWatchers = startSessionWatchers(session, hooks);
  const runtime: Runtime = {
    ...basics,
    session,
    model,
    sessionId,
    interactive,
    startSource: resumed.type === "resumed" ? "resume" : "startup",
    resumedToolResults: resumed.type === "resumed" ? resumed.toolResults : {},
    webSearchStatus: webTools.webSearchStatus,
    hooks,
    gate,
    setPrompter,
    skills,
    commands: custom.commands,
    trust,
    ...(refreshTrust ? { refreshTrust } : {}),
    prompt,
    mcp,
    startupWarnings: [...discovered.warnings, ...custom.warnings, ...agents.warnings, ...startupWarnings],
    effort,
    agents,
    ...runtimeExtras({ prompt, stablePrompt, registry, promptSections }),
    async close() {
      stopWatchers();
      await agents.close();
      process.off("exit", releaseLock);
      releaseLock();
      await mcp?.close();
      await rm(spillDirFor(sessionId), { recursive: true, force: true });
    },
  };
  if (options.jsonSchema) runtime.applyJsonSchema(options.jsonSchema);
  return runtime;
}
