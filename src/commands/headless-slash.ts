// Slash commands in headless runs (`-p "/compact"`, a stream-json user message "/my-skill args"):
// the one list of commands a non-interactive run knows, and the dispatch of a prompt that names one.
// Local commands run without a model turn (/compact fires PreCompact as interactively); prompt
// commands (skills, MCP prompts, /init, and the custom commands other features add through
// `extra`) expand into the prompt the model receives. A prompt that only looks like a path
// ("/usr/lib is full") is not a command. The same list feeds system/init and the SDK's
// supportedCommands().
import type { PromptExpansion } from "../hooks/types.js";
import type { ImageBlock } from "../model/types.js";
import type { TurnResult } from "../session/events.js";
import { nearest } from "../util/edit-distance.js";
import { errorMessage } from "../util/errors.js";

export type HeadlessCommandOutcome =
  /** `expansion`: the command as UserPromptExpansion hooks see it (the typed line is what
   *  UserPromptSubmit hooks see). */
  | { kind: "prompt"; prompt: string; expansion: PromptExpansion }
  | { kind: "output"; text: string }
  | { kind: "error"; text: string }
  /** The command runs the model turn itself (a custom command: hooks see the typed line first). */
  | { kind: "turn"; run: (attachments: Array<string | ImageBlock>) => Promise<TurnResult> };

export type HeadlessCommand = {
  name: string;
  description: string;
  argumentHint?: string;
  /** Other names it answers to (a namespaced custom command's last part, when unique). */
  aliases?: string[];
  run(args: string, signal: AbortSignal): Promise<HeadlessCommandOutcome>;
};

export type SlashResolution =
  /** Not a command: send the prompt as written. */
  { kind: "plain" } | { kind: "command"; name: string; outcome: HeadlessCommandOutcome };

/** `/name rest` → name and arguments; undefined when the text is not a command line. */
export function parseHeadlessSlash(prompt: string): { name: string; args: string } | undefined {
  const match = /^\/([A-Za-z0-9][\w:.-]*)(?:\s+([\s\S]*))?$/.exec(prompt.trim());
  if (!match) return undefined;
  return { name: match[1]!, args: (match[2] ?? "").trim() };
}

/** A message whose last text block is a command line after other text (the GitHub Action sends its
 *  instructions first and the user's request last, so that a request like "/review" runs as a
 *  command): the line to run and the text before it, which leads the command's prompt. */
export function splitCommandMessage(
  texts: readonly string[],
): { line: string; context: string[] } | undefined {
  const line = texts.at(-1);
  if (texts.length < 2 || line === undefined || !parseHeadlessSlash(line)) return undefined;
  return { line, context: texts.slice(0, -1) };
}

export async function resolveHeadlessSlash(
  prompt: string,
  commands: readonly HeadlessCommand[],
  signal: AbortSignal,
): Promise<SlashResolution> {
  const parsed = parseHeadlessSlash(prompt);
  if (!parsed) return { kind: "plain" };
  const command =
    commands.find((candidate) => candidate.name === parsed.name) ??
    commands.find((candidate) => candidate.aliases?.includes(parsed.name));
  if (!command) {
    const names = commands.map((candidate) => candidate.name);
    const near = nearest(parsed.name, names, Math.max(2, Math.floor(parsed.name.length / 2)));
    const hint = near ? ` Did you mean /${near}?` : "";
    const available = commands.map((candidate) => `/${candidate.name}`).join(", ");
    return {
      kind: "command",
      name: parsed.name,
      outcome: {
        kind: "error",
        text: `Unknown command /${parsed.name}.${hint} Commands available in headless runs: ${available}.`,
      },
    };
  }
  try {
    return { kind: "command", name: command.name, outcome: await command.run(parsed.args, signal) };
  } catch (error) {
    return {
      kind: "command",
      name: command.name,
      outcome: { kind: "error", text: `/${command.name} failed: ${errorMessage(error)}` },
    };
  }
}
