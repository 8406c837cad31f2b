// A slash command as every front-end knows it: built-ins, skills, custom commands and MCP prompts in
// one shape, with outcomes that say what happened, not how a screen shows it. The REPL, `-p` and
// stream-json all resolve a typed `/name args` through the same registry (command-registry.ts).
import type { PromptExpansion } from "../hooks/index.js";
import type { ImageBlock } from "../model/index.js";
import type { TurnResult } from "../session/index.js";

export type CommandOutcome =
  | { kind: "output"; text: string }
  | { kind: "error"; text: string }
  /** Send this prompt to the model; `expansion` is the command as UserPromptExpansion hooks see it. */
  | { kind: "prompt"; prompt: string; expansion: PromptExpansion }
  /** The command runs the model turn itself (a custom command: hooks see the typed line first). */
  | { kind: "turn"; run: (attachments: Array<string | ImageBlock>) => Promise<TurnResult> }
  /** The conversation was replaced by a fresh one. */
  | { kind: "cleared"; text: string }
  /** A person chooses from a list in place of the prompt (interactive only). */
  | { kind: "pick"; picker: "model" | "resume" | "output-style" | "rewind" }
  | { kind: "resume"; id: string }
  | { kind: "exit" };

export type CommandKind = "builtin" | "skill" | "custom" | "mcp-prompt";

export type Command = {
  name: string;
  description: string;
  /** e.g. `[instructions]`, `<path>`. */
  argumentHint?: string;
  /** Other names it answers to (a namespaced custom command's last part, when unique). */
  aliases?: string[];
  kind: CommandKind;
  /** Where a custom command's file is (`project` or `user`), shown beside it in the REPL's menu. */
  source?: string;
  run(args: string, signal: AbortSignal): Promise<CommandOutcome>;
};

/** The front-end a command list is built for: pickers, /resume and /exit exist where a person types. */
export type CommandMode = "interactive" | "headless";
