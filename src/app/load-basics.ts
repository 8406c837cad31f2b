// The first step of building an application: the environment read once, the settings layers merged
// into the run's Config (the folder's own configuration withheld when it is not trusted), and the
// tracer. Settings `env` applies to the whole run and wins over the shell's values, as in Claude Code.
import {
  type Config,
  configFrom,
  type LoadedSettings,
  loadSettings,
  readEnv,
  type ThinkingFlags,
  withholdFolderConfig,
  withThinkingFlags,
} from "../config/index.js";
import { loadPlugins } from "../plugins/index.js";
import { createApiKeyHelper } from "../providers/index.js";
import { createTracer } from "../util/index.js";
import type { Basics } from "./app.js";
import type { AppPorts } from "./app-ports.js";
import { debugOutput } from "./debug-output.js";
import type { RunOptions } from "./run-options.js";

export function loadBasics(
  options: Pick<
    RunOptions,
    "settings" | "settingSources" | "debug" | "debugFile" | "pluginDirs" | "pluginDirsNoMcp"
  > &
    ThinkingFlags,
  ports: Pick<AppPorts, "cwd" | "env" | "accountHome" | "stderr">,
  applyFolderConfig = true,
  /** The settings already read (for the folder-trust decision), so no file is read twice. */
  preloaded?: LoadedSettings,
): Basics {
  const { cwd } = ports;
  const shellEnv = readEnv(ports.env, ports.accountHome);
  const loaded =
    preloaded ??
    loadSettings({
      projectDir: cwd,
      homeDir: shellEnv.homeDir,
      extra: options.settings,
      sources: options.settingSources,
    });
  const settings: Config = configFrom(applyFolderConfig ? loaded : withholdFolderConfig(loaded));
  // The settings files themselves are found through the shell's HOME; thinking flags win over the variables.
  const merged = settings.merged.env && readEnv({ ...ports.env, ...settings.merged.env }, ports.accountHome);
  const env = withThinkingFlags(merged ? { ...merged, homeDir: shellEnv.homeDir } : shellEnv, options);
  const debug = debugOutput({ traceEnv: env.trace, ...options }, ports.stderr);
  const tracer = createTracer(debug.enabled, debug.write);
  const helper = settings.merged.apiKeyHelper;
  const apiKeyHelper = helper
    ? createApiKeyHelper({ command: helper, cwd, env: env.all, ttlMs: env.apiKeyHelperTtlMs })
    : undefined;
  // Plugins come after the settings that enable them (withheld with the rest of an untrusted folder's).
  const plugins = loadPlugins({
    layers: settings.layers,
    pluginDirs: options.pluginDirs ?? [],
    pluginDirsNoMcp: options.pluginDirsNoMcp ?? [],
    cwd,
    homeDir: env.homeDir,
    env: env.all,
    refresh: false,
  });
  return {
    cwd,
    env,
    tracer,
    settings,
    plugins,
    ...(apiKeyHelper ? { apiKeyHelper } : {}),
    ...(applyFolderConfig ? {} : { folderWithheld: true }),
  };
}
