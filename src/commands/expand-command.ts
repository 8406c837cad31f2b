// Expands a custom command into the prompt it sends, the way Claude Code does: its arguments go in as
// util/substitute-arguments.ts puts them (`$ARGUMENTS`, 0-based `$0` `$1` …, named ones); each
// `` !`command` `` runs as a Bash tool call and is replaced by its output; each `@path` that names a file
// is read with the Read tool and its content appended. Both go through the injected `runTool` — the
// session's one ToolRunner path, so PreToolUse hooks and the permission gate decide. A shell line that is
// refused or fails ends the expansion with an error (as in Claude Code: nothing is sent to the model);
// a file that cannot be read is noted in the prompt.
import { findImportReferences, looksLikeFilePath } from "../prompt/index.js";
import { substituteArguments } from "../util/index.js";
import type { CustomCommand } from "./custom-command.js";

/** `code`: the failed result's code (`permission_denied`, `hook_denied`, `exit_code` …). */
type ToolOutcome = { ok: boolean; content: string; code?: string };
type RunTool = (name: string, input: Record<string, unknown>) => Promise<ToolOutcome>;

const SHELL = /!`([^`\n]+)`/g;

type CommandExpansion = { kind: "prompt"; text: string } | { kind: "failed"; message: string };

const REFUSED = new Set(["permission_denied", "hook_denied"]);

/** Why a shell line stops the command, in words for the user. */
function shellFailure(command: CustomCommand, line: string, outcome: ToolOutcome): string {
  const reason = outcome.content.trim().replace(/\.$/, "") || "no output";
  const refused = outcome.code !== undefined && REFUSED.has(outcome.code);
  const what = refused
    ? `its shell line !\`${line}\` was not allowed (${reason}). Allow it with the command's allowed-tools or a permission rule`
    : `its shell line !\`${line}\` failed (${reason})`;
  return `/${command.name}: ${what}. The command was not run (nothing was sent to the model).`;
}

async function runShellLines(
  command: CustomCommand,
  text: string,
  runTool: RunTool,
): Promise<CommandExpansion> {
  const outputs: string[] = [];
  // In order, one at a time: a later command may depend on an earlier one; the first failure stops.
  for (const match of text.matchAll(SHELL)) {
    const line = (match[1] ?? "").trim();
    const outcome = await runTool("Bash", { command: line, description: `/${command.name}` });
    if (!outcome.ok) return { kind: "failed", message: shellFailure(command, line, outcome) };
    outputs.push(outcome.content.trimEnd());
  }
  let index = 0;
  return { kind: "prompt", text: text.replace(SHELL, () => outputs[index++] ?? "") };
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

/** The prompt a `/name args` line sends, or why it sends none. */
export async function expandCommand(
  command: CustomCommand,
  args: string,
  runTool: RunTool,
): Promise<CommandExpansion> {
  const withArguments = substituteArguments(command.body, args.trim(), command.argumentNames);
  const withOutput = await runShellLines(command, withArguments, runTool);
  if (withOutput.kind === "failed") return withOutput;
  return { kind: "prompt", text: (await includeFiles(withArguments, withOutput.text, runTool)).trim() };
}
