// Slash commands: one registry (built-ins, skills, custom commands, MCP prompts) with mode-neutral
// outcomes for every front-end, and the custom command files (`.claude/commands`, `.agents/commands`).
export { builtinCommandNames, builtinCommands, helpCommand } from "./builtin-commands.js";
export type { Command, CommandKind, CommandMode, CommandOutcome } from "./command.js";
export type { CommandHost } from "./command-host.js";
export {
  type CommandRegistry,
  createCommandRegistry,
  nearestNames,
  parseSlash,
  type Resolution,
  splitCommandMessage,
} from "./command-registry.js";
export type { CustomCommand } from "./custom-command.js";
export { discoverCommands, findCommand } from "./discover-commands.js";
export { expandCommand } from "./expand-command.js";
export { customCommands, mcpPromptCommand, skillCommand } from "./prompt-commands.js";
