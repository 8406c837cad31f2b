// The prompt box: the editor's text with a visible cursor, queued prompts, and slash command
// suggestions below it. Display only; keys are handled by the app.
import { Box, Text } from "ink";
import type { EditorState } from "./input-editor.js";
import type { SlashCommand } from "./slash-commands.js";
import type { Style } from "./style.js";

type Props = {
  editor: EditorState;
  style: Style;
  width: number;
  placeholder: string;
  suggestions: SlashCommand[];
  selected: number;
  queued: string[];
};

function withCursor(text: string, cursor: number): string {
  const char = text[cursor];
  const shown = char === undefined || char === "\n" ? " " : char;
  const inverse = `\u001b[7m${shown}\u001b[27m`;
  return text.slice(0, cursor) + inverse + (char === "\n" ? "\n" : "") + text.slice(cursor + 1);
}

export function PromptView({ editor, style, width, placeholder, suggestions, selected, queued }: Props) {
  const body =
    editor.text === ""
      ? `\u001b[7m \u001b[27m${style.dim(placeholder)}`
      : withCursor(editor.text, editor.cursor);
  const lines = body.split("\n");
  return (
    <Box flexDirection="column">
      {queued.map((prompt, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: queued prompts may repeat
        <Text key={index}>{style.dim(`queued: ${prompt.split("\n")[0]}`)}</Text>
      ))}
      <Box borderStyle="round" borderDimColor paddingX={1} width={Math.max(10, width)} flexDirection="column">
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
          <Text key={index}>
            {index === 0 ? style.bold("> ") : "  "}
            {line}
          </Text>
        ))}
      </Box>
      {suggestions.map((command, index) => (
        <Text key={command.name} wrap="truncate-end">
          {index === selected ? style.cyan(`❯ /${command.name}`) : `  /${command.name}`}
          {command.args ? style.dim(` ${command.args}`) : ""}
          {style.dim(`  ${command.description}`)}
        </Text>
      ))}
    </Box>
  );
}
