// The completion menu under the prompt (slash commands, `@` files): a window of at most `rows` items
// that scrolls with the selection, labels and arguments in one column and descriptions aligned in the
// next, and a dim "↑ N more" / "↓ N more" line for what is outside the window. Pure.
import type { SlashCommand } from "./slash-commands.js";
import type { Style } from "./style.js";
import { padEnd, truncateLine, visibleWidth } from "./text-width.js";

const MENU_ROWS = 8;
const NAME_COLUMN_MAX = 32;

export type MenuItem = { label: string; args?: string; description?: string };

export function commandItems(commands: readonly SlashCommand[]): MenuItem[] {
  return commands.map((command) => ({
    label: `/${command.name}`,
    args: command.args,
    description: command.description,
  }));
}

export function menuLines(
  items: readonly MenuItem[],
  selected: number,
  options: { style: Style; width: number; rows?: number },
): string[] {
  if (items.length === 0) return [];
  const { style, width } = options;
  const rows = Math.max(1, options.rows ?? MENU_ROWS);
  const usage = (item: MenuItem) => `${item.label}${item.args ? ` ${item.args}` : ""}`;
  const described = items.some((item) => item.description);
  const column = described
    ? Math.min(NAME_COLUMN_MAX, Math.max(...items.map((item) => visibleWidth(usage(item)))))
    : Math.max(1, width - 2);
  const first = Math.max(0, Math.min(selected - Math.floor(rows / 2), items.length - rows));
  const shown = items.slice(first, first + rows);
  const out: string[] = [];
  if (first > 0) out.push(style.dim(`  ↑ ${first} more`));
  shown.forEach((item, offset) => {
    const chosen = first + offset === selected;
    const args = item.args ? ` ${item.args}` : "";
    const cell = padEnd(truncateLine(`${item.label}${args}`, column), column);
    const styledCell = chosen ? style.cyan(cell) : args ? cell.replace(args, style.dim(args)) : cell;
    const description = item.description ? `  ${style.dim(item.description)}` : "";
    const line = `${chosen ? style.cyan("❯") : " "} ${styledCell}${description}`;
    out.push(truncateLine(line, width));
  });
  const below = items.length - first - shown.length;
  if (below > 0) out.push(style.dim(`  ↓ ${below} more`));
  return out;
}
