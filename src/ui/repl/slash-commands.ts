// Slash command catalogue and parsing: the built-in commands, skills (`/<skill> args`), custom
// commands (`.claude/commands`, `.agents/commands`) and MCP prompts (`/server:prompt args`) as one list; suggestions while typing and nearest matches for
// an unknown name (edit distance). Pure; executing a command is slash-dispatch.ts's job.
import { editDistance } from "../../util/edit-distance.js";

export type SlashCommand = {
  name: string;
  args?: string;
  description: string;
  kind: "builtin" | "skill" | "mcp-prompt" | "custom";
};

export const BUILTIN_COMMANDS: SlashCommand[] = [
  { name: "help", description: "Show keys and commands", kind: "builtin" },
  { name: "clear", description: "Start a fresh conversation", kind: "builtin" },
  { name: "status", description: "Model, provider, cwd, context use, hooks, MCP servers", kind: "builtin" },
  { name: "hooks", description: "Effective hooks and the last hook runs", kind: "builtin" },
  {
    name: "permissions",
    args: "[add|remove allow|deny|ask RULE]",
    description: "Show or change permission rules",
    kind: "builtin",
  },
  { name: "memory", description: "Instruction and memory files in use", kind: "builtin" },
  {
    name: "add-dir",
    args: "<path>",
    description: "Let the tools use another folder this session",
    kind: "builtin",
  },
  { name: "skills", description: "List available skills", kind: "builtin" },
  { name: "mcp", description: "MCP servers, tools and prompts", kind: "builtin" },
  { name: "agents", description: "Subagent types and background agents", kind: "builtin" },
  { name: "init", args: "[focus]", description: "Write an AGENTS.md for this project", kind: "builtin" },
  {
    name: "model",
    args: "[name]",
    description: "Switch the model (a picker without a name)",
    kind: "builtin",
  },
  {
    name: "resume",
    args: "[id]",
    description: "Resume a saved session (a picker without an id)",
    kind: "builtin",
  },
  {
    name: "compact",
    args: "[instructions]",
    description: "Summarize the conversation to free context",
    kind: "builtin",
  },
  { name: "context", description: "Context window use", kind: "builtin" },
  { name: "cost", description: "Tokens and cost of this session per model", kind: "builtin" },
  { name: "thinking", description: "Show the model's last thinking in full", kind: "builtin" },
  { name: "exit", description: "Leave reagent", kind: "builtin" },
];

/** A custom command as the REPL lists it (from `.claude/commands` / `.agents/commands`). */
export type CustomCommandInfo = {
  name: string;
  description: string;
  argumentHint?: string;
  source: "project" | "user";
};

export type ParsedSlash = { name: string; args: string };

/** `/name rest of line` → name and argument text; undefined when the line is not a command. */
export function parseSlash(line: string): ParsedSlash | undefined {
  const trimmed = line.trim();
  const match = /^\/([^\s/]+)(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (!match) return undefined;
  return { name: match[1], args: (match[2] ?? "").trim() };
}

export function allCommands(
  skills: Array<{ name: string; description: string }>,
  prompts: Array<{ server: string; name: string; description?: string }>,
  custom: CustomCommandInfo[] = [],
): SlashCommand[] {
  const builtinNames = new Set(BUILTIN_COMMANDS.map((command) => command.name));
  const skillNames = new Set(skills.map((skill) => skill.name));
  return [
    ...BUILTIN_COMMANDS,
    ...skills
      .filter((skill) => !builtinNames.has(skill.name))
      .map(
        (skill): SlashCommand => ({
          name: skill.name,
          args: "[args]",
          description: skill.description,
          kind: "skill",
        }),
      ),
    // A built-in or a skill of the same name wins over a custom command.
    ...custom
      .filter((command) => !builtinNames.has(command.name) && !skillNames.has(command.name))
      .map(
        (command): SlashCommand => ({
          name: command.name,
          args: command.argumentHint ?? "[args]",
          description: `${command.description} (${command.source})`,
          kind: "custom",
        }),
      ),
    ...prompts.map(
      (prompt): SlashCommand => ({
        name: `${prompt.server}:${prompt.name}`,
        args: "[args]",
        description: prompt.description ?? `MCP prompt from ${prompt.server}`,
        kind: "mcp-prompt",
      }),
    ),
  ];
}

/** Commands to suggest for the text typed so far (only while the name is being typed). */
export function suggestCommands(
  input: string,
  commands: SlashCommand[],
  limit = Number.POSITIVE_INFINITY,
): SlashCommand[] {
  if (!input.startsWith("/") || /\s/.test(input)) return [];
  const typed = input.slice(1).toLowerCase();
  const prefix = commands.filter((command) => command.name.toLowerCase().startsWith(typed));
  const inside = commands.filter(
    (command) => !command.name.toLowerCase().startsWith(typed) && command.name.toLowerCase().includes(typed),
  );
  return [...prefix, ...inside].slice(0, limit);
}

/** The closest command names to an unknown one (at most `limit`, within a sensible distance). */
export function nearestCommands(name: string, commands: SlashCommand[], limit = 3): string[] {
  const lower = name.toLowerCase();
  const maxDistance = Math.max(2, Math.floor(lower.length / 2));
  return commands
    .map((command) => ({
      name: command.name,
      distance: command.name.toLowerCase().startsWith(lower)
        ? 0
        : editDistance(lower, command.name.toLowerCase()),
    }))
    .filter((entry) => entry.distance <= maxDistance)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.name);
}
