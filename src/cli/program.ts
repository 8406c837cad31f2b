// The command line: flags (Claude Code compatible where it has one), subcommands, and the choice
// between headless (-p) and interactive mode. Exit status: 0 success, 1 the run failed, 2 bad usage
// or configuration, 130 interrupted.
import { Command, CommanderError, Option } from "commander";
import {
  DEFAULT_MAX_TURNS,
  doctorReport,
  INPUT_FORMATS,
  OUTPUT_FORMATS,
  type RunOptions,
} from "../app/index.js";
import { PERMISSION_MODES } from "../contracts/index.js";
import { errorMessage, packageVersion, UsageError } from "../util/index.js";
import { agentsList, hooksList, hooksTest, init, mcpList, skillsList } from "./commands.js";
import { costCommand } from "./cost-command.js";
import { normaliseOptions } from "./options.js";
import { addPluginCommands } from "./plugin-program.js";
import { processPorts } from "./process-ports.js";
import { type RewindFlags, rewindCommand } from "./rewind-command.js";
import { runMain } from "./run-main.js";
import { trustCommand } from "./trust-command.js";

/** The ACP mode and its protocol library load only when an editor starts reagent with it. */
const acp = async (options: RunOptions) => (await import("./acp-command.js")).acpCommand(options);

const collect = (value: string, previous: string[]) => [...previous, value];
const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

function buildProgram(run: (action: () => Promise<number>) => void): Command {
  const program = new Command("reagent")
    .description("A small, fast, hookable coding agent for the terminal")
    .version(packageVersion(), "-v, --version")
    .argument("[prompt]", "the task; with -p and no prompt, it is read from stdin")
    .option("-p, --print", "headless: run the task to completion, print the result and exit")
    .addOption(
      new Option(
        "--output-format <format>",
        "headless output: text, json (one result object), stream-json (one event per line)",
      )
        .choices([...OUTPUT_FORMATS])
        .default("text"),
    )
    .option("--model <model>", "model name, or scripted:FILE to play a JSON script offline")
    .addOption(
      new Option(
        "--provider <provider>",
        "anthropic, openai, openai-responses or bedrock (default: from the variables that are set)",
      ),
    )
    .option("--max-turns <n>", `maximum model requests per prompt (default ${DEFAULT_MAX_TURNS})`)
    .option("--verbose", "progress lines on stderr")
    .addOption(new Option("--permission-mode <mode>", "permission mode").choices([...PERMISSION_MODES]))
    .option(
      "--dangerously-skip-permissions",
      "same as --permission-mode bypassPermissions (deny rules and hooks still apply)",
    )
    .option(
      "--allowedTools, --allowed-tools <rules...>",
      'permission rules to allow, e.g. "Bash(npm test)" Edit',
    )
    .option("--disallowedTools, --disallowed-tools <rules...>", "permission rules to deny")
    .option("--add-dir <dirs...>", "extra directories the tools may use")
    .option("--sandbox", 'run commands in the OS sandbox (as "sandbox": {"enabled": true} in settings)')
    .option("--system-prompt <text>", "replace the base system prompt")
    .option("--append-system-prompt <text>", "append to the system prompt")
    .option(
      "--settings <fileOrJson>",
      "an extra settings file or JSON string, applied last (repeatable)",
      collect,
      [],
    )
    .option(
      "--setting-sources <sources>",
      "settings scopes to read, comma-separated: user, project, local (default all; --settings always applies)",
    )
    .option("--mcp-config <fileOrJson>", "MCP server configuration file or JSON (repeatable)", collect, [])
    .option("-c, --continue", "continue the most recent session of this project")
    .option(
      "-r, --resume [sessionId]",
      "resume a session by id (or id prefix); without an id, list recent ones",
    )
    .option(
      "--fork-session",
      "with --resume or --continue: go on in a new session, the original left as it was",
    )
    .option("--no-session-persistence", "do not save this session's transcript (it cannot be resumed)")
    .option("--init", "run the Setup hooks (trigger init) before the session starts")
    .option("--init-only", "run the Setup (trigger init) and SessionStart hooks, then exit")
    .option("--maintenance", "run the Setup hooks (trigger maintenance) before the session starts")
    .option(
      "--require-trust",
      "headless: refuse (exit 2) a folder whose hooks, MCP servers, allow rules or env you have not trusted (reagent trust)",
    )
    .addOption(
      new Option("--effort <level>", "thinking / reasoning effort: low, medium, high, max").choices([
        "low",
        "medium",
        "high",
        "max",
      ]),
    )
    .option(
      "--max-budget-usd <usd>",
      "cap this session's cost in US dollars (every mode; replaces budget.sessionUsd)",
    )
    .option("--fallback-model <model>", "model to switch to when the model stays overloaded")
    .option(
      "--agents <json>",
      'session-only subagents as JSON: {"name": {"description": "…", "prompt": "…", "tools": ["Read"]}}',
    )
    .addOption(
      new Option(
        "--input-format <format>",
        "text, or stream-json: one JSON message per stdin line and the SDK control protocol",
      ).choices([...INPUT_FORMATS]),
    )
    .option("--include-partial-messages", "stream-json: add the raw model stream events (stream_event lines)")
    .option("--replay-user-messages", "stream-json input: echo each user message back on stdout")
    .option("--json-schema <schema>", "the final answer must be JSON valid against this schema")
    .option("--session-id <uuid>", "the id of the new session")
    .option(
      "--permission-prompt-tool <tool>",
      "stdio: permission questions go to the program driving reagent (can_use_tool requests)",
    )
    .option("--strict-mcp-config", "use only the MCP servers of --mcp-config")
    .option("--plugin-dir <dir>", "load the plugin in this folder for this run (repeatable)", collect, [])
    .addOption(new Option("--plugin-dir-no-mcp <dir>").argParser(collect).default([]).hideHelp())
    .option("--allow-dangerously-skip-permissions", "the caller may switch to bypassPermissions later")
    .option("--tools <tools>", 'built-in tools to offer: a comma list, "default" (all) or "" (none)')
    .option("--system-prompt-file <file>", "replace the base system prompt with this file's text")
    .option("--include-hook-events", "stream-json: hook events (always on in reagent)")
    .option("--max-thinking-tokens <n>", "thinking budget in tokens, 0 = off (wins over MAX_THINKING_TOKENS)")
    .addOption(
      new Option("--thinking <mode>", "thinking on at the model's default budget, or off").choices([
        "adaptive",
        "enabled",
        "disabled",
      ]),
    )
    .addOption(new Option("--thinking-display <mode>").hideHelp())
    .addOption(new Option("--betas <betas>").hideHelp())
    .option("--acp", "serve an editor over the Agent Client Protocol on stdio (Zed, JetBrains, neovim …)")
    .option("--debug", "trace lines on stderr (as TRACE=1)")
    .option("--debug-file <file>", "append the trace lines to this file")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  program.addHelpText(
    "after",
    `
Environment:
  ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, ANTHROPIC_MODEL   Anthropic Messages API
  OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL            any OpenAI-compatible server
  MAX_THINKING_TOKENS thinking budget (0 = off) · DISABLE_PROMPT_CACHING=1 no cache breakpoints
  Model aliases: opus, sonnet, haiku (current Claude ids)
  TRACE=1 structured trace lines on stderr · HOOKS=0 disable all hooks
  ALLOW_WRITE=1 headless runs may use write tools · MCP_CONFIG=file[,file] MCP servers

Examples:
  reagent -p "summarise this repository"
  git diff | reagent -p "review this diff" --output-format json`,
  );

  program.action((prompt: string | undefined, raw: Record<string, unknown>) => {
    run(async () => {
      const options = normaliseOptions(raw, prompt);
      return raw.acp === true ? acp(options) : runMain(options);
    });
  });

  const hooks = program.command("hooks").description("inspect and test lifecycle hooks");
  hooks
    .command("list")
    .description("print the effective hooks per event with source file, matcher, type and timeout")
    .action(() => run(async () => hooksList(strings(program.opts().pluginDir))));
  hooks
    .command("test <event>")
    .description("run the matching hooks against a synthetic payload; no tool runs")
    .option("--tool <name>", "tool name for tool events")
    .option("--input <json>", "tool_input (or other payload fields) as JSON")
    .action((event: string, raw: { tool?: string; input?: string }) =>
      run(async () => hooksTest(event, raw)),
    );
  program
    .command("skills")
    .description("skills")
    .command("list")
    .description("print each skill's name, description and source")
    .action(() => run(async () => skillsList(strings(program.opts().pluginDir))));
  program
    .command("agents")
    .description("subagents")
    .command("list")
    .description("print each agent's name, source, tools, model and description")
    .action(() => run(async () => agentsList(program.opts())));
  program
    .command("mcp")
    .description("MCP servers")
    .command("list")
    .description("print each MCP server with transport, status and counts of tools, resources and prompts")
    .action(() => run(async () => mcpList(program.opts())));
  addPluginCommands(program, run);
  program
    .command("doctor")
    .description(
      "say what a run here would have active and why: sandbox layer, permission mode, trust, hooks, MCP",
    )
    .action(() =>
      run(async () => {
        process.stdout.write(await doctorReport(normaliseOptions(program.opts(), undefined), processPorts()));
        return 0;
      }),
    );
  program
    .command("trust")
    .description("trust this folder's configuration (hooks, MCP servers, allow rules, env) as it is now")
    .option("--revoke", "forget the trust decision for this folder")
    .action((raw: { revoke?: boolean }) =>
      run(async () => trustCommand(raw.revoke === true, processPorts())),
    );
  program
    .command("cost")
    .description("print the usage ledger of every session per day, model and project")
    .option("--since <date>", "only days from this one on (YYYY-MM-DD, local time)")
    .action((raw: { since?: string }) => run(async () => costCommand(raw, processPorts())));
  program
    .command("rewind")
    .description("list a saved session's prompts, or restore the code to before prompt N (checkpoints)")
    .option("--session <id>", "the session (id or prefix; default: the project's latest)")
    .option("--to <n>", "restore the files to how they were before prompt n")
    .option("--yes", "overwrite changes made outside reagent since the checkpoint")
    .action((raw: RewindFlags) => run(async () => rewindCommand(raw, processPorts())));
  program
    .command("acp")
    .description("serve an editor over the Agent Client Protocol on stdio (same as --acp)")
    .action(() => run(async () => acp(normaliseOptions(program.opts(), undefined))));
  program
    .command("init [focus...]")
    .description("ask the model to analyse the repository and write or improve AGENTS.md")
    .action((focus: string[]) =>
      run(async () => {
        const options = normaliseOptions(program.opts(), undefined);
        return init(options, focus.join(" "));
      }),
    );
  return program;
}

export async function runCli(argv: string[]): Promise<number> {
  let pending: Promise<number> | undefined;
  const program = buildProgram((action) => {
    pending = action();
  });
  try {
    await program.parseAsync(argv, { from: "user" });
    return pending ? await pending : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === "commander.helpDisplayed" ||
        error.code === "commander.version" ||
        error.exitCode === 0
      )
        return 0;
      return 2;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`reagent: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`reagent: ${errorMessage(error)}\n`);
    return 1;
  }
}
