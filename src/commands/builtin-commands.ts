// The built-in slash commands, once for every front-end. Each acts through the CommandHost and says
// what happened as a mode-neutral outcome; where a person types (the REPL) a bare `/model` or
// `/resume` opens a picker and `/exit` leaves, and those three exist only there.
import { RULE_BEHAVIORS } from "../contracts/index.js";
import { errorMessage, isOneOf } from "../util/index.js";
import type { Command, CommandMode, CommandOutcome } from "./command.js";
import type { CommandHost, ContextReport } from "./command-host.js";
import { commandExpansion } from "./prompt-commands.js";

function formatRecord(record: Record<string, string>): string {
  const width = Math.max(0, ...Object.keys(record).map((key) => key.length));
  return Object.entries(record)
    .map(([key, value]) => `${`${key}:`.padEnd(width + 1)} ${value}`)
    .join("\n");
}

function contextText(usage: ContextReport | undefined): string {
  if (!usage) return "Context use is not tracked in this session.";
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

const output = (text: string): CommandOutcome => ({ kind: "output", text });

async function permissions(host: CommandHost, args: string): Promise<CommandOutcome> {
  if (args === "") return output(host.permissionsReport());
  const match = /^(add|remove)\s+(\S+)\s+([\s\S]+)$/.exec(args);
  const kind = match?.[2];
  if (!match || kind === undefined || !isOneOf(RULE_BEHAVIORS, kind))
    return {
      kind: "error",
      text: "usage: /permissions add|remove allow|deny|ask RULE (e.g. /permissions add allow Bash(npm test))",
    };
  const rule = (match[3] ?? "").trim();
  return output(match[1] === "add" ? await host.addRule(kind, rule) : await host.removeRule(kind, rule));
}

/** `/budget`, `/budget session|daily USD`, `/budget model ID USD`. */
function budget(host: CommandHost, args: string): CommandOutcome {
  if (args === "") return output(host.budgetReport());
  const match = /^(?:(session|daily)|model\s+(\S+))\s+\$?(\d+(?:\.\d+)?)$/.exec(args);
  const usd = Number(match?.[3]);
  if (!match || !(usd > 0))
    return {
      kind: "error",
      text: "usage: /budget [session|daily <usd> | model <id> <usd>] (e.g. /budget session 2.50)",
    };
  const model = match[2];
  return output(model ? host.setBudget("model", usd, model) : host.setBudget(match[1] as "session", usd));
}

type Builtin = Omit<Command, "kind"> & { only?: CommandMode };

export function builtinCommands(host: CommandHost, mode: CommandMode): Command[] {
  const builtins: Builtin[] = [
    {
      name: "clear",
      description: "Start a fresh conversation",
      run: async () => {
        await host.clear();
        return { kind: "cleared", text: "Started a fresh conversation." };
      },
    },
    {
      name: "status",
      description: "Model, provider, cwd, context use, hooks, MCP servers",
      run: async () => output(formatRecord(host.status())),
    },
    {
      name: "hooks",
      description: "Effective hooks and the last hook runs",
      run: async () => output(host.hooksReport()),
    },
    {
      name: "permissions",
      argumentHint: "[add|remove allow|deny|ask RULE]",
      description: "Show or change permission rules",
      run: (args) => permissions(host, args),
    },
    {
      name: "memory",
      description: "Instruction and memory files in use",
      run: async () => output(host.memoryReport()),
    },
    {
      name: "add-dir",
      argumentHint: "<path>",
      description: "Let the tools use another folder this session",
      run: async (args) => output(await host.addDirectory(args)),
    },
    { name: "skills", description: "List available skills", run: async () => output(host.skillsReport()) },
    { name: "mcp", description: "MCP servers, tools and prompts", run: async () => output(host.mcpReport()) },
    {
      name: "agents",
      description: "Subagent types and background agents",
      run: async () => output(host.agentsReport()),
    },
    {
      name: "tasks",
      argumentHint: "[stop ID]",
      description: "Background commands and agents (stop one)",
      run: async (args) => {
        if (args === "") return output(host.tasksReport());
        const stop = /^stop\s+(\S+)$/.exec(args);
        if (!stop) return { kind: "error", text: "usage: /tasks [stop ID]" };
        return output(await host.stopTask(stop[1] ?? ""));
      },
    },
    {
      name: "plugin",
      description: "Plugins loaded in this session (reagent plugin … installs them)",
      run: async () => output(host.pluginsReport()),
    },
    {
      name: "init",
      argumentHint: "[focus]",
      description: "Write an AGENTS.md for this project",
      run: async (args) => ({
        kind: "prompt",
        prompt: await host.initPrompt(args),
        expansion: commandExpansion("init", args, "builtin"),
      }),
    },
    {
      name: "model",
      argumentHint: "[name]",
      description:
        mode === "interactive" ? "Switch the model (a picker without a name)" : "Show or switch the model",
      run: async (args) => {
        if (args === "")
          return mode === "interactive" ? { kind: "pick", picker: "model" } : output(host.modelReport());
        return output(await host.setModel(args));
      },
    },
    {
      name: "resume",
      argumentHint: "[id]",
      description: "Resume a saved session (a picker without an id)",
      only: "interactive",
      run: async (args) => (args === "" ? { kind: "pick", picker: "resume" } : { kind: "resume", id: args }),
    },
    {
      name: "rewind",
      aliases: ["checkpoint"],
      description: "Restore the code and/or the conversation to before a prompt",
      only: "interactive",
      run: async () => ({ kind: "pick", picker: "rewind" }),
    },
    {
      name: "compact",
      argumentHint: "[instructions]",
      description: "Summarize the conversation to free context",
      run: async (args, signal) => {
        const result = await host.compact(args, signal);
        return { kind: result.ok ? "output" : "error", text: result.message };
      },
    },
    {
      name: "context",
      description: "Context window use",
      run: async () => output(contextText(host.contextUsage())),
    },
    {
      name: "cost",
      description: "Tokens and cost of this session per model",
      run: async () => output(host.costReport()),
    },
    {
      name: "output-style",
      argumentHint: "[name]",
      description:
        mode === "interactive"
          ? "Switch the output style (a picker without a name; saved to the local settings)"
          : "Show or switch the output style (saved to the project's local settings)",
      run: async (args) => {
        if (args === "")
          return mode === "interactive"
            ? { kind: "pick", picker: "output-style" }
            : output(host.outputStylesReport());
        try {
          return output(await host.setOutputStyle(args));
        } catch (error) {
          return { kind: "error", text: errorMessage(error) };
        }
      },
    },
    {
      name: "budget",
      argumentHint: "[session|daily <usd> | model <id> <usd>]",
      description: "Spend caps and what is spent; raise one for this session",
      run: async (args) => budget(host, args),
    },
    {
      name: "thinking",
      description: "Show the model's last thinking in full",
      run: async () => output(host.lastThinking() ?? "No thinking in this conversation yet (see --effort)."),
    },
    {
      name: "exit",
      aliases: ["quit"],
      description: "Leave reagent",
      only: "interactive",
      run: async () => ({ kind: "exit" }),
    },
  ];
  return builtins
    .filter((command) => command.only === undefined || command.only === mode)
    .map(({ only: _only, ...command }) => ({ ...command, kind: "builtin" }));
}

/** `/help`: the commands of this run, one line each. */
export function helpCommand(list: () => readonly Command[]): Command {
  return {
    name: "help",
    description: "List the commands",
    kind: "builtin",
    run: async () =>
      output(
        list()
          .map(
            (command) =>
              `/${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ""}  ${command.description}`,
          )
          .join("\n"),
      ),
  };
}

/** A host for listing the built-ins only (their names and descriptions); running one through it fails. */
const LISTING_ONLY = new Proxy({} as CommandHost, {
  get: () => () => {
    throw new Error("this command list is for listing only");
  },
});

/** The built-in command names of a front-end, in menu order (after /help). */
export function builtinCommandNames(mode: CommandMode): string[] {
  return builtinCommands(LISTING_ONLY, mode).map((command) => command.name);
}
