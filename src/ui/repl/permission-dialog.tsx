// The permission dialog: what the tool will do, then yes / yes and don't ask again for the
// suggested rule / no and tell the agent what to do instead (free text). Arrows + Enter, or the
// single keys y, a, n (and 1-3). Esc answers no; Ctrl+C answers no and interrupts the turn.
import { Box, Text, useInput } from "ink";
import { useRef, useState } from "react";
import type { PermissionAnswer, PermissionQuestion } from "./host.js";
import { describeRequest } from "./permission-view.js";
import type { Style } from "./style.js";

type Props = {
  question: PermissionQuestion;
  style: Style;
  width: number;
  onAnswer: (answer: PermissionAnswer) => void;
  onInterrupt: () => void;
};

export function dialogOptions(question: PermissionQuestion): string[] {
  return [
    "Yes",
    `Yes, and don't ask again for ${question.suggestedRule}`,
    "No, and tell the agent what to do instead",
  ];
}

/** A marker and text whose wrapped lines hang under the text, not under the marker. */
function HangingLine(props: { marker: string; text: string; paint?: (text: string) => string }) {
  const paint = props.paint ?? ((text: string) => text);
  return (
    <Box flexDirection="row">
      <Box flexShrink={0}>
        <Text>{paint(props.marker)}</Text>
      </Box>
      <Box flexShrink={1}>
        <Text wrap="wrap">{paint(props.text)}</Text>
      </Box>
    </Box>
  );
}

export function PermissionDialog({ question, style, width, onAnswer, onInterrupt }: Props) {
  const [selected, setSelectedState] = useState(0);
  const setSelected = (value: number) => {
    selectedRef.current = value;
    setSelectedState(value);
  };
  // Keys can arrive faster than re-renders: the typed message lives in a ref, state mirrors it.
  const messageRef = useRef<string | undefined>(undefined);
  const [message, setMessageState] = useState<string | undefined>(undefined);
  const setMessage = (value: string) => {
    messageRef.current = value;
    setMessageState(value);
  };
  const selectedRef = useRef(0);
  const options = dialogOptions(question);

  const choose = (index: number) => {
    setSelected(index);
    if (index === 0) onAnswer({ kind: "yes" });
    else if (index === 1) onAnswer({ kind: "always", rule: question.suggestedRule });
    else setMessage("");
  };

  useInput((input, key) => {
    const message = messageRef.current;
    const selected = selectedRef.current;
    if (key.ctrl && input === "c") {
      onAnswer({ kind: "no" });
      onInterrupt();
      return;
    }
    if (message !== undefined) {
      if (key.escape) onAnswer({ kind: "no" });
      else if (key.return)
        onAnswer(message.trim() ? { kind: "no", message: message.trim() } : { kind: "no" });
      else if (key.backspace || key.delete) setMessage(message.slice(0, -1));
      else if (!key.ctrl && !key.meta && input) setMessage(message + input.replace(/[\r\n]+/g, " "));
      return;
    }
    if (key.escape) return onAnswer({ kind: "no" });
    if (key.upArrow) return setSelected((selected + options.length - 1) % options.length);
    if (key.downArrow || key.tab) return setSelected((selected + 1) % options.length);
    if (key.return) return choose(selected);
    const shortcut = { y: 0, "1": 0, a: 1, "2": 1, n: 2, "3": 2 }[input.toLowerCase()];
    if (shortcut !== undefined) choose(shortcut);
  });

  const lines = describeRequest(question, style, width);
  return (
    <Box flexDirection="column" borderStyle="round" borderDimColor paddingX={1} width={Math.max(20, width)}>
      <Text>{style.bold(style.yellow(`${question.toolName} wants to run`))}</Text>
      <Text>{lines.join("\n")}</Text>
      {question.reason ? <Text>{style.dim(question.reason)}</Text> : null}
      <Box marginTop={1} flexDirection="column">
        <Text>Do you want to proceed?</Text>
        {options.map((option, index) => (
          <HangingLine
            key={option}
            marker={`${index === selected ? "❯" : " "} ${index + 1}. `}
            text={option}
            paint={index === selected ? style.cyan : undefined}
          />
        ))}
      </Box>
      {message !== undefined ? (
        <Box marginTop={1} flexDirection="column">
          <Text>{style.bold("Tell the agent what to do instead (Enter to send, Esc to skip):")}</Text>
          <HangingLine marker="> " text={`${message}\u2588`} />
        </Box>
      ) : (
        <Text>{style.dim("y yes · a always · n no · ↑↓ Enter · Esc no")}</Text>
      )}
    </Box>
  );
}
