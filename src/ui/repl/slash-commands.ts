// The slash commands as the REPL's menu shows them (the list is the run's one command registry, through
// the host) and the suggestions while a name is typed. Running a command is the registry's job.
import type { CommandKind } from "../../commands/index.js";

export type SlashCommand = {
  name: string;
  args?: string;
  description: string;
  kind: CommandKind;
};

/** Commands to suggest for the text typed so far (only while the name is being typed). */
export function suggestCommands(
  input: string,
  commands: SlashCommand[],
  limit = Number.POSITIVE_INFINITY,
): SlashCommand[] {
  if (!input.startsWith("/") || /\s/.test(input)) return [];
  const typed = input.slice(1).toLowerCase();
  const prefix = commands.filter((command) => command.name.toLowerCase().startsWith(typed));
  const inside = commands.filter(
    (command) => !command.name.toLowerCase().startsWith(typed) && command.name.toLowerCase().includes(typed),
  );
  return [...prefix, ...inside].slice(0, limit);
}
