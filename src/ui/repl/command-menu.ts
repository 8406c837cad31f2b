// The slash-command menu under the prompt: a window of at most `rows` commands that scrolls with the
// selection, names and arguments in one column and descriptions aligned in the next, and a dim
// "↑ N more" / "↓ N more" line for what is outside the window. Pure.
import type { SlashCommand } from "./slash-commands.js";
import type { Style } from "./style.js";
import { padEnd, truncateLine, visibleWidth } from "./text-width.js";

export const MENU_ROWS = 8;
const NAME_COLUMN_MAX = 32;

export function menuLines(
  commands: readonly SlashCommand[],
  selected: number,
  options: { style: Style; width: number; rows?: number },
): string[] {
  if (commands.length === 0) return [];
  const { style, width } = options;
  const rows = Math.max(1, options.rows ?? MENU_ROWS);
  const usage = (command: SlashCommand) => `/${command.name}${command.args ? ` ${command.args}` : ""}`;
  const column = Math.min(
    NAME_COLUMN_MAX,
    Math.max(...commands.map((command) => visibleWidth(usage(command)))),
  );
  const first = Math.max(0, Math.min(selected - Math.floor(rows / 2), commands.length - rows));
  const shown = commands.slice(first, first + rows);
  const out: string[] = [];
  if (first > 0) out.push(style.dim(`  ↑ ${first} more`));
  shown.forEach((command, offset) => {
    const chosen = first + offset === selected;
    const name = `/${command.name}`;
    const args = command.args ? ` ${command.args}` : "";
    const cell = padEnd(truncateLine(`${name}${args}`, column), column);
    const styledCell = chosen ? style.cyan(cell) : cell.replace(args, style.dim(args));
    const line = `${chosen ? style.cyan("❯") : " "} ${styledCell}  ${style.dim(command.description)}`;
    out.push(truncateLine(line, width));
  });
  const below = commands.length - first - shown.length;
  if (below > 0) out.push(style.dim(`  ↓ ${below} more`));
  return out;
}
