// Expands a custom command into the prompt it sends, the way Claude Code does: its arguments go in as
// util/substitute-arguments.ts puts them (`$ARGUMENTS`, 0-based `$0` `$1` …, named ones); each `` !`command` `` runs as a Bash tool call and is replaced by its
// output; each `@path` that names a file is read with the Read tool and its content appended. Both go
// through the injected `runTool` — the session's one ToolRunner path, so PreToolUse hooks and the
// permission gate decide — and a refusal or failure is written into the prompt, never thrown.
import { findImportReferences, looksLikeFilePath } from "../prompt/import-references.js";
import { substituteArguments } from "../util/substitute-arguments.js";
import type { CustomCommand } from "./custom-command.js";

export type ToolOutcome = { ok: boolean; content: string };
export type RunTool = (name: string, input: Record<string, unknown>) => Promise<ToolOutcome>;

const SHELL = /!`([^`\n]+)`/g;

async function runShellLines(text: string, runTool: RunTool): Promise<string> {
  const matches = [...text.matchAll(SHELL)];
  if (matches.length === 0) return text;
  // In order, one at a time: a later command may depend on an earlier one.
  const outputs: string[] = [];
  for (const match of matches) {
    const outcome = await runTool("Bash", { command: match[1]!.trim(), description: "custom command" });
    outputs.push(outcome.ok ? outcome.content.trimEnd() : `[not run: ${outcome.content.trim()}]`);
  }
  let index = 0;
  return text.replace(SHELL, () => outputs[index++]!);
}

/** Reads the `@path` files named in `source` (the command with its arguments, before any shell output,
 *  so text a command prints never pulls files in) and appends them to `text`. */
async function includeFiles(source: string, text: string, runTool: RunTool): Promise<string> {
  const paths = [...new Set(findImportReferences(source).map((reference) => reference.path))];
  const blocks: string[] = [];
  for (const path of paths) {
    if (!looksLikeFilePath(path)) continue;
    const outcome = await runTool("Read", { file_path: path });
    blocks.push(
      outcome.ok
        ? `Contents of @${path}:\n\n${outcome.content.trimEnd()}`
        : `[@${path} was not included: ${outcome.content.trim()}]`,
    );
  }
  return blocks.length === 0 ? text : `${text.trimEnd()}\n\n${blocks.join("\n\n")}`;
}

/** The prompt a `/name args` line sends. */
export async function expandCommand(command: CustomCommand, args: string, runTool: RunTool): Promise<string> {
  const withArguments = substituteArguments(command.body, args.trim(), command.argumentNames);
  const withOutput = await runShellLines(withArguments, runTool);
  return (await includeFiles(withArguments, withOutput, runTool)).trim();
}
