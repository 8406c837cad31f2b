// The hooks a prompt passes before it becomes a user message: UserPromptSubmit sees the line as the
// user typed it; then a slash command expands (a custom command's shell lines run only now, once
// allowed) and UserPromptExpansion sees the expansion with the command's name, arguments and
// source. Either can block the prompt or add context; `continue: false` stops the turn.
import type { PromptExpansion, SessionHooks } from "../hooks/index.js";
import type { Terminal } from "../loop/index.js";
import { systemNote } from "../util/index.js";

/** What builds a prompt after UserPromptSubmit allowed it (a custom command's expansion): the prompt,
 *  or why it cannot be sent (then nothing is). */
export type PreparedPrompt = { kind: "prompt"; text: string } | { kind: "failed"; message: string };

export type PromptGate =
  | { kind: "stop"; reason: string }
  | { kind: "failed"; message: string }
  | { kind: "blocked"; reason: string; hook: "UserPromptSubmit" | "UserPromptExpansion" }
  /** `context`: the hooks' additional context, as marked system notes for the user message. */
  | { kind: "go"; prompt: string; context: string[] };

export async function passPromptHooks(
  hooks: SessionHooks | undefined,
  prompt: string,
  input: {
    /** What the user typed, when `prompt` is not it (a slash command's expansion). */
    typed?: string;
    expansion?: PromptExpansion;
    /** Builds the prompt once UserPromptSubmit allowed it (a custom command's expansion). */
    prepare?: (signal: AbortSignal) => Promise<PreparedPrompt>;
    /** News for the model, not the user's prompt: no prompt hooks. */
    news?: boolean;
  },
  signal: AbortSignal,
): Promise<PromptGate> {
  const submitted = input.news ? undefined : await hooks?.userPromptSubmit(input.typed ?? prompt, signal);
  if (submitted?.stop) return { kind: "stop", reason: submitted.stop.reason };
  if (submitted?.blocked)
    return { kind: "blocked", reason: submitted.blocked.reason, hook: "UserPromptSubmit" };
  const prepared: PreparedPrompt = input.prepare
    ? await input.prepare(signal)
    : { kind: "prompt", text: prompt };
  if (prepared.kind === "failed") return prepared;
  const built = prepared.text;
  const context = (submitted?.additionalContext ?? []).map((text) => systemNote("UserPromptSubmit", text));
  if (!input.expansion || input.news || !hooks?.has("UserPromptExpansion") || signal.aborted)
    return { kind: "go", prompt: built, context };
  const expanded = await hooks.userPromptExpansion({ ...input.expansion, prompt: built }, signal);
  if (expanded.stop) return { kind: "stop", reason: expanded.stop.reason };
  if (expanded.blocked)
    return { kind: "blocked", reason: expanded.blocked.reason, hook: "UserPromptExpansion" };
  for (const text of expanded.additionalContext) context.push(systemNote("UserPromptExpansion", text));
  return { kind: "go", prompt: built, context };
}

/** How a turn ends that a prompt hook stopped, or whose prompt could not be built. */
export function gateTerminal(gate: Exclude<PromptGate, { kind: "go" }>): Terminal {
  if (gate.kind === "failed") return { reason: "command_failed", message: gate.message, text: "" };
  return { reason: "stopped_by_hook", message: gate.reason, text: "" };
}

/** A typed slash command as UserPromptExpansion sees it (an MCP prompt: `mcp_prompt`, source `mcp`). */
export function slashExpansion(
  name: string,
  args: string,
  source: PromptExpansion["commandSource"],
): PromptExpansion {
  const expansionType = source === "mcp" ? "mcp_prompt" : "slash_command";
  return { expansionType, commandName: name, commandArgs: args, commandSource: source };
}
