// The spinner line while the agent works (elapsed seconds, tokens so far, how to interrupt) and the
// status line (a hint, the model, context use, the permission mode in its colour). Pure.
import type { Style } from "./style.js";
import { truncateLine } from "./text-width.js";

export function workingLine(
  style: Style,
  props: { frame: string; seconds: number; tokens: number; retry?: string; waiting?: boolean },
): string {
  const detail = props.waiting
    ? `${props.seconds}s · waiting for your answer`
    : (props.retry ?? `${props.seconds}s · ↓ ${props.tokens} tokens · esc to interrupt`);
  return `${style.cyan(props.frame)} ${style.bold("Working…")} ${style.dim(`(${detail})`)}`;
}

/** The permission mode as the status line shows it: the riskier, the louder. */
export function modeLabel(mode: string, style: Style): string {
  switch (mode) {
    case "default":
      return style.dim("default mode");
    case "acceptEdits":
      return style.magenta("⏵⏵ accept edits");
    case "plan":
      return style.cyan("⏸ plan mode");
    case "bypassPermissions":
      return style.bold(style.red("⚠ bypass permissions"));
    case "dontAsk":
      return style.yellow("don't ask mode");
    default:
      return style.yellow(`${mode} mode`);
  }
}

export function statusLine(
  style: Style,
  props: { model: string; contextPercent: number; mode: string; cost?: string; hint?: string; width: number },
): string {
  const percent = Math.round(props.contextPercent);
  const context = percent >= 80 ? style.yellow(`${percent}% context`) : `${percent}% context`;
  const left = props.hint ? style.yellow(props.hint) : style.dim("/help for commands");
  const separator = style.dim(" · ");
  return truncateLine(
    [left, props.model, context, ...(props.cost ? [props.cost] : []), modeLabel(props.mode, style)].join(
      separator,
    ),
    props.width,
  );
}
