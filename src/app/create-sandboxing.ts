// The run's containment, built once from the probe and the settings: the sandbox (whenever one can
// start: the read-only fast path runs in it in every mode), the environment rules, secret redaction,
// and what each spawner gets — the session's launcher over the gate's live workspace and Read rules,
// the hooks' and MCP servers' (a folder's own run contained when the sandbox is on), the runner's
// facts and the gate's inputs. A misconfigured sandbox stops the start (exit 2); one that cannot
// start here is said once, with the reason and the fix.
import { join } from "node:path";
import { projectMcpConfigPath } from "../config/index.js";
import type { Containment, ProcessLauncher, Redact } from "../contracts/index.js";
import type { HookProcesses } from "../hooks/index.js";
import type { McpProcesses } from "../mcp/index.js";
import type { ManagedPermissionGate } from "../permissions/index.js";
import { excludedCommands, readRulePaths } from "../permissions/index.js";
import {
  createProcessLauncher,
  createSandbox,
  createSecretRedaction,
  filterEnvironment,
  probeSandbox,
  type RunLauncher,
  type SandboxAvailability,
} from "../sandbox/index.js";
import type { SandboxFacts } from "../tools/index.js";
import { createGitConfiguredPaths, type GitConfiguredPaths, realPath, UsageError } from "../util/index.js";
import type { Basics } from "./app.js";
import type { RunOptions } from "./run-options.js";
import { NO_READ_RULES, type PolicyBuilder, sandboxPolicies } from "./sandbox-policies.js";
import { type SandboxReport, sandboxReport } from "./sandbox-report.js";
import { reagentStateDir } from "./state-home.js";

export type Sandboxing = {
  report: SandboxReport;
  facts: SandboxFacts;
  redact: Redact;
  /** Gate inputs: autoAllowBashIfSandboxed in force; the read-only profile enforced here. */
  autoAllowSandboxed: boolean;
  readOnlyEnforced: boolean;
  /** Bash offers `dangerouslyDisableSandbox` (the sandbox is on and may be left at a person's word). */
  unsandboxedOption: boolean;
  hookProcesses: HookProcesses;
  mcpProcesses: McpProcesses;
  /** How a configured command of the user's or the folder's runs (the status line): as their hooks do. */
  containmentFor(origin: "user" | "folder"): Containment;
  /** What git's configuration names outside `.git` (included files, core.hooksPath) at some roots, read
   *  with git in the commands' environment and cached: the gate protects them, the workspace-write
   *  profile keeps them read-only. One cache for the run. */
  gitConfigured: (roots: readonly string[]) => GitConfiguredPaths;
  /** The launcher of the session's tool calls: the gate's workspace (it can widen) and Read rules. */
  sessionLauncher(gate: ManagedPermissionGate, spillDir: string | undefined): ProcessLauncher;
  /** Finishes what is still held (placeholders of processes still running at the end). */
  close(): void;
};

export function createSandboxing(parts: {
  basics: Basics;
  options: Pick<RunOptions, "sandbox" | "addDir">;
  availability: SandboxAvailability;
  /** Problems that do not stop the run (at start-up: said once then). */
  warn: (message: string) => void;
}): Sandboxing {
  const { basics, availability, warn } = parts;
  const { cwd, env, settings } = basics;
  const merged = settings.merged;
  const config = merged.sandbox;
  const enabled = parts.options.sandbox === true || config.enabled;
  const active = availability.kind === "active" ? availability : undefined;
  warnOfUnusedSettings(config, enabled, availability, warn);
  const on = enabled && active !== undefined;
  const context = { cwd, homeDir: env.homeDir };
  const gitConfigured = createGitConfiguredPaths({ ...env.all, HOME: env.homeDir });
  const redaction = merged.redactSecrets
    ? createSecretRedaction(filterEnvironment(env.all).removed)
    : undefined;
  const redact: Redact = redaction?.redact ?? ((text) => text);
  const sandbox = active && openSandbox(active, env, warn);
  const startRoots = [cwd, ...settings.permissions.additionalDirectories, ...parts.options.addDir].map(
    (dir) => realPath(dir, context),
  );
  const startPolicy = sandboxPolicies(basics, () => startRoots, NO_READ_RULES, gitConfigured);
  if (sandbox) checkProfiles(startPolicy, cwd);
  const launchers = launcherSet({ sandbox, config, project: cwd, redaction, warn });
  const contained = (folder: boolean): Containment => (folder && on ? "workspace-write" : "none");
  const hooksLauncher = launchers.forPolicy(startPolicy);
  const excluded = excludedFrom(config, env.homeDir);
  return {
    report: sandboxReport(availability, config, enabled, merged.redactSecrets),
    facts: { canStart: active !== undefined, on, mayLeave: config.allowUnsandboxedCommands, excluded },
    redact,
    autoAllowSandboxed: on && config.autoAllowBashIfSandboxed,
    readOnlyEnforced: active !== undefined,
    unsandboxedOption: on && config.allowUnsandboxedCommands,
    hookProcesses: {
      launcher: hooksLauncher,
      containmentOf: (handler) => contained(handler.origin === "folder"),
      redact,
    },
    containmentFor: (origin) => contained(origin === "folder"),
    mcpProcesses: mcpProcessesFor(basics, hooksLauncher, contained),
    gitConfigured,
    sessionLauncher: sessionLauncherFor(basics, launchers.forPolicy, gitConfigured, warn),
    close: () => launchers.finishAll(),
  };
}

type SandboxSettings = Basics["settings"]["merged"]["sandbox"];
type ActiveSandbox = Extract<SandboxAvailability, { kind: "active" }>;

/** Says once what the settings ask for and this run cannot give: a sandbox that cannot start (an
 *  error with `failIfUnavailable`), and `sandbox.network`. */
function warnOfUnusedSettings(
  config: SandboxSettings,
  enabled: boolean,
  availability: SandboxAvailability,
  warn: (message: string) => void,
): void {
  if (enabled && availability.kind === "unavailable") {
    const why = `no sandbox can start here: ${availability.reason}; fix: ${availability.fix}`;
    if (config.failIfUnavailable) throw new UsageError(`sandbox.failIfUnavailable is set and ${why}`);
    warn(
      `the sandbox is enabled but ${why}. Commands run unsandboxed through the normal gate (never allowed because sandboxed)`,
    );
  }
  for (const source of config.networkConfiguredIn)
    warn(
      `${source}: "sandbox.network" is not supported: sandboxed commands have no network at all (a local server inside one command still works); run commands that need the network outside the sandbox`,
    );
}

/** The sandbox: creating it sweeps what a killed earlier run left; its state folder is made on first use. */
function openSandbox(active: ActiveSandbox, env: Basics["env"], warn: (message: string) => void) {
  const sandbox = createSandbox({ active, stateDir: join(reagentStateDir(env), "sandbox") });
  if (sandbox.leftovers.kept.length > 0)
    warn(
      `placeholders of an earlier run were left in place: ${sandbox.leftovers.kept.map((entry) => `${entry.path} (${entry.reason})`).join(", ")}`,
    );
  return sandbox;
}

/** Both profiles must build from the settings before anything runs in them (exit 2 otherwise). */
function checkProfiles(policy: PolicyBuilder, project: string): void {
  for (const profile of ["workspace-write", "read-only"] as const) {
    const built = policy(profile, project);
    if (built.kind === "invalid")
      throw new UsageError(
        `the sandbox settings cannot be used: ${built.problems.join("; ")}; fix them in your settings`,
      );
  }
}

/** The run's launchers, one per policy, all finished at close. */
function launcherSet(parts: {
  sandbox: ReturnType<typeof openSandbox> | undefined;
  config: SandboxSettings;
  project: string;
  redaction: ReturnType<typeof createSecretRedaction> | undefined;
  warn: (message: string) => void;
}): { forPolicy(policy: PolicyBuilder): RunLauncher; finishAll(): void } {
  const { sandbox, redaction, warn } = parts;
  const launchers: RunLauncher[] = [];
  return {
    forPolicy(policy) {
      const launcher = createProcessLauncher({
        ...(sandbox ? { sandbox } : {}),
        policy,
        environment: { pass: parts.config.credentialsEnvVars },
        project: parts.project,
        onRemoved: (removed) => redaction?.learn(removed),
        onLeftover: (cleanup) =>
          warn(
            `a sandbox placeholder was left in place: ${cleanup.kept.map((entry) => entry.path).join(", ")}`,
          ),
      });
      launchers.push(launcher);
      return launcher;
    },
    finishAll() {
      for (const launcher of launchers) launcher.finishAll();
    },
  };
}

function excludedFrom(config: SandboxSettings, homeDir: string): SandboxFacts["excluded"] {
  try {
    return excludedCommands(config.excludedCommands, homeDir);
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; fix it in your settings`);
  }
}

/** How MCP servers start: the folder's own (its .mcp.json, the plugins its settings enabled)
 *  contained when the sandbox is on, and without the configured environment. */
function mcpProcessesFor(
  basics: Basics,
  launcher: RunLauncher,
  contained: (folder: boolean) => Containment,
): McpProcesses {
  const { cwd } = basics;
  // The MCP servers of a plugin a folder's own settings enabled are the folder's, as its .mcp.json is.
  const folderPluginServers = new Set(
    basics.plugins.plugins.flatMap((plugin) =>
      plugin.mcp && (plugin.scope === "project" || plugin.scope === "local") ? [plugin.mcp.source] : [],
    ),
  );
  return {
    launcher,
    placement: (spec) => {
      const folder = spec.source === projectMcpConfigPath(cwd) || folderPluginServers.has(spec.source ?? "");
      return { containment: contained(folder), passConfiguredEnv: !folder };
    },
  };
}

/** The session's launcher: the gate's live workspace (the spill folder left out) and its Read rules'
 *  paths hidden or shown; a problem with a rule's path is said once. */
function sessionLauncherFor(
  basics: Basics,
  launcherFor: (policy: PolicyBuilder) => RunLauncher,
  gitConfigured: Sandboxing["gitConfigured"],
  warn: (message: string) => void,
): Sandboxing["sessionLauncher"] {
  const context = { cwd: basics.cwd, homeDir: basics.env.homeDir };
  const rulePaths = readRulePaths(context);
  const said = new Set<string>();
  return (gate, spillDir) => {
    const spill = spillDir === undefined ? undefined : realPath(spillDir, context);
    const paths = (behavior: "allow" | "deny") => {
      const found = rulePaths(gate.rules()[behavior].map((entry) => entry.rule));
      for (const problem of found.problems)
        if (!said.has(problem)) {
          said.add(problem);
          warn(problem);
        }
      return found.paths;
    };
    return launcherFor(
      sandboxPolicies(
        basics,
        () => gate.workspaceRoots.filter((root) => root !== spill),
        () => ({ hidden: paths("deny"), shown: paths("allow") }),
        gitConfigured,
      ),
    );
  };
}

/** Probes and builds the containment for a subcommand (`reagent mcp list`) as a run would. */
export async function sandboxingFor(
  basics: Basics,
  options: Pick<RunOptions, "sandbox" | "addDir">,
  platform: NodeJS.Platform,
  warn: (message: string) => void,
): Promise<Sandboxing> {
  const availability = await probeSandbox({ platform, searchPath: basics.env.all.PATH ?? "" });
  return createSandboxing({ basics, options, availability, warn });
}
