// The slash commands of a running App for one front-end: the built-ins, then one command per skill,
// per custom command file and per MCP prompt (`/server:prompt`), through the one registry. Built
// again on each use, so MCP prompts of servers that connected later (the SDK's) are in it.
import {
  builtinCommands,
  type Command,
  type CommandHost,
  type CommandMode,
  type CommandRegistry,
  createCommandRegistry,
  customCommands,
  findCommand,
  helpCommand,
  mcpPromptCommand,
  skillCommand,
} from "../commands/index.js";
import { skillSlashPrompt } from "../skills/index.js";
import type { App } from "./app.js";
import { runCommandTurn } from "./custom-commands.js";

export function appCommands(app: App, host: CommandHost, mode: CommandMode): CommandRegistry {
  const mcp = app.mcp;
  const list: Command[] = [
    ...builtinCommands(host, mode),
    ...app.skills.map((skill) => skillCommand(skill, (args) => skillSlashPrompt(skill, args || undefined))),
    ...customCommands(app.commands, async (name, args, typed, attachments) => {
      const command = findCommand(app.commands, name);
      if (!command) throw new Error(`no custom command /${name}`);
      return runCommandTurn(app, { command, args, typed }, attachments);
    }),
    ...(mcp
      ? mcp
          .listPrompts()
          .map((prompt) =>
            mcpPromptCommand(prompt, (args, signal) =>
              mcp.expandPrompt(prompt.server, prompt.name, args, signal),
            ),
          )
      : []),
  ];
  const registry = createCommandRegistry([helpCommand(() => registry.list()), ...list], (names) =>
    mode === "interactive"
      ? "Type /help for the list."
      : `Commands available in headless runs: ${names.map((name) => `/${name}`).join(", ")}.`,
  );
  return registry;
}
