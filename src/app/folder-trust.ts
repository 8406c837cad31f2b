// Folder trust at start-up: what the folder's own configuration would run or allow (trust-subject.ts),
// whether the user trusted exactly that before (trust-store.ts), and what happens otherwise — an
// interactive start asks on the terminal before anything runs; a headless run applies it like
// Claude Code's `-p`, unless `--require-trust` or the user setting `requireTrust` is set, in which
// case untrusted or changed configuration is refused (exit 2) with what to review — and unless it
// changed while sandboxed commands ran (sandbox-changes.ts): then it is withheld until trusted.
import { relative } from "node:path";
import { type AgentFile, mergeAgents, readAgentFiles } from "../agents/index.js";
import type { CustomCommand } from "../commands/index.js";
import { discoverCommands } from "../commands/index.js";
import {
  type LoadedSettings,
  loadSettings,
  type ProjectMcpFile,
  readEnv,
  readProjectMcpFile,
  readTrust,
  type TrustSubject,
  trustSubject,
  writeTrust,
} from "../config/index.js";
import { loadPlugins } from "../plugins/index.js";
import { UsageError } from "../util/index.js";
import type { AppPorts, TrustQuestion } from "./app-ports.js";
import type { RunOptions } from "./run-options.js";
import { changedWhileSandboxed } from "./sandbox-changes.js";

export type TrustDecision = {
  /** The folder's code-running configuration is applied. */
  apply: boolean;
  /** The user trusts it (now or before): changes reagent itself makes there ("don't ask again") are
   *  recorded as trusted too. False for a headless run that applies it without being asked. */
  consented: boolean;
  /** Problems to show at start-up (an unreadable trust record, what was withheld). */
  warnings: string[];
};

type TrustContext = {
  cwd: string;
  homeDir: string;
  sources: RunOptions["settingSources"];
  /** `--settings`: it can set `requireTrust` (never part of what is trusted: it is not the folder's). */
  extra?: string[];
  /** The environment (git clones a plugin marketplace the folder names with it). */
  env?: Readonly<Record<string, string | undefined>>;
};

export function trustContext(
  options: Pick<RunOptions, "settingSources"> & { settings?: string[] },
  ports: Pick<AppPorts, "cwd" | "env" | "accountHome">,
): TrustContext {
  const env = readEnv(ports.env, ports.accountHome);
  return {
    cwd: ports.cwd,
    homeDir: env.homeDir,
    sources: options.settingSources,
    extra: options.settings,
    env: env.all,
  };
}

/** What start-up reads of the folder and the user's folders once: the custom commands (at the run's
 *  setting levels), the agent files and the project's .mcp.json. The trust decision judges them;
 *  the run uses them as read. */
type FolderFiles = {
  commands: { commands: CustomCommand[]; warnings: string[] };
  agentFiles: AgentFile[];
  /** Undefined when the project level is off (`--setting-sources`). */
  projectMcp?: ProjectMcpFile;
};

async function readFolderFiles(ctx: TrustContext): Promise<FolderFiles> {
  const levels = {
    user: !ctx.sources || ctx.sources.includes("user"),
    project: !ctx.sources || ctx.sources.includes("project"),
  };
  const [commands, agentFiles] = await Promise.all([
    discoverCommands({ cwd: ctx.cwd, homeDir: ctx.homeDir, levels }),
    readAgentFiles({ cwd: ctx.cwd, homeDir: ctx.homeDir }),
  ]);
  return { commands, agentFiles, ...(levels.project ? { projectMcp: readProjectMcpFile(ctx.cwd) } : {}) };
}

/** The folder's trust subject as the run would load it (settings files, .mcp.json, commands, agent
 *  files), with the settings and files as read for it (the run applies these, so what was judged is
 *  what runs). */
export async function folderSubject(
  ctx: TrustContext,
): Promise<TrustSubject & { requireTrust: boolean; settings: LoadedSettings; files: FolderFiles }> {
  const settings = loadSettings({
    projectDir: ctx.cwd,
    homeDir: ctx.homeDir,
    sources: ctx.sources,
    extra: ctx.extra,
  });
  const files = await readFolderFiles(ctx);
  let mcp: { source: string; servers?: Record<string, unknown>; raw?: string } | undefined;
  const text = files.projectMcp?.text;
  if (text !== undefined) {
    try {
      const data = JSON.parse(text) as { mcpServers?: Record<string, unknown> };
      mcp = { source: ".mcp.json", servers: data?.mcpServers ?? {} };
    } catch {
      mcp = { source: ".mcp.json", raw: text };
    }
  }
  const commands = files.commands.commands.filter((command) => command.source === "project");
  // An agent file's own hooks run when the model starts that agent (the user's run too, but they
  // are not the folder's).
  const agents = mergeAgents(files.agentFiles)
    .agents.filter((agent) => agent.source === "project" && agent.hooks !== undefined)
    .map((agent) => ({
      source: relative(ctx.cwd, agent.path ?? agent.name),
      name: agent.name,
      hooks: agent.hooks,
    }));
  const subject = trustSubject({
    agents,
    plugins: folderPlugins(ctx, settings),
    layers: settings.layers,
    compactHooks: settings.compactHooks,
    mcp,
    commands: commands
      .filter((command) => command.allowedTools.length > 0)
      .map((command) => ({
        source: relative(ctx.cwd, command.path),
        name: command.name,
        rules: command.allowedTools,
      })),
  });
  return { ...subject, requireTrust: settings.merged.requireTrust === true, settings, files };
}

/** What the plugins the folder's own settings enable would run: their hooks and MCP servers. */
function folderPlugins(ctx: TrustContext, settings: LoadedSettings) {
  const found = loadPlugins({
    layers: settings.layers,
    pluginDirs: [],
    cwd: ctx.cwd,
    homeDir: ctx.homeDir,
    env: ctx.env ?? {},
    refresh: false,
  });
  return found.plugins
    .filter((plugin) => plugin.scope === "project" || plugin.scope === "local")
    .map((plugin) => ({
      source: relative(ctx.cwd, plugin.root) || plugin.root,
      id: plugin.id,
      hooks: plugin.hooks.map((file) => file.data.hooks),
      ...(plugin.mcp ? { servers: plugin.mcp.servers } : {}),
    }));
}

export function describeItems(subject: TrustSubject, limit = 30): string {
  const width = Math.min(40, Math.max(...subject.items.map((item) => item.source.length)));
  const lines = subject.items.slice(0, limit).map((item) => `  ${item.source.padEnd(width)}  ${item.text}`);
  if (subject.items.length > limit) lines.push(`  … and ${subject.items.length - limit} more`);
  return lines.join("\n");
}

const WITHHELD =
  "this folder's hooks (its agent files' too), MCP servers, allow rules, extra directories, env and status line command are not used in this session (run `reagent trust` here to trust them)";

/** The trust decision, with the settings and files read to make it, and the hash of what was decided on. */
export type TrustOutcome = {
  trust: TrustDecision;
  settings: LoadedSettings;
  files: FolderFiles;
  subjectHash: string;
};

/** Decides whether the folder's configuration applies, and hands back the settings and files read to
 *  decide it (the run uses them rather than reading them again). Undefined when the user chose to quit. */
export async function decideTrust(
  options: Pick<RunOptions, "settingSources" | "requireTrust" | "settings">,
  ports: Pick<AppPorts, "cwd" | "env" | "accountHome" | "askTrust">,
): Promise<TrustOutcome | undefined> {
  const ctx = trustContext(options, ports);
  const subject = await folderSubject(ctx);
  const decision = await decide(ctx, options, ports.askTrust, subject);
  return (
    decision && {
      trust: decision,
      settings: subject.settings,
      files: subject.files,
      subjectHash: subject.hash,
    }
  );
}

async function decide(
  ctx: TrustContext,
  options: Pick<RunOptions, "requireTrust">,
  ask: TrustQuestion | undefined,
  subject: TrustSubject & { requireTrust: boolean },
): Promise<TrustDecision | undefined> {
  if (subject.items.length === 0) return { apply: true, consented: true, warnings: [] };
  const { record, problem } = readTrust(ctx.homeDir, ctx.cwd);
  const warnings = problem ? [problem] : [];
  if (record?.hash === subject.hash) return { apply: true, consented: true, warnings };
  const changed = record !== undefined;
  const what = changed
    ? `this folder's configuration changed since you trusted it (${record.trustedAt.slice(0, 10)}); it can now run commands or widen permissions:`
    : "this folder's configuration can run commands or widen permissions:";
  if (!ask) {
    const changedInSandbox =
      !(options.requireTrust || subject.requireTrust) && changedWhileSandboxed(ctx, subject);
    if (changedInSandbox)
      return {
        apply: false,
        consented: false,
        warnings: [
          ...warnings,
          `${changedInSandbox}; it is not applied in this session (its hooks, MCP servers, allow rules, extra directories, env and status line command):\n${describeItems(subject)}\nReview the files named above, then run \`reagent trust\` in ${ctx.cwd} to apply it.`,
        ],
      };
    if (!(options.requireTrust || subject.requireTrust)) return { apply: true, consented: false, warnings };
    throw new UsageError(
      `${what}\n${describeItems(subject)}\nRefused: trust is required (${options.requireTrust ? "--require-trust" : '"requireTrust" in your settings'}). Review the files named above, then run \`reagent trust\` in ${ctx.cwd} to trust this configuration.`,
    );
  }
  const answer = await ask(what, describeItems(subject));
  if (answer === "quit") return undefined;
  if (answer === "no") return { apply: false, consented: false, warnings: [...warnings, WITHHELD] };
  try {
    await writeTrust(ctx.homeDir, ctx.cwd, subject.hash);
  } catch (error) {
    warnings.push(
      `could not remember the trust decision (${(error as Error).message}); you will be asked again`,
    );
  }
  return { apply: true, consented: true, warnings };
}

/** After reagent itself changed the folder's settings for a user who trusts them ("don't ask again",
 *  /permissions add), the new configuration is what they trust. */
export async function retrust(
  options: Pick<RunOptions, "settingSources">,
  ports: Pick<AppPorts, "cwd" | "env" | "accountHome">,
): Promise<void> {
  const ctx = trustContext(options, ports);
  const subject = await folderSubject(ctx);
  await writeTrust(ctx.homeDir, ctx.cwd, subject.items.length === 0 ? undefined : subject.hash);
}
