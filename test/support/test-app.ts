// The application as production builds it (createApp), for session-level tests: a real temp home
// folder, settings written as real files, the scripted model and test tools injected as ports, a
// fake prompter installed the way a front-end installs its dialog. Nothing here composes modules on
// its own: what a test exercises is the production wiring.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after } from "node:test";
import type { AgentDefinition } from "../../src/agents/agent-definition.js";
import { type App, type AppPorts, createApp, type RunOptions } from "../../src/app/index.js";
import type { PermissionMode, Prompter } from "../../src/contracts/index.js";
import type { ModelClient, ModelEvent, ModelRequest } from "../../src/model/types.js";
import type { ModelClients } from "../../src/providers/model-clients.js";
import type { Script } from "../../src/providers/script-format.js";
import { createScriptedClient, type ScriptedClient } from "../../src/providers/scripted.js";
import type { SessionEvent } from "../../src/session/events.js";
import type { Tool } from "../../src/tools/tool.js";
import type { RoutedScript } from "./fake-model-routes.js";
import { createRoutedScriptedClient } from "./routed-scripted-client.js";
import { tempFolder } from "./temp-folder.js";

export type TestRules = Partial<Record<"allow" | "deny" | "ask", string[]>>;

export type TestAppOptions = {
  cwd: string;
  /** The main model's turns; a routed script gives subagents their own routes. */
  script: RoutedScript;
  /** A model client to use instead of one made from `script` (a REPL test keeps one across /clear). */
  client?: ModelClient;
  /** Compaction's summary requests (no tools offered) are answered from this script instead. */
  summaryScript?: Script;
  /** Claude-format settings objects, each written to its own file and given with --settings. */
  settings?: Array<Record<string, unknown>>;
  /** The project's compact hooks file (`.agents/hooks.json`; several are merged into it). */
  compactHooks?: Record<string, unknown> | Array<Record<string, unknown>>;
  /** Context management, as the environment sets it (CONTEXT_WINDOW_TOKENS, COMPACT, AUTOCOMPACT). */
  context?: { window: number; trim: boolean; autoCompact: boolean };
  /** Test tools added beside the built-in ones. */
  tools?: Tool[];
  /** The permission mode (absent: settings, else `default`). */
  mode?: PermissionMode;
  rules?: TestRules;
  /** Answers the gate's questions, as a front-end's dialog or an SDK program's canUseTool does. */
  prompter?: Prompter;
  /** An interactive run (as the REPL starts it): background agents are not waited for at a turn's end. */
  interactive?: boolean;
  /** Extra environment variables (CONTEXT_WINDOW_TOKENS, COMPACT, AUTOCOMPACT …). */
  env?: Record<string, string>;
  /** Session-only agent definitions, given as `--agents` JSON. */
  agents?: AgentDefinition[];
  /** Other run options (as the command line would set them). */
  run?: Partial<RunOptions>;
  /** The model a subagent or switch naming another model gets (absent: the scripted model plays on). */
  modelFor?: (name: string) => Promise<ModelClient>;
  /** Headless runs wait for background agents before a turn ends (default); false: as the REPL. */
  waitBeforeEnd?: boolean;
  /** Where reagent keeps its state (XDG_STATE_HOME: kept worktrees live under it). */
  stateHome?: string;
  newAgentId?: () => string;
  /** The home folder (another test app's, to resume its sessions); a fresh one when absent. */
  home?: string;
};

export type TestApp = {
  app: App;
  session: App["session"];
  model: ReturnType<typeof createRoutedScriptedClient>;
  summaryModel: ScriptedClient;
  events: SessionEvent[];
  hooks: App["hooks"];
  gate: App["gate"];
  registry: App["session"]["options"]["registry"];
  home: string;
  /** The session's transcript file (null without persistence). */
  transcriptPath: string | null;
  /** Every decision the gate made (from its trace lines), with the agent it was made for. */
  gateChecks: Array<{ toolName: string; decision: string; agent?: string }>;
};

/** `[trace] permission.decision tool=Bash decision=deny by=headless agent=x` → its fields. */
function traceFields(line: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of line.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    const [, key, raw] = match;
    if (key !== undefined && raw !== undefined) fields[key] = raw.startsWith('"') ? JSON.parse(raw) : raw;
  }
  return fields;
}

const RUN_DEFAULTS: RunOptions = {
  print: true,
  outputFormat: "text",
  verbose: false,
  allowedTools: [],
  disallowedTools: [],
  settings: [],
  mcpConfig: [],
  addDir: [],
  continue: false,
  sessionPersistence: true,
  inputFormat: "text",
  includePartialMessages: false,
  replayUserMessages: false,
  strictMcpConfig: false,
  allowBypassPermissions: false,
  ignoredFlags: [],
};

function agentsJson(agents: readonly AgentDefinition[]): string {
  const entries = agents.map(({ name, source: _source, path: _path, ...fields }) => [name, fields]);
  return JSON.stringify(Object.fromEntries(entries));
}

/** Every application a test file made is closed when the file ends (MCP servers, watchers, locks). */
const opened = new Set<App>();
after(async () => {
  for (const app of opened) await app.close();
});

/** The compact hooks file this harness wrote, per workspace (removed again for a test that gives none). */
const written = new Set<string>();

function writeCompactHooks(cwd: string, given: TestAppOptions["compactHooks"]): void {
  const path = join(cwd, ".agents", "hooks.json");
  if (!given) {
    if (written.delete(path)) rmSync(path, { force: true });
    return;
  }
  const files = Array.isArray(given) ? given : [given];
  const merged: Record<string, unknown[]> = {};
  for (const file of files)
    for (const [event, entries] of Object.entries(file))
      merged[event] = [...(merged[event] ?? []), ...(entries as unknown[])];
  mkdirSync(join(cwd, ".agents"), { recursive: true });
  writeFileSync(path, JSON.stringify(merged));
  written.add(path);
}

function contextEnv(context: TestAppOptions["context"]): Record<string, string> {
  if (!context) return {};
  return {
    CONTEXT_WINDOW_TOKENS: String(context.window),
    COMPACT: context.trim || context.autoCompact ? "1" : "0",
    AUTOCOMPACT: context.autoCompact ? "1" : "0",
  };
}

function modelClientsFrom(modelFor: (name: string) => Promise<ModelClient>): ModelClients {
  return {
    forSwitch: (name) => modelFor(name),
    forTask: (name, current) => (name ? modelFor(name) : Promise.resolve(current)),
  };
}

/** Requests that offer no tools (compaction summaries) go to `summary`, the rest to `main`. */
function withSummaryModel(main: ModelClient, summary: ModelClient): ModelClient {
  return {
    provider: main.provider,
    model: main.model,
    acceptsImages: main.acceptsImages,
    stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      return (request.tools?.length ? main : summary).stream(request);
    },
  };
}

export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const home = options.home ?? tempFolder("home");
  const settingsDir = tempFolder("settings");
  const settingFiles = [
    ...(options.settings ?? []),
    ...(options.rules ? [{ permissions: options.rules }] : []),
  ].map((data, index) => {
    const path = join(settingsDir, `settings-${index}.json`);
    writeFileSync(path, JSON.stringify(data));
    return path;
  });
  writeCompactHooks(options.cwd, options.compactHooks);
  const main = createRoutedScriptedClient(options.script, "scripted");
  const summary = createScriptedClient({ script: options.summaryScript ?? [] });
  const played = options.client ?? main;
  const model = options.summaryScript ? withSummaryModel(played, summary) : played;
  const events: SessionEvent[] = [];
  const gateChecks: TestApp["gateChecks"] = [];
  const ports: AppPorts = {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      TRACE: "1",
      ...(options.stateHome ? { XDG_STATE_HOME: options.stateHome } : {}),
      ...contextEnv(options.context),
      ...options.env,
    },
    accountHome: () => home,
    platform: process.platform,
    pid: process.pid,
    stderr: (text) => {
      for (const line of text.split("\n")) {
        if (!line.startsWith("[trace] permission.decision ")) continue;
        const fields = traceFields(line);
        if (fields.decision === "ask" || fields.tool === undefined || fields.decision === undefined) continue;
        gateChecks.push({ toolName: fields.tool, decision: fields.decision, agent: fields.agent });
      }
    },
    model,
    atExit: () => () => {},
    ...(options.interactive || options.waitBeforeEnd === false
      ? { askTrust: async () => "yes" as const }
      : {}),
    ...(options.tools ? { tools: options.tools } : {}),
    ...(options.modelFor ? { modelClients: modelClientsFrom(options.modelFor) } : {}),
    ...(options.newAgentId ? { newAgentId: options.newAgentId } : {}),
  };
  const app = await createApp(
    {
      ...RUN_DEFAULTS,
      settings: settingFiles,
      ...(options.mode ? { permissionMode: options.mode } : {}),
      // The questions go to the test's prompter, as they go to an SDK program's canUseTool.
      ...(options.prompter ? { permissionPromptTool: "test" } : {}),
      ...(options.agents ? { agents: agentsJson(options.agents) } : {}),
      ...options.run,
    },
    ports,
  );
  opened.add(app);
  if (options.prompter) app.setPrompter(options.prompter);
  app.events.subscribe((event) => events.push(event));
  return {
    app,
    session: app.session,
    model: main,
    summaryModel: summary,
    events,
    hooks: app.hooks,
    gate: app.gate,
    registry: app.session.options.registry,
    home,
    transcriptPath: app.transcriptPath,
    gateChecks,
  };
}
