// Builds the run's hooks engine from the loaded settings layers: where its files go, how payloads
// name the transcript and the permission mode, how `if` rules match, which model prompt hooks ask,
// and where notices and runs go (the session's event stream, which exists before the session).
import type { Config, EnvSnapshot } from "../config/index.js";
import type { AskModel } from "../hooks/index.js";
import { createHookEngine, type HookEngine, type HookProcesses, loadHookConfig } from "../hooks/index.js";
import { matchRule, PermissionModeState, validateRule } from "../permissions/index.js";
import type { PluginSet } from "../plugins/index.js";
import { createProcessLauncher } from "../sandbox/index.js";
import { SessionEvents } from "../session/index.js";
import { spillDirFor } from "../transcript/index.js";
import type { Tracer } from "../util/index.js";
import { configStep } from "./config-step.js";
import { pluginHookSources } from "./plugin-hooks.js";

export function createHooks(parts: {
  basics: { cwd: string; env: EnvSnapshot; settings: Config; tracer: Tracer; plugins: PluginSet };
  sessionId: string;
  mode: PermissionModeState;
  events: SessionEvents;
  /** The transcript's path for payloads (null without one). */
  transcriptPath: string | null;
  /** Where long hook context is spilled (the session's folder when it is saved). */
  contextDir?: string;
  askModel: AskModel;
  setup?: "init" | "maintenance";
  /** How command hooks start (the folder's in the sandbox when it is on) and their output's redaction. */
  processes: HookProcesses;
  /** Problems with the configuration that do not stop the run (said once at start-up). */
  warnings: string[];
  /** reagent's extension of every payload: the session's live usage, cost and context fill. */
  liveFields?: () => Record<string, unknown>;
}): HookEngine {
  const { settings, env, cwd, tracer, plugins } = parts.basics;
  const config = configStep(() =>
    loadHookConfig({
      settings: [...settings.layers, ...pluginHookSources(plugins, cwd, validateRule, parts.warnings)],
      compactFiles: settings.compactHooks,
      disabled: env.hooksDisabled,
      projectDir: cwd,
      validateRule,
    }),
  );
  parts.warnings.push(...config.warnings);
  const { events } = parts;
  return configStep(() =>
    createHookEngine({
      config,
      processes: parts.processes,
      projectDir: cwd,
      sessionId: parts.sessionId,
      baseEnv: env.all,
      spillDir: parts.contextDir ?? spillDirFor(parts.sessionId),
      envDir: spillDirFor(parts.sessionId),
      tracer,
      permissionMode: () => parts.mode.current,
      transcriptPath: () => parts.transcriptPath,
      matchRule: (rule, toolName, toolInput) =>
        matchRule(rule, toolName, toolInput, { cwd, homeDir: env.homeDir }),
      validateRule,
      onEvent: (event) => events.emit({ type: "hook-run", event }),
      onNotice: (notice) => events.emit({ type: "hook-notice", notice }),
      askModel: parts.askModel,
      ...(parts.liveFields ? { liveFields: parts.liveFields } : {}),
      ...(parts.setup ? { setupTrigger: parts.setup } : {}),
    }),
  );
}

/** The hooks engine of `reagent hooks list|test`, built as a run builds it but with no session: notices
 *  join `warnings`, and prompt hooks get no model. `hooks test` runs command hooks with the
 *  environment filter and outside the sandbox (it is the user's own explicit run of them). */
export function hooksForCommand(
  basics: { cwd: string; env: EnvSnapshot; settings: Config; tracer: Tracer; plugins: PluginSet },
  sessionId: string,
  warnings: string[],
): HookEngine {
  const launcher = createProcessLauncher({
    policy: () => ({ kind: "invalid", problems: ["`reagent hooks test` runs hooks outside the sandbox"] }),
    environment: { pass: basics.settings.merged.sandbox.credentialsEnvVars },
    project: basics.cwd,
  });
  const events = new SessionEvents();
  events.subscribe((event) => {
    if (event.type === "hook-notice") warnings.push(event.notice.text);
  });
  return createHooks({
    basics,
    sessionId,
    mode: new PermissionModeState("default"),
    events,
    transcriptPath: null,
    processes: { launcher, containmentOf: () => "none", redact: (text) => text },
    askModel: async () => ({
      ok: false,
      error: "prompt hooks ask the session's model; this command has none",
    }),
    warnings,
  });
}
