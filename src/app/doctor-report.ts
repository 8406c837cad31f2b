// `reagent doctor`: what a run started here would have active, and why — the sandbox layer (or why
// none can start and what to do), the gate's mode and read-only fast path, the folder's trust, the
// hooks and MCP servers with where each would run (in the sandbox or outside, environment filtered),
// secret redaction, and the settings problems. Nothing is started: hooks and servers are only listed.
import { loadMcpConfig, projectMcpConfigPath } from "../config/index.js";
import { loadHookConfig } from "../hooks/index.js";
import { fastPathNotice } from "../permissions/index.js";
import { probeSandbox } from "../sandbox/index.js";
import { errorMessage } from "../util/index.js";
import type { AppPorts } from "./app-ports.js";
import { decideTrust } from "./folder-trust.js";
import { loadBasics } from "./load-basics.js";
import type { RunOptions } from "./run-options.js";
import { sandboxReport } from "./sandbox-report.js";

export async function doctorReport(options: RunOptions, ports: AppPorts): Promise<string> {
  const lines: string[] = [];
  // As a headless run decides: nothing is asked here.
  const headless = { ...ports, askTrust: undefined };
  let decided: Awaited<ReturnType<typeof decideTrust>>;
  try {
    decided = await decideTrust(options, headless);
  } catch (error) {
    return `folder trust: a run here is refused:\n${errorMessage(error)}\n`;
  }
  if (!decided) return "folder trust: not decided\n";
  const { trust } = decided;
  const basics = loadBasics(options, headless, trust.apply, decided.settings);
  const { settings, env, cwd } = basics;
  const merged = settings.merged;
  const enabled = options.sandbox === true || merged.sandbox.enabled;
  const availability = await probeSandbox({ platform: ports.platform, searchPath: env.all.PATH ?? "" });
  const report = sandboxReport(availability, merged.sandbox, enabled, merged.redactSecrets);
  const on = enabled && availability.kind === "active";
  lines.push(...report.details);
  if (enabled && availability.kind === "unavailable" && merged.sandbox.failIfUnavailable)
    lines.push("  sandbox.failIfUnavailable is set: a run here exits with status 2");
  const mode = options.permissionMode ?? merged.permissions?.defaultMode ?? "default";
  lines.push(
    `permission mode: ${mode}${options.permissionMode ? " (command line)" : merged.permissions?.defaultMode ? " (settings)" : ""}`,
    `  ${fastPathNotice(availability.kind === "active" ? "enforced" : "strict")}`,
  );
  lines.push(
    `folder trust: ${trust.apply ? (trust.consented ? "the folder's configuration is trusted and applied" : "the folder's configuration is applied without your trust (headless policy)") : "the folder's hooks, MCP servers, allow rules and env are withheld"}`,
    ...trust.warnings.map((warning) => `  ${warning.replaceAll("\n", "\n  ")}`),
  );
  const where = (folder: boolean) =>
    folder && on ? "in the sandbox (workspace-write)" : "outside the sandbox, environment filtered";
  try {
    const hooks = loadHookConfig({
      settings: settings.layers,
      compactFiles: settings.compactHooks,
      disabled: env.hooksDisabled,
      projectDir: cwd,
    });
    if (hooks.disabledBy) lines.push(`hooks: disabled (${hooks.disabledBy})`);
    else {
      lines.push(`hooks: ${hooks.handlers.length}`);
      for (const handler of hooks.handlers)
        lines.push(
          `  ${handler.event}${handler.matcher ? ` [${handler.matcher}]` : ""} ${handler.type === "command" ? handler.command : `${handler.type} ${handler.command}`}  (${handler.source}; ${handler.type === "command" ? where(handler.origin === "folder") : "no process"})`,
        );
    }
  } catch (error) {
    lines.push(`hooks: the configuration cannot be loaded: ${errorMessage(error)}`);
  }
  try {
    const mcp = loadMcpConfig({
      projectDir: cwd,
      homeDir: env.homeDir,
      env: env.all,
      configFiles: options.strictMcpConfig ? options.mcpConfig : [...env.mcpConfig, ...options.mcpConfig],
      files: options.strictMcpConfig
        ? { user: false, project: false }
        : { user: true, project: !basics.folderWithheld },
    });
    const servers = Object.entries(mcp.servers);
    lines.push(`MCP servers: ${servers.length}`);
    for (const [name, server] of servers)
      lines.push(
        `  ${name} (${server.type}; ${server.source}; ${server.type === "stdio" ? where(server.source === projectMcpConfigPath(cwd)) : "no process"})`,
      );
    lines.push(...mcp.warnings.map((warning) => `  ${warning}`));
  } catch (error) {
    lines.push(`MCP servers: the configuration cannot be loaded: ${errorMessage(error)}`);
  }
  const problems = [...env.warnings, ...settings.warnings];
  if (problems.length > 0) lines.push("settings problems:", ...problems.map((problem) => `  ${problem}`));
  return `${lines.join("\n")}\n`;
}
