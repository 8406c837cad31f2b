// Executes one slash command line against the host. Returns what the REPL should do next: show
// output, submit a prompt (skills, MCP prompts, /init), run a custom command's turn, clear, or exit. Errors thrown by the host
// become error output, never crashes.

import { RULE_BEHAVIORS } from "../../contracts/index.js";
import type { SubmitOptions } from "../../session/session.js";
import { errorMessage } from "../../util/errors.js";
import { isOneOf } from "../../util/one-of.js";
import type { ReplHost } from "./host.js";
import { allCommands, nearestCommands, type ParsedSlash } from "./slash-commands.js";

export type SlashOutcome =
  | { kind: "output"; text: string }
  | { kind: "error"; text: string }
  /** `expansion`: the command as UserPromptExpansion hooks see it (`display` is the typed line). */
  | { kind: "submit"; prompt: string; display: string; expansion?: Expansion }
  /** A turn the host runs itself (a custom command: expanded after UserPromptSubmit allowed it). */
  | { kind: "turn"; display: string; run: () => Promise<unknown> }
  | { kind: "cleared"; text: string }
  /** Open a picker in place of the prompt (`/model`, `/resume` without arguments). */
  | { kind: "pick"; picker: "model" | "resume" }
  | { kind: "resume"; id: string }
  | { kind: "exit" };

export type SlashContext = {
  host: ReplHost;
  /** Recent hook runs seen by the REPL, one line each (for /hooks). */
  hookRuns: string[];
  helpText: string;
};

type Expansion = NonNullable<SubmitOptions["expansion"]>;

function expansion(name: string, args: string, source: Expansion["commandSource"]): Expansion {
  const expansionType = source === "mcp" ? "mcp_prompt" : "slash_command";
  return { expansionType, commandName: name, commandArgs: args, commandSource: source };
}

function formatRecord(record: Record<string, string>): string {
  const width = Math.max(0, ...Object.keys(record).map((key) => key.length));
  return Object.entries(record)
    .map(([key, value]) => `${`${key}:`.padEnd(width + 1)} ${value}`)
    .join("\n");
}

function contextText(host: ReplHost): string {
  const usage = host.contextUsage();
  const { breakdown } = usage;
  const row = (label: string, tokens: number) =>
    `  ${label.padEnd(14)} ${String(tokens).padStart(8)} tokens  ${((tokens / Math.max(1, usage.window)) * 100).toFixed(1)}%`;
  return [
    `Context: ${usage.usedTokens} of ${usage.window} tokens (${Math.round(usage.percent)}%)`,
    row("system prompt", breakdown.systemPrompt),
    row("tool schemas", breakdown.toolSchemas),
    row("messages", breakdown.messages),
    row("free", breakdown.free),
  ].join("\n");
}

async function permissions(host: ReplHost, args: string): Promise<SlashOutcome> {
  if (args === "") return { kind: "output", text: host.permissionsReport() };
  const match = /^(add|remove)\s+(\S+)\s+([\s\S]+)$/.exec(args);
  const kind = match?.[2];
  if (!match || kind === undefined || !isOneOf(RULE_BEHAVIORS, kind))
    return {
      kind: "error",
      text: `usage: /permissions add|remove allow|deny|ask RULE (e.g. /permissions add allow Bash(npm test))`,
    };
  const rule = (match[3] ?? "").trim();
  const text = match[1] === "add" ? await host.addRule(kind, rule) : await host.removeRule(kind, rule);
  return { kind: "output", text };
}

async function builtin(parsed: ParsedSlash, context: SlashContext): Promise<SlashOutcome | undefined> {
  const { host } = context;
  const { args } = parsed;
  switch (parsed.name) {
    case "help":
      return { kind: "output", text: context.helpText };
    case "exit":
    case "quit":
      return { kind: "exit" };
    case "clear":
      await host.clear();
      return { kind: "cleared", text: "Started a fresh conversation." };
    case "status":
      return { kind: "output", text: formatRecord(host.status()) };
    case "hooks": {
      const runs = context.hookRuns.length > 0 ? context.hookRuns.join("\n") : "(no hook has run yet)";
      return { kind: "output", text: `${host.hooksReport()}\n\nLast hook runs:\n${runs}` };
    }
    case "permissions":
      return permissions(host, args);
    case "memory":
      return { kind: "output", text: host.memoryReport() };
    case "add-dir":
      return { kind: "output", text: await host.addDirectory(args) };
    case "skills": {
      const skills = host.skills();
      if (skills.length === 0)
        return { kind: "output", text: "No skills found (.agents/skills, .claude/skills)." };
      return {
        kind: "output",
        text: skills.map((skill) => `/${skill.name}  ${skill.description}`).join("\n"),
      };
    }
    case "mcp":
      return { kind: "output", text: host.mcpReport() };
    case "agents":
      return { kind: "output", text: host.agentsReport() };
    case "init": {
      const prompt = await host.initPrompt(args);
      const display = `/init${args ? ` ${args}` : ""}`;
      return { kind: "submit", prompt, display, expansion: expansion("init", args, "builtin") };
    }
    case "model":
      if (args === "") return { kind: "pick", picker: "model" };
      return { kind: "output", text: await host.setModel(args) };
    case "resume":
      return args === "" ? { kind: "pick", picker: "resume" } : { kind: "resume", id: args };
    case "compact": {
      const result = await host.compact(args || undefined);
      return { kind: result.ok ? "output" : "error", text: result.message };
    }
    case "context":
      return { kind: "output", text: contextText(host) };
    case "cost":
      return { kind: "output", text: host.costReport() };
    case "thinking":
      return {
        kind: "output",
        text: host.lastThinking() ?? "No thinking in this conversation yet (see --effort).",
      };
    default:
      return undefined;
  }
}

export async function dispatchSlash(parsed: ParsedSlash, context: SlashContext): Promise<SlashOutcome> {
  const { host } = context;
  const display = `/${parsed.name}${parsed.args ? ` ${parsed.args}` : ""}`;
  try {
    const result = await builtin(parsed, context);
    if (result) return result;
    const colon = parsed.name.indexOf(":");
    if (colon > 0) {
      const server = parsed.name.slice(0, colon);
      const name = parsed.name.slice(colon + 1);
      if (host.mcpPrompts().some((prompt) => prompt.server === server && prompt.name === name)) {
        const prompt = await host.expandMcpPrompt(server, name, parsed.args);
        return { kind: "submit", prompt, display, expansion: expansion(parsed.name, parsed.args, "mcp") };
      }
    }
    if (host.skills().some((skill) => skill.name === parsed.name))
      return {
        kind: "submit",
        prompt: host.skillPrompt(parsed.name, parsed.args),
        display,
        expansion: expansion(parsed.name, parsed.args, "skill"),
      };
    const command = host
      .customCommands()
      .some((custom) => custom.name === parsed.name || custom.name.split(":").at(-1) === parsed.name);
    if (command) {
      const run = () => host.commandTurn(parsed.name, parsed.args, display) ?? Promise.resolve();
      return { kind: "turn", display, run };
    }
    const near = nearestCommands(
      parsed.name,
      allCommands(host.skills(), host.mcpPrompts(), host.customCommands()),
    );
    const hint = near.length > 0 ? ` Did you mean ${near.map((name) => `/${name}`).join(", ")}?` : "";
    return { kind: "error", text: `Unknown command /${parsed.name}.${hint} Type /help for the list.` };
  } catch (error) {
    return {
      kind: "error",
      text: `/${parsed.name} failed: ${errorMessage(error)}`,
    };
  }
}
