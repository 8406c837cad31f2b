// Commands that become a prompt for the model: a skill (`/name args` puts the skill's body in the
// prompt, as Claude Code does), an MCP prompt (`/server:prompt args`), and a custom command (it runs its own turn, so
// UserPromptSubmit hooks see the typed line before it expands). The expansion record is what
// UserPromptExpansion hooks see.
import type { PromptExpansion } from "../hooks/index.js";
import type { ImageBlock } from "../model/index.js";
import type { TurnResult } from "../session/index.js";
import type { Command } from "./command.js";

export function commandExpansion(
  name: string,
  args: string,
  source: PromptExpansion["commandSource"],
): PromptExpansion {
  const expansionType = source === "mcp" ? "mcp_prompt" : "slash_command";
  return { expansionType, commandName: name, commandArgs: args, commandSource: source };
}

/** `/<skill> args`: the prompt holds the skill itself (`prompt` builds it; a skill that cannot be
 *  read or parsed is an error and nothing is sent). */
export function skillCommand(
  skill: { name: string; description: string },
  prompt: (args: string) => Promise<{ ok: true; text: string } | { ok: false; message: string }>,
): Command {
  return {
    name: skill.name,
    description: skill.description,
    argumentHint: "[args]",
    kind: "skill",
    async run(args) {
      const built = await prompt(args);
      if (!built.ok) return { kind: "error", text: built.message };
      return { kind: "prompt", prompt: built.text, expansion: commandExpansion(skill.name, args, "skill") };
    },
  };
}

export function mcpPromptCommand(
  prompt: { command: string; server: string; description?: string },
  expand: (
    args: string,
    signal: AbortSignal,
  ) => Promise<{ ok: true; text: string } | { ok: false; message: string }>,
): Command {
  return {
    name: prompt.command,
    description: prompt.description ?? `MCP prompt from ${prompt.server}`,
    argumentHint: "[args]",
    kind: "mcp-prompt",
    async run(args, signal) {
      const expanded = await expand(args, signal);
      return expanded.ok
        ? { kind: "prompt", prompt: expanded.text, expansion: commandExpansion(prompt.command, args, "mcp") }
        : { kind: "error", text: expanded.message };
    },
  };
}

/** Custom commands (`.claude/commands`, `.agents/commands`); a namespaced one also answers to its
 *  last part while no other command ends in it. */
export function customCommands(
  commands: ReadonlyArray<{ name: string; description: string; argumentHint?: string; source: string }>,
  turn: (
    name: string,
    args: string,
    typed: string,
    attachments: Array<string | ImageBlock>,
  ) => Promise<TurnResult>,
): Command[] {
  const leafCount = new Map<string, number>();
  const leafOf = (name: string) => name.split(":").at(-1) ?? name;
  for (const command of commands)
    leafCount.set(leafOf(command.name), (leafCount.get(leafOf(command.name)) ?? 0) + 1);
  return commands.map((command) => {
    const leaf = leafOf(command.name);
    const aliases = leaf !== command.name && leafCount.get(leaf) === 1 ? [leaf] : [];
    return {
      name: command.name,
      description: command.description,
      argumentHint: command.argumentHint ?? "[args]",
      kind: "custom",
      source: command.source,
      ...(aliases.length > 0 ? { aliases } : {}),
      run: async (args) => ({
        kind: "turn",
        run: (attachments) =>
          turn(command.name, args, `/${command.name}${args ? ` ${args}` : ""}`, attachments),
      }),
    };
  });
}
