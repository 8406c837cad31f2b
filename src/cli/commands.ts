// Subcommands: `hooks list|test`, `skills list`, `agents list`, `mcp list`, `init`. Each returns an
// exit status.

import { statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, join } from "node:path";
import { agentToolWarnings, formatAgentsList, readAgentFiles } from "../agents/index.js";
import type { RunOptions } from "../app/index.js";
import {
  type Basics,
  createApp,
  createHookEngine,
  createMcp,
  loadAgentDefinitions,
  loadBasics,
  pluginComponents,
  sandboxingFor,
} from "../app/index.js";
import { formatHookList, formatHookTestReport, HOOK_EVENTS } from "../hooks/index.js";
import { formatMcpStatus } from "../mcp/index.js";
import { runHeadless } from "../modes/index.js";
import { createLinePrompter } from "../permissions/index.js";
import { buildInitPrompt, detectInitTarget } from "../prompt/index.js";
import { discoverSkills, formatSkillsList } from "../skills/index.js";
import { createTaskTools, TaskList } from "../tasks/index.js";
import { createBuiltinTools, resolveToolPath } from "../tools/index.js";
import { spillDirFor } from "../transcript/index.js";
import { askTrustOnTerminal } from "../ui/repl/index.js";
import { isOneOf, newSessionId, UsageError } from "../util/index.js";
import { normaliseOptions } from "./options.js";
import { processPorts } from "./process-ports.js";

const basicsHere = (pluginDirs: string[] = []) => loadBasics({ settings: [], pluginDirs }, processPorts());

/** The hooks engine as a run would build it; settings and hook-config warnings go to stderr. */
function hookEngine(basics: Basics = basicsHere(), sessionId = newSessionId()) {
  const warnings = [...basics.settings.warnings, ...basics.plugins.problems];
  const engine = createHookEngine(basics, sessionId, warnings);
  for (const warning of warnings) process.stderr.write(`reagent: ${warning}\n`);
  return engine;
}

export async function hooksList(pluginDirs: string[] = []): Promise<number> {
  const engine = hookEngine(basicsHere(pluginDirs));
  process.stdout.write(`${formatHookList(engine.list(), engine.disabledBy)}\n`);
  return 0;
}

export async function hooksTest(event: string, raw: { tool?: string; input?: string }): Promise<number> {
  if (!isOneOf(HOOK_EVENTS, event))
    throw new UsageError(`unknown hook event "${event}"; use one of ${HOOK_EVENTS.join(", ")}`);
  let input: Record<string, unknown> | undefined;
  if (raw.input !== undefined) {
    try {
      input = JSON.parse(raw.input) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(`--input: invalid JSON (${(error as Error).message})`);
    }
    if (!input || typeof input !== "object" || Array.isArray(input))
      throw new UsageError("--input: expected a JSON object");
  }
  // Like real tool calls, the built-in tool's path fields in the synthetic tool_input are absolute.
  const basics = basicsHere();
  const tool = createBuiltinTools({}).find((candidate) => candidate.name === (raw.tool ?? "Bash"));
  if (input)
    for (const field of tool?.pathFields ?? []) {
      const value = input[field];
      if (typeof value !== "string") continue;
      const resolved = resolveToolPath(value, { cwd: basics.cwd, homeDir: basics.env.homeDir });
      if (resolved.ok) input[field] = resolved.path;
    }
  const sessionId = newSessionId();
  const report = await hookEngine(basics, sessionId)
    .test(event, { tool: raw.tool, input })
    .finally(() => rm(spillDirFor(sessionId), { recursive: true, force: true }));
  process.stdout.write(`${formatHookTestReport(report)}\n`);
  return 0;
}

export async function skillsList(pluginDirs: string[] = []): Promise<number> {
  const { cwd, env, plugins } = basicsHere(pluginDirs);
  const where = { cwd, homeDir: env.homeDir };
  const { skillRoots } = await pluginComponents(plugins, where);
  const { skills, warnings } = await discoverSkills({ ...where, extraRoots: skillRoots });
  process.stdout.write(`${formatSkillsList(skills, warnings)}\n`);
  return 0;
}

export async function agentsList(raw: Record<string, unknown>): Promise<number> {
  const options = normaliseOptions(raw, undefined);
  const { cwd, env, plugins } = basicsHere(options.pluginDirs);
  const where = { cwd, homeDir: env.homeDir };
  const fromPlugins = await pluginComponents(plugins, where);
  const { agents, warnings } = await loadAgentDefinitions({
    ...where,
    agentsJson: options.agents,
    files: [...(await readAgentFiles(where)), ...fromPlugins.agentFiles],
  });
  // The tools every session has (MCP tools are known only once their servers run: not checked here).
  const available = [
    ...createBuiltinTools().map((tool) => tool.name),
    ...createTaskTools(new TaskList([])).map((tool) => tool.name),
    "Skill",
    "WebFetch",
    "WebSearch",
  ];
  for (const agent of agents) {
    if (agent.source === "built-in") continue;
    warnings.push(...agentToolWarnings(agent, available, { ignoreMcp: true }));
  }
  process.stdout.write(`${formatAgentsList(agents, warnings)}\n`);
  return 0;
}

/** `reagent init [focus]`: one headless-style run whose prompt asks the model to write or improve
 *  AGENTS.md. On a terminal, permission questions are asked on a plain line prompt; otherwise the
 *  headless policy applies (allow the write with `--allowedTools "Write(AGENTS.md)" "Edit(AGENTS.md)"`). */
/** Size and modification time of a file ("" when missing), to tell whether `init` changed it. */
function fileStamp(path: string): string {
  const info = statSync(path, { throwIfNoEntry: false });
  return info ? `${info.size}:${info.mtimeMs}` : "";
}

export async function init(options: RunOptions, focus: string): Promise<number> {
  const interactive = process.stdin.isTTY === true && process.stderr.isTTY === true;
  const ports = processPorts(
    interactive ? { askTrust: askTrustOnTerminal(process.stdin, process.stderr) } : {},
  );
  const runtime = await createApp({ ...options, print: true }, ports);
  if (interactive) runtime.setPrompter(createLinePrompter({ input: process.stdin, output: process.stderr }));
  const existing = await detectInitTarget(runtime.cwd);
  const target = join(runtime.cwd, existing === "claude" ? "CLAUDE.md" : "AGENTS.md");
  const before = fileStamp(target);
  const prompt = buildInitPrompt({ focus: focus || undefined, existing });
  try {
    const code = await runHeadless(runtime, options, prompt);
    const name = basename(target);
    if (code === 0 && fileStamp(target) === before) {
      process.stderr.write(
        `reagent: ${name} was not written${interactive ? "" : ` (without a terminal, allow it: --allowedTools "Write(${name})" "Edit(${name})")`}\n`,
      );
      return 1;
    }
    return code;
  } finally {
    if (interactive) process.stdin.pause();
  }
}

export async function mcpList(raw: Record<string, unknown>): Promise<number> {
  const basics = basicsHere();
  const options = normaliseOptions(raw, undefined);
  const warnings: string[] = [];
  const sandboxing = await sandboxingFor(basics, options, process.platform, (line) => warnings.push(line));
  const manager = await createMcp(basics, options, warnings, sandboxing.mcpProcesses);
  // Configuration problems (a server skipped in ~/.claude.json); failed servers are in the listing.
  for (const warning of warnings.filter((line) => !/^MCP server ".*" failed: /.test(line)))
    process.stderr.write(`reagent: warning: ${warning}\n`);
  if (!manager) {
    sandboxing.close();
    process.stdout.write(
      "no MCP servers configured (.mcp.json, ~/.agents/mcp.json, ~/.claude.json, MCP_CONFIG or --mcp-config)\n",
    );
    return 0;
  }
  try {
    process.stdout.write(`${formatMcpStatus(manager.status(), manager.listPrompts())}\n`);
  } finally {
    await manager.close();
    sandboxing.close();
  }
  return 0;
}
