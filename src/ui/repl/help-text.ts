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
    "  Up/Down            history         Ctrl+R: search the history",
    "  Tab                complete a command or an @file        Shift+Tab: cycle permission mode",
    "  Esc or Ctrl+C      stop the running turn                 Esc twice: clear the prompt",
    "  Ctrl+G             edit the prompt in $VISUAL/$EDITOR    Ctrl+O: detailed transcript",
    "  Ctrl+L             redraw the screen",
    "  Ctrl+C twice, or Ctrl+D on an empty prompt: exit",
    "",
    "Prompt:",
    "  @path              attach a file (or a folder's file list; @file#L10-20 for lines)",
    "  @server:uri        attach an MCP resource",
    "  !command           run a shell command; the agent sees it and its output with your next message",
    "",
    "Commands:",
    ...rows,
  ].join("\n");
}
