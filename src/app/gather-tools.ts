// The run's tools and what they are found with, built once the gate exists (it hides denied tools):
// the plugins' components, skills, custom commands, MCP servers, output styles, the web tools, the
// background commands, and the registry of built-in, Skill and embedder tools (each that may change
// files waiting for its prompt's checkpoint). Agents and MCP tools join the registry later.
import type { AgentFile } from "../agents/index.js";
import type { CustomCommand } from "../commands/index.js";
import { outputStyleSettingsPath, settingLevels } from "../config/index.js";
import type { McpManager } from "../mcp/index.js";
import { pluginOutputStyleDirs } from "../plugins/index.js";
import { NewsInbox } from "../session/index.js";
import { createSkillTool, discoverSkills, type Skill } from "../skills/index.js";
import {
  askUserQuestionTool,
  createBuiltinTools,
  createExitPlanModeTool,
  createToolRegistry,
  type ShellState,
  type ToolRegistry,
} from "../tools/index.js";
import { createBackgroundCommands } from "./background-commands.js";
import { checkpointedTools } from "./create-checkpoints.js";
import type { Guard } from "./create-guard.js";
import { createMcp } from "./create-mcp.js";
import type { Oversight } from "./create-oversight.js";
import { createOutputStyles, type OutputStyles } from "./output-styles.js";
import { pluginComponents } from "./plugin-components.js";
import { prebuiltToolJsonSchema } from "./prebuilt-tool-schemas.js";
import { selectBuiltinTools } from "./select-tools.js";
import type { RunRecords, RunStart } from "./start-run.js";
import { createWebTools, type WebTools } from "./web-tools.js";

export type RunTools = {
  /** Which settings levels apply (`--setting-sources`): skills, styles and instructions follow them. */
  levels: { user: boolean; project: boolean };
  skills: Skill[];
  /** Custom slash commands (the folder's, the user's, the plugins'). */
  custom: { commands: CustomCommand[]; warnings: string[] };
  agentFiles: AgentFile[];
  mcp: McpManager | undefined;
  outputStyles: OutputStyles;
  webTools: WebTools;
  news: NewsInbox;
  background: ReturnType<typeof createBackgroundCommands>;
  registry: ToolRegistry;
  /** The main conversation's shell (its folder and environment additions). */
  shell: ShellState;
  /** Problems finding the skills (said once at start-up, with the commands' and agents'). */
  skillWarnings: string[];
};

export async function gatherTools(
  start: RunStart,
  records: Pick<RunRecords, "sessionId" | "checkpoints">,
  oversight: Pick<Oversight, "mode" | "slot">,
  guard: Pick<Guard, "gate">,
): Promise<RunTools> {
  const { options, ports, basics, decided, sandboxing, startupWarnings } = start;
  const { cwd, env, settings } = basics;
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
  const webTools = await createWebTools({
    settings,
    env,
    model: oversight.slot,
    clients: start.clients,
    warnings: startupWarnings,
  });
  const news = new NewsInbox();
  const background = createBackgroundCommands({
    sessionId: records.sessionId,
    events: start.events,
    news,
    atExit: ports.atExit,
  });
  const registry = registryFor({
    start,
    checkpoints: records.checkpoints,
    oversight,
    guard,
    background,
    webTools,
    skills,
  });
  const agentFiles = [...decided.files.agentFiles, ...fromPlugins.agentFiles];
  const shell = { cwd, env: {} };
  return {
    levels,
    skills,
    custom,
    agentFiles,
    mcp,
    outputStyles,
    webTools,
    news,
    background,
    registry,
    shell,
    skillWarnings: discovered.warnings,
  };
}

/** The registry of the built-in tools `--tools` selects, the Skill tool and the embedder's tools, each
 *  that may change files waiting for its prompt's checkpoint; the gate hides the denied ones. */
function registryFor(parts: {
  start: RunStart;
  checkpoints: RunRecords["checkpoints"];
  oversight: Pick<Oversight, "mode">;
  guard: Pick<Guard, "gate">;
  background: RunTools["background"];
  webTools: WebTools;
  skills: Skill[];
}): ToolRegistry {
  const { options, ports, sandboxing } = parts.start;
  const { skills, background, webTools, oversight } = parts;
  const { gate } = parts.guard;
  return createToolRegistry(
    checkpointedTools(
      [
        ...selectBuiltinTools(options.tools, [
          ...createBuiltinTools({
            unsandboxedOption: sandboxing.unsandboxedOption,
            background: background.shells,
          }),
          askUserQuestionTool,
          createExitPlanModeTool(oversight.mode),
          ...webTools.tools,
        ]),
        // Skills are found once, at start: without any, the Skill tool could only fail, and its schema
        // would cost tokens on every request.
        ...(skills.length > 0 ? [createSkillTool({ skills })] : []),
        ...(ports.tools ?? []),
      ],
      parts.checkpoints,
    ),
    (name) => gate.isToolHidden(name),
    prebuiltToolJsonSchema(),
  );
}
