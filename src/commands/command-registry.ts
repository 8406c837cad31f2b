// The one list of slash commands a run offers, for every front-end: lookup by name or alias, the
// resolution of a typed line (`/name args`; a line that only looks like a path is not a command), and
// the nearest names for one that does not exist. Built-ins win over skills, skills over custom
// commands; MCP prompts are `/server:prompt`.
import { editDistance, errorMessage } from "../util/index.js";
import type { Command, CommandOutcome } from "./command.js";

type ParsedSlash = { name: string; args: string };

/** `/name rest` → name and arguments; undefined when the text is not a command line. */
export function parseSlash(line: string): ParsedSlash | undefined {
  const match = /^\/([A-Za-z0-9][\w:.-]*)(?:\s+([\s\S]*))?$/.exec(line.trim());
  const name = match?.[1];
  if (name === undefined) return undefined;
  return { name, args: (match?.[2] ?? "").trim() };
}

/** A message whose last text block is a command line after other text (the GitHub Action sends its
 *  instructions first and the user's request last, so that a request like "/review" runs as a
 *  command): the line to run and the text before it, which leads the command's prompt. */
export function splitCommandMessage(
  texts: readonly string[],
): { line: string; context: string[] } | undefined {
  const line = texts.at(-1);
  if (texts.length < 2 || line === undefined || !parseSlash(line)) return undefined;
  return { line, context: texts.slice(0, -1) };
}

/** The closest command names to an unknown one (at most `limit`, within a sensible distance). */
export function nearestNames(name: string, names: readonly string[], limit = 3): string[] {
  const lower = name.toLowerCase();
  const maxDistance = Math.max(2, Math.floor(lower.length / 2));
  return names
    .map((candidate) => ({
      name: candidate,
      distance: candidate.toLowerCase().startsWith(lower) ? 0 : editDistance(lower, candidate.toLowerCase()),
    }))
    .filter((entry) => entry.distance <= maxDistance)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.name);
}

export type Resolution =
  /** Not a command: send the text as written. */
  { kind: "plain" } | { kind: "command"; name: string; outcome: CommandOutcome };

export type CommandRegistry = {
  list(): readonly Command[];
  find(name: string): Command | undefined;
  /** Runs the command a typed line names; failures are error outcomes, never throws. */
  resolve(line: string, signal: AbortSignal): Promise<Resolution>;
};

/** Keeps the first command of each name (built-ins first, then skills, custom commands, MCP prompts). */
export function createCommandRegistry(
  commands: readonly Command[],
  /** What an unknown command's error adds after the suggestion (where to find the list). */
  unknownHint: (names: readonly string[]) => string,
): CommandRegistry {
  const seen = new Set<string>();
  const list = commands.filter((command) => {
    if (seen.has(command.name)) return false;
    seen.add(command.name);
    return true;
  });
  const find = (name: string) =>
    list.find((command) => command.name === name) ?? list.find((command) => command.aliases?.includes(name));
  return {
    list: () => list,
    find,
    async resolve(line, signal) {
      const parsed = parseSlash(line);
      if (!parsed) return { kind: "plain" };
      const command = find(parsed.name);
      if (!command) {
        const names = list.map((entry) => entry.name);
        const near = nearestNames(parsed.name, names);
        const hint = near.length > 0 ? ` Did you mean ${near.map((name) => `/${name}`).join(", ")}?` : "";
        return {
          kind: "command",
          name: parsed.name,
          outcome: { kind: "error", text: `Unknown command /${parsed.name}.${hint} ${unknownHint(names)}` },
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
    },
  };
}
