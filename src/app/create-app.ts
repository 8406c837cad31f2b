// The composition root: run options + the process's environment and ports → one App. Parts are built
// in dependency order, each from the ones before it: trust, settings and environment, the model, the
// transcript, the event stream, the permission mode, hooks, the gate, tools (skills, MCP, web, agents),
// the system prompt and context manager, and last the session. Production (cli/) and the tests
// (test/support/) both build their application here.
import { rm } from "node:fs/promises";
import type { CommandHost } from "../commands/index.js";
import { contextWindowFor } from "../compaction/index.js";
import { outputStyleSettingsPath, settingLevels } from "../config/index.js";
import { fastPathNotice, PermissionModeState } from "../permissions/index.js";
import { pluginOutputStyleDirs } from "../plugins/index.js";
import { createStableSystemPrompt, createSystemPromptBuilder, type PromptSection } from "../prompt/index.js";
import { modelPrice } from "../providers/index.js";
import { probeSandbox } from "../sandbox/index.js";
import {
  ContextManager,
  ModelSlot,
  NewsInbox,
  promptImages,
  Session,
  SessionEvents,
  switchModel,
} from "../session/index.js";
import { createSkillTool, discoverSkills } from "../skills/index.js";
import {
  askUserQuestionTool,
  createBuiltinTools,
  createExitPlanModeTool,
  createFileStateStore,
  createToolRegistry,
} from "../tools/index.js";
import { recordTranscript, spillDirFor } from "../transcript/index.js";
import { errorMessage, UsageError } from "../util/index.js";
import { wireAgents } from "./agent-wiring.js";
import type { App } from "./app.js";
import { appCommands } from "./app-commands.js";
import type { AppPorts } from "./app-ports.js";
import { createBackgroundCommands } from "./background-commands.js";
import { createCommandHost } from "./command-host.js";
import { configStep } from "./config-step.js";
import { checkpointedTools, createCheckpoints, watchPrompts } from "./create-checkpoints.js";
import { createGate, PrompterSlot } from "./create-gate.js";
import { createHooks } from "./create-hooks.js";
import { createMcp } from "./create-mcp.js";
import { createModel } from "./create-model.js";
import { createSandboxing } from "./create-sandboxing.js";
import { createSpending } from "./create-spending.js";
import { decideTrust, retrust } from "./folder-trust.js";
import { withInstructionsLoaded } from "./instructions-loaded.js";
import { loadBasics } from "./load-basics.js";
import { modelFactsFor } from "./model-facts.js";
import { openTranscript } from "./open-transcript.js";
import { createOutputStyles } from "./output-styles.js";
import { permissionHookBridge } from "./permission-hooks.js";
import { pluginComponents } from "./plugin-components.js";
import { prebuiltToolJsonSchema } from "./prebuilt-tool-schemas.js";
import { promptControls } from "./prompt-controls.js";
import { promptHookModel } from "./prompt-hook-model.js";
import { DEFAULT_MAX_TURNS, type RunOptions } from "./run-options.js";
import { recordApplied } from "./sandbox-changes.js";
import { selectBuiltinTools } from "./select-tools.js";
import { startSessionWatchers } from "./session-watchers.js";
import { createStatusLine } from "./status-line.js";
import { statusLinePayload, tallySession } from "./status-line-payload.js";
import { systemPromptOverride } from "./system-prompt-override.js";
import { createWebTools } from "./web-tools.js";

export async function createApp(options: RunOptions, ports: AppPorts): Promise<App> {
  const interactive = ports.askTrust !== undefined;
  // Before anything of the folder's configuration runs: is it trusted? (An interactive start asks.)
  const decided = await decideTrust(options, ports);
  if (!decided) throw new UsageError("not started: you chose not to trust this folder's configuration");
  const { trust } = decided;
  const basics = loadBasics(options, ports, trust.apply, decided.settings);
  const { cwd, env, tracer, settings } = basics;
  // Whether an OS sandbox can start here is found out once, while the model is set up.
  const probing = probeSandbox({ platform: ports.platform, searchPath: env.all.PATH ?? "" });
  const startupWarnings: string[] = [
    ...env.warnings,
    ...settings.warnings,
    ...basics.plugins.problems,
    ...basics.plugins.notices,
    ...notActedOn(options),
    ...trust.warnings,
  ];
  // What is said while the application is built is said once at start-up (front-ends subscribe later).
  const events = new SessionEvents();
  const stopCollecting = events.subscribe((event) => {
    if (event.type === "warning") startupWarnings.push(event.message);
    else if (event.type === "hook-notice") startupWarnings.push(event.notice.text);
  });
  const effort = options.effort ?? settings.merged.effort;
  const [availability, made] = await Promise.all([
    probing,
    createModel({ options, basics, effort, events, given: ports.model }),
  ]);
  const warn = (message: string) => events.emit({ type: "warning", message });
  const sandboxing = createSandboxing({ basics, options, availability, warn });
  const unregisterExit = ports.atExit(() => sandboxing.close());
  const { model } = made;
  const clients = ports.modelClients ?? made.clients;
  const transcript = openTranscript({
    options,
    cwd,
    homeDir: env.homeDir,
    claudeProjectsDir: env.claudeProjectsDir,
    interactive,
    model,
    ports,
    onWarning: (message) => events.emit({ type: "warning", message }),
  });
  const { sessionId } = transcript;
  startupWarnings.push(...transcript.warnings);
  const checkpoints = createCheckpoints({ basics, options, sessionDir: transcript.contextDir, warn });
  if (transcript.resumed && interactive)
    startupWarnings.push(`resumed session ${sessionId} (${transcript.history?.length ?? 0} messages)`);
  // A user who trusts the folder trusts the rules reagent saves there for them.
  const refreshTrust = trust.consented
    ? () =>
        retrust(options, ports).catch((error: unknown) =>
          events.emit({
            type: "warning",
            message: `could not update the folder's trust record: ${errorMessage(error)}`,
          }),
        )
    : undefined;
  const mode = new PermissionModeState(
    options.permissionMode ?? settings.merged.permissions?.defaultMode ?? "default",
  );
  const slot = new ModelSlot(model);
  const windowOverride = env.contextWindowTokens ?? settings.merged.contextWindow;
  const factsOf = (name: string) =>
    modelFactsFor(name, { windowOverride, pricing: settings.merged.modelPricing });
  const spending = createSpending({
    basics,
    options,
    sessionId,
    events,
    interactive,
    model: () => slot.current.model,
    window: () => contextWindowFor(slot.current.model, windowOverride),
    cost: (name, usage) => factsOf(name).cost(usage),
  });
  const hooks = createHooks({
    basics,
    sessionId,
    mode,
    events,
    transcriptPath: transcript.store?.path ?? null,
    contextDir: transcript.contextDir,
    askModel: promptHookModel({ model: slot, clients, events, smallFastModel: env.smallFastModel }),
    setup: options.setup,
    processes: sandboxing.hookProcesses,
    warnings: startupWarnings,
    liveFields: () => spending.live.fields(),
  });
  // A permission prompt tool answers the questions a terminal would (the front-end installs the prompter).
  const questions = interactive || options.permissionPromptTool !== undefined;
  const prompter = new PrompterSlot();
  const gate = configStep(() =>
    createGate({
      basics,
      options,
      mode,
      interactive: questions,
      prompter,
      spillDir: transcript.contextDir,
      beforeAsk: permissionHookBridge({ hooks, interactive }),
      onSettingsSaved: refreshTrust,
      sandbox: sandboxing,
    }),
  );
  // Which guarantee the read-only fast path has, said once where a person is watching.
  if (interactive) startupWarnings.push(fastPathNotice(gate.fastPath));
  // What this session applies of the folder's configuration, so the next start can tell a change
  // made while sandboxed commands ran (app/sandbox-changes.ts).
  if (trust.apply)
    await recordApplied(
      { cwd, homeDir: env.homeDir },
      { hash: decided.subjectHash, sandboxed: sandboxing.facts.on, roots: gate.workspaceRoots },
    ).catch((error: unknown) =>
      warn(`could not record the folder's applied configuration: ${errorMessage(error)}`),
    );
  const containment = {
    launcher: sandboxing.sessionLauncher(gate, transcript.contextDir),
    sandbox: sandboxing.facts,
    redact: sandboxing.redact,
  };
  const levels = settingLevels(options.settingSources);
  const fromPlugins = await pluginComponents(basics.plugins, { cwd, homeDir: env.homeDir });
  const custom = {
    commands: [...decided.files.commands.commands, ...fromPlugins.commands],
    warnings: [...decided.files.commands.warnings, ...fromPlugins.warnings],
  };
  const [discovered, mcp, outputStyles] = await Promise.all([
    discoverSkills({ cwd, homeDir: env.homeDir, levels, extraRoots: fromPlugins.skillRoots }),
    createMcp(basics, options, startupWarnings, sandboxing.mcpProcesses, decided.files.projectMcp),
    createOutputStyles({
      cwd,
      homeDir: env.homeDir,
      levels,
      configured: settings.merged.outputStyle,
      saveTo: outputStyleSettingsPath(settings.layers, cwd),
      extraFolders: pluginOutputStyleDirs(basics.plugins).map(({ plugin, directory }) => ({
        dir: directory,
        source: "plugin" as const,
        namespace: plugin,
      })),
      warnings: startupWarnings,
    }),
  ]);
  const skills = discovered.skills;
  const webTools = await createWebTools({ settings, env, model: slot, clients, warnings: startupWarnings });
  const news = new NewsInbox();
  const background = createBackgroundCommands({ sessionId, events, news, atExit: ports.atExit });
  const registry = createToolRegistry(
    checkpointedTools(
      [
        ...selectBuiltinTools(options.tools, [
          ...createBuiltinTools({
            unsandboxedOption: sandboxing.unsandboxedOption,
            background: background.shells,
          }),
          askUserQuestionTool,
          createExitPlanModeTool(mode),
          ...webTools.tools,
        ]),
        // Skills are found once, at start: without any, the Skill tool could only fail, and its schema
        // would cost tokens on every request.
        ...(skills.length > 0 ? [createSkillTool({ skills })] : []),
        ...(ports.tools ?? []),
      ],
      checkpoints,
    ),
    (name) => gate.isToolHidden(name),
    prebuiltToolJsonSchema(),
  );
  const maxTurns = options.maxTurns ?? settings.merged.maxTurns ?? DEFAULT_MAX_TURNS;
  const shell = { cwd, env: {} };
  const agentFiles = [...decided.files.agentFiles, ...fromPlugins.agentFiles];
  const agents = await wireAgents({
    basics,
    options,
    interactive,
    sessionId,
    sessionsDir: transcript.sessionsDir,
    resumed: transcript.resumed,
    gate,
    hooks,
    skills,
    agentFiles,
    registry,
    parent: { sessionId, maxTurns, events, news, spendCheck: (name) => spending.guard.exceeded(name) },
    model: slot,
    clients,
    shell,
    fileAccess: ports.fileAccess,
    containment,
    newAgentId: ports.newAgentId,
    commands: background.shells,
  });
  registry.add(checkpointedTools(mcp?.tools() ?? [], checkpoints));
  agents.checkToolNames(registry.names());
  const promptSections: PromptSection[] = [];
  const prompt = withInstructionsLoaded(
    hooks,
    env.homeDir,
    createSystemPromptBuilder({
      cwd,
      homeDir: env.homeDir,
      platform: ports.platform,
      shell: env.shell,
      now: () => new Date(),
      systemPrompt: systemPromptOverride(options),
      appendSystemPrompt: options.appendSystemPrompt,
      instructionLevels: levels,
      skills,
      extraSections: () => promptSections,
      outputStyle: () => outputStyles.active(),
    }),
  );
  const stablePrompt = createStableSystemPrompt(prompt);
  const context = new ContextManager(
    {
      window: () => contextWindowFor(slot.current.model, windowOverride),
      trim: env.compact,
      autoCompact: env.autoCompact && env.compact,
    },
    () => slot.current,
    () => registry.schemas(),
    tracer,
    hooks,
  );
  const session = new Session({
    sessionId,
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
    maxTurns,
    promptImages: (text) =>
      promptImages(text, {
        cwd,
        homeDir: env.homeDir,
        acceptsImages: slot.current.acceptsImages === true,
        model: slot.current.model,
      }),
    modelFacts: factsOf,
    spendCheck: (name) => spending.guard.exceeded(name),
    tracer,
    files: createFileStateStore(),
    ...(ports.fileAccess ? { fileAccess: ports.fileAccess } : {}),
    shell,
    baseEnv: env.all,
    containment,
    hooks,
    gate,
    readDeny: {
      readDeniedBy: (path) => gate.readDeniedBy(path),
      readDenyBelow: (folder) => gate.readDenyBelow(folder),
    },
    context,
    history: transcript.history,
    events,
    news,
    ...agents.sessionOptions,
  });
  if (transcript.store) recordTranscript(session, transcript.store);
  const stopWatchers = startSessionWatchers(session, hooks);
  const stopPrompts = checkpoints ? watchPrompts(session, checkpoints) : () => {};
  const controls = promptControls({ prompt, stablePrompt, registry, promptSections });
  if (options.jsonSchema) controls.applyJsonSchema(options.jsonSchema);
  stopCollecting();
  const pricing = settings.merged.modelPricing ?? {};
  // The REPL's status line from the user's command (a folder's only once trusted: withheld otherwise).
  const tally = { startedAt: Date.now(), apiMs: 0, linesAdded: 0, linesRemoved: 0 };
  const configuredStatus = interactive ? settings.merged.statusLine : undefined;
  const stopTally = configuredStatus ? tallySession(events, tally) : () => {};
  const statusLine =
    configuredStatus &&
    createStatusLine({
      command: configuredStatus.command,
      padding: configuredStatus.padding,
      cwd,
      env: env.all,
      launcher: sandboxing.hookProcesses.launcher,
      containment: sandboxing.containmentFor(
        configuredStatus.scope === "user" || configuredStatus.scope === "flag" ? "user" : "folder",
      ),
      payload: () => statusLinePayload(app, tally),
      notice: warn,
    });
  let closed: Promise<void> | undefined;
  let commandHost: CommandHost | undefined;
  const close = async () => {
    statusLine?.close();
    stopTally();
    stopWatchers();
    stopPrompts();
    await checkpoints?.idle();
    await Promise.all([agents.close(), background.close()]);
    transcript.release();
    await mcp?.close();
    sandboxing.close();
    unregisterExit();
    await rm(spillDirFor(sessionId), { recursive: true, force: true });
  };
  const app: App = {
    ...basics,
    session,
    events,
    spend: spending.guard,
    model,
    modelClients: clients,
    sessionId,
    transcriptPath: transcript.store?.path ?? null,
    interactive,
    startSource: transcript.resumed ? "resume" : "startup",
    resumedToolResults: transcript.toolResults,
    webSearchStatus: webTools.webSearchStatus,
    sandbox: sandboxing.report,
    checkpoints,
    hooks,
    gate,
    setPrompter: (next) => prompter.install(next),
    skills,
    commands: custom.commands,
    agentFiles,
    trust,
    ...(refreshTrust ? { refreshTrust } : {}),
    prompt,
    outputStyles,
    ...(statusLine ? { statusLine } : {}),
    mcp,
    startupWarnings: [...discovered.warnings, ...custom.warnings, ...agents.warnings, ...startupWarnings],
    effort,
    agents,
    backgroundCommands: background.shells,
    switchModel: (requested, source) =>
      switchModel(
        {
          session,
          hooks,
          clientFor: (name) => clients.forSwitch(name, session.model),
          priceOf: (name) => {
            const price = modelPrice(name, pricing);
            return { price, pricing: !price ? "default" : pricing[name] ? "configured" : "catalog" };
          },
        },
        requested,
        source,
        model,
      ),
    ...controls,
    slashCommands: (mode) => {
      commandHost ??= createCommandHost(app);
      return appCommands(app, commandHost, mode);
    },
    close: () => {
      closed ??= close();
      return closed;
    },
  };
  return app;
}

/** Flags accepted for compatibility whose effect reagent does not provide (yet); said once at start. */
function notActedOn(options: RunOptions): string[] {
  const flags = options.ignoredFlags;
  if (flags.length === 0) return [];
  return [`accepted but not acted on by this version of reagent: ${flags.join(", ")}`];
}
