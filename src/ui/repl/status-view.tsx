// The spinner line while the agent works (elapsed seconds, tokens so far, how to interrupt) and
// the status line (model, context use, permission mode). Display only.
import { Text } from "ink";
import type { Style } from "./style.js";

export function WorkingLine(props: {
  style: Style;
  frame: string;
  seconds: number;
  tokens: number;
  retry?: string;
}) {
  const { style } = props;
  const detail = props.retry ?? `${props.seconds}s · ↓ ${props.tokens} tokens · esc to interrupt`;
  return (
    <Text>
      {style.cyan(props.frame)} {style.bold("Working…")} {style.dim(`(${detail})`)}
    </Text>
  );
}

export function StatusLine(props: {
  style: Style;
  model: string;
  contextPercent: number;
  mode: string;
  hint?: string;
}) {
  const { style } = props;
  const percent = Math.round(props.contextPercent);
  const context = percent >= 80 ? style.yellow(`${percent}% context`) : `${percent}% context`;
  const mode = props.mode === "default" ? "default mode" : style.magenta(`${props.mode} mode`);
  const left = props.hint ? style.yellow(props.hint) : style.dim("/help for commands");
  return (
    <Text wrap="wrap">
      {left}
      {style.dim(" · ")}
      {props.model}
      {style.dim(" · ")}
      {context}
      {style.dim(" · ")}
      {mode}
    </Text>
  );
}
