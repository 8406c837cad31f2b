// Runs a custom slash command as one turn, for the REPL and for `-p "/name args"` alike (the one
// place a command line becomes a turn): UserPromptSubmit hooks see the line as typed; then the command
// expands (its `` !`…` `` lines and `@file` reads go through the session's ToolRunner) and
// UserPromptExpansion hooks see the expansion; its
// `allowed-tools` are allow rules for that turn only and its `model` the turn's model; both are undone
// when the turn ends, however it ends.
import type { CustomCommand } from "../commands/index.js";
import { expandCommand } from "../commands/index.js";
import type { ImageBlock } from "../model/index.js";
import type { TurnResult } from "../session/index.js";
import { slashExpansion } from "../session/index.js";
import { errorMessage } from "../util/index.js";
import type { App } from "./app.js";

type CommandLine = { command: CustomCommand; args: string; typed: string };

/** Adds the command's allowed-tools as allow rules; returns a function that takes back exactly those. */
function allowForTurn(runtime: App, command: CustomCommand, warn: (text: string) => void): () => void {
  const source = `/${command.name} allowed-tools`;
  const added: string[] = [];
  // A project command's allowed-tools widen permissions: only when the folder is trusted.
  if (command.source === "project" && !runtime.trust.apply) {
    if (command.allowedTools.length > 0)
      warn(`/${command.name}: its allowed-tools are not used (this folder's configuration is not trusted)`);
    return () => {};
  }
  for (const rule of command.allowedTools) {
    if (runtime.gate.rules().allow.some((entry) => entry.rule === rule)) continue;
    try {
      runtime.gate.addRule("allow", rule, source);
      added.push(rule);
    } catch (error) {
      warn(`${command.path}: allowed-tools rule ${rule} is not used: ${errorMessage(error)}`);
    }
  }
  return () => {
    for (const rule of added) {
      // Keep a rule of the same text another source added meanwhile ("don't ask again").
      const sources = runtime.gate.removeRule("allow", rule).filter((from) => from !== source);
      for (const from of [...new Set(sources)]) runtime.gate.addRule("allow", rule, from);
    }
  };
}

export async function runCommandTurn(
  runtime: App,
  line: CommandLine,
  attachments: Array<string | ImageBlock> = [],
): Promise<TurnResult> {
  const { session } = runtime;
  const warn = (message: string) => session.emit({ type: "warning", message });
  const previousModel = session.model;
  if (line.command.model)
    try {
      session.setModel(await runtime.modelClients.forSwitch(line.command.model, session.model));
    } catch (error) {
      warn(
        `/${line.command.name}: model ${line.command.model} is not available (${errorMessage(error)}); using ${previousModel.model}`,
      );
    }
  const takeBack = allowForTurn(runtime, line.command, warn);
  try {
    return await session.submit(line.typed, attachments, {
      typed: line.typed,
      expansion: slashExpansion(line.command.name, line.args, "skill"),
      prepare: (signal) =>
        expandCommand(line.command, line.args, (name, input) => session.runTool(name, input, signal)),
    });
  } finally {
    takeBack();
    session.setModel(previousModel);
  }
}
