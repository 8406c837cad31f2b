// The commands a headless run offers (see headless-slash.ts for the dispatch): /compact, /clear,
// /context, /model, /init, /help, one command per skill, per custom command (.claude/commands,
// .agents/commands) and per MCP prompt (`/server:prompt`), plus the `extra` commands other features
// contribute.

import { addDirectory } from "../../app/add-directory.js";
import { customHeadlessCommands } from "../../app/custom-commands.js";
import type { App } from "../../app/index.js";
import type { HeadlessCommand } from "../../commands/headless-slash.js";
import { buildInitPrompt, detectInitTarget } from "../../prompt/init-prompt.js";
import { slashExpansion } from "../../session/prompt-hooks.js";
import { skillSlashPrompt } from "../../skills/skill-slash-prompt.js";

export function headlessCommands(runtime: App, extra: readonly HeadlessCommand[] = []): HeadlessCommand[] {
  const { session } = runtime;
  const builtins: HeadlessCommand[] = [
    {
      name: "compact",
      description: "Summarize the conversation to free context",
      argumentHint: "[instructions]",
      async run(args, signal) {
        const result = await session.compact("manual", args, signal);
        return result.ok ? { kind: "output", text: result.message } : { kind: "error", text: result.message };
      },
    },
    {
      name: "clear",
      description: "Start a fresh conversation",
      async run() {
        await session.end("clear");
        session.reset();
        await session.start("clear");
        return { kind: "output", text: "Started a fresh conversation." };
      },
    },
    {
      name: "context",
      description: "Context window use",
      async run() {
        const usage = session.contextUsage();
        if (!usage) return { kind: "output", text: "Context use is not tracked in this session." };
        const { breakdown } = usage;
        return {
          kind: "output",
          text: [
            `Context: ${usage.usedTokens} of ${usage.window} tokens (${Math.round(usage.percent)}%)`,
            `system prompt ${breakdown.systemPrompt}, tool schemas ${breakdown.toolSchemas}, messages ${breakdown.messages}, free ${breakdown.free}`,
          ].join("\n"),
        };
      },
    },
    {
      name: "add-dir",
      description: "Let the tools use another folder this session",
      argumentHint: "<path>",
      async run(args) {
        return { kind: "output", text: await addDirectory(runtime, args) };
      },
    },
    {
      name: "model",
      description: "Show or switch the model",
      argumentHint: "[name]",
      async run(args) {
        const outcome = args !== "" ? await runtime.switchModel(args, "command") : { ok: true as const };
        if (!outcome.ok) return { kind: "output", text: `Model not switched: ${outcome.reason}` };
        return { kind: "output", text: `Model: ${session.model.model} (${session.model.provider})` };
      },
    },
    {
      name: "init",
      description: "Write an AGENTS.md for this project",
      argumentHint: "[focus]",
      async run(args) {
        const existing = await detectInitTarget(runtime.cwd);
        const prompt = buildInitPrompt({ focus: args || undefined, existing });
        return { kind: "prompt", prompt, expansion: slashExpansion("init", args, "builtin") };
      },
    },
  ];
  const taken = new Set([...builtins.map((command) => command.name), "help"]);
  const skills: HeadlessCommand[] = runtime.skills
    .filter((skill) => !taken.has(skill.name))
    .map((skill) => ({
      name: skill.name,
      description: skill.description,
      argumentHint: "[args]",
      run: async (args) => ({
        kind: "prompt",
        prompt: skillSlashPrompt(skill, args || undefined),
        expansion: slashExpansion(skill.name, args, "skill"),
      }),
    }));
  const skillNames = new Set(skills.map((skill) => skill.name));
  const custom = customHeadlessCommands(runtime).filter(
    (command) => !taken.has(command.name) && !skillNames.has(command.name),
  );
  const prompts: HeadlessCommand[] = (runtime.mcp?.listPrompts() ?? []).map((prompt) => ({
    name: prompt.command,
    description: prompt.description ?? `MCP prompt from ${prompt.server}`,
    argumentHint: "[args]",
    async run(args, signal) {
      const expanded = await runtime.mcp!.expandPrompt(prompt.server, prompt.name, args, signal);
      return expanded.ok
        ? {
            kind: "prompt",
            prompt: expanded.text,
            expansion: slashExpansion(prompt.command, args, "mcp"),
          }
        : { kind: "error", text: expanded.message };
    },
  }));
  const commands = [
    ...builtins,
    ...extra.filter((command) => !taken.has(command.name)),
    ...skills,
    ...custom,
    ...prompts,
  ];
  const help: HeadlessCommand = {
    name: "help",
    description: "List the commands of headless runs",
    run: async () => ({
      kind: "output",
      text: commands
        .map(
          (command) =>
            `/${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ""}  ${command.description}`,
        )
        .join("\n"),
    }),
  };
  return [help, ...commands];
}
