// The prompt as lines: queued prompts, then the editor's text in a rounded box with an inverse-video
// cursor (long lines wrap inside the box), or the placeholder when empty; in bash mode a `!` marker
// and a magenta border. Pure.
import { boxLines } from "./box-lines.js";
import type { EditorState } from "./input-editor.js";
import { shellView } from "./shell-mode.js";
import type { Style } from "./style.js";
import { truncateLine, wrapWithPrefix } from "./text-width.js";

const PROMPT_MAX_ROWS = 8;

function withCursor(text: string, cursor: number): string {
  const char = text[cursor];
  const shown = char === undefined || char === "\n" ? " " : char;
  const inverse = `\u001b[7m${shown}\u001b[27m`;
  return text.slice(0, cursor) + inverse + (char === "\n" ? "\n" : "") + text.slice(cursor + 1);
}

type PromptLinesOptions = {
  style: Style;
  width: number;
  placeholder: string;
  queued: readonly string[];
  /** Bash mode (the input starts with `!`): a `!` marker and a magenta border. */
  shell?: boolean;
};

export function promptLines(input: EditorState, options: PromptLinesOptions): string[] {
  const { style, width } = options;
  const marker = options.shell ? style.magenta("! ") : "> ";
  const inner = Math.max(8, width - 4);
  const editor = options.shell ? shellView(input) : input;
  const body =
    editor.text === ""
      ? `\u001b[7m \u001b[27m${style.dim(options.placeholder)}`
      : withCursor(editor.text, editor.cursor);
  let rows = body
    .split("\n")
    .flatMap((line, index) => wrapWithPrefix(line, inner, index === 0 ? style.bold(marker) : "  ", "  "));
  if (rows.length > PROMPT_MAX_ROWS) {
    // Keep the cursor's row in view.
    const at = Math.max(
      0,
      rows.findIndex((row) => row.includes("\u001b[7m")),
    );
    const start = Math.max(0, Math.min(at - Math.floor(PROMPT_MAX_ROWS / 2), rows.length - PROMPT_MAX_ROWS));
    rows = rows.slice(start, start + PROMPT_MAX_ROWS);
  }
  const queued = options.queued.map((prompt) =>
    style.dim(truncateLine(`queued: ${prompt.split("\n")[0]}`, width)),
  );
  return [...queued, ...boxLines(rows, width, style, options.shell ? style.magenta : style.dim)];
}
