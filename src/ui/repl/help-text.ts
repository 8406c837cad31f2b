// The text `/help` prints: keys and commands (built-ins, skills and MCP prompts).
import type { SlashCommand } from "./slash-commands.js";

export function helpText(commands: SlashCommand[]): string {
  const width = Math.max(...commands.map((command) => command.name.length + (command.args?.length ?? 0) + 2));
  const rows = commands.map((command) => {
    const usage = `/${command.name}${command.args ? ` ${command.args}` : ""}`;
    return `  ${usage.padEnd(width + 1)} ${command.description}`;
  });
  return [
    "Keys:",
    "  Enter              send            Shift+Enter, Alt+Enter, Ctrl+J or \\ then Enter: new line",
    "  Up/Down            history         Tab: complete a command   Shift+Tab: cycle permission mode",
    "  Esc or Ctrl+C      stop the running turn",
    "  Ctrl+C twice, or Ctrl+D on an empty prompt: exit",
    "",
    "Commands:",
    ...rows,
  ].join("\n");
}
