// The Bash tool: runs a shell command in the session's tracked working directory (a `cd` carries
// over to later calls), with a timeout, abort, bounded interleaved output and the exit code; a
// non-zero exit is an error result whose content starts with `Exit code N`. It starts through the
// context's process launcher in the containment the runner chose; where the sandbox is on and may be
// left, its schema offers `dangerouslyDisableSandbox` (which the gate always puts to a person).
import { promises as fs } from "node:fs";
import { constants } from "node:os";
import { z } from "zod";
import type { BackgroundShells } from "./background-shells.js";
import { runShellCommand } from "./bash-process.js";
import { defineTool, fail, ok, type ToolContext, type ToolResult } from "./tool.js";

const DEFAULT_BASH_TIMEOUT_MS = 120_000;
const MAX_BASH_TIMEOUT_MS = 600_000;
const DEFAULT_BACKGROUND_TIMEOUT_MS = 1_800_000;
const MAX_BACKGROUND_TIMEOUT_MS = 7_200_000;
/** Characters of output kept from the head and from the tail (about 30,000 in all). */
const BASH_KEEP_CHARS = 15_000;

const schema = z.object({
  command: z.string().min(1).describe("The shell command to run"),
  timeout: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(`Timeout in milliseconds (default ${DEFAULT_BASH_TIMEOUT_MS}, max ${MAX_BASH_TIMEOUT_MS})`),
  description: z
    .string()
    .optional()
    .describe('What the command does in 5-10 words, e.g. "Run the unit tests"'),
  run_in_background: z
    .boolean()
    .optional()
    .describe(
      `Run the command in the background (dev servers, watchers, long builds): returns at once with a task id; TaskOutput reads its output, TaskStop stops it. Here \`timeout\` limits how long it may run (default ${DEFAULT_BACKGROUND_TIMEOUT_MS}, max ${MAX_BACKGROUND_TIMEOUT_MS})`,
    ),
});

const unsandboxedSchema = schema.extend({
  dangerouslyDisableSandbox: z
    .boolean()
    .optional()
    .describe(
      "Set to true to ask the user to run this command outside the sandbox (only when it failed in the sandbox because it needs the network, a socket or files outside the workspace)",
    ),
});

/** For prebuilt-tool-schemas.ts (its JSON Schema is computed at build time). */
export { schema as bashSchema, unsandboxedSchema as bashUnsandboxedSchema };

type BashInput = z.infer<typeof unsandboxedSchema>;

const description = `Runs a shell command (bash) and returns its combined stdout and stderr and its exit code.
- The working directory persists between calls (a \`cd\` applies to later calls); prefer absolute paths to repeated \`cd\`s.
- Stdin is empty (/dev/null): interactive commands get no input; pass flags such as --yes instead.
- On timeout the command and its children are killed. Output over ~30,000 characters keeps its start and end.
- Use Read, Glob, Grep, Edit and Write instead of cat, head, ls, find, grep, rg, sed or echo > for files.
- Quote paths containing spaces. Chain dependent commands with &&.
- For a command that keeps running (a dev server, a watcher) or takes long, set run_in_background: true and go on with other work; you are told when it ends. Do not append & to a command.`;

const sandboxNote = `
- Commands run in a sandbox: no network, writes only inside the workspace (and the temp folder), credentials hidden. A command that fails for that reason may be retried with dangerouslyDisableSandbox: true, which asks the user.`;

type BashOptions = {
  shellPath?: string;
  /** The sandbox is on and may be left at a person's word: offer `dangerouslyDisableSandbox`. */
  unsandboxedOption?: boolean;
  /** Where `run_in_background` commands run (absent: they are refused). */
  background?: BackgroundShells;
};

/** The first bash found in the usual places, else /bin/sh. */
async function detectShell(): Promise<string> {
  for (const candidate of ["/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash"]) {
    if (
      await fs.access(candidate).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return "/bin/sh";
}

async function isDirectory(directory: string): Promise<boolean> {
  return fs.stat(directory).then(
    (stat) => stat.isDirectory(),
    () => false,
  );
}

/** Starts the command in the background: the result says where to find it; the shell's folder stays. */
function startInBackground(
  input: BashInput,
  context: ToolContext,
  shellPath: string,
  background: BackgroundShells | undefined,
  note: string,
): ToolResult {
  if (!background)
    return fail(
      "background_unavailable",
      "Background commands are not available in this run; run it without run_in_background.",
    );
  const started = background.start({
    shellPath,
    command: input.command,
    ...(input.description ? { description: input.description } : {}),
    toolUseId: context.toolUseId,
    cwd: context.shell.cwd,
    exports: context.shell.env,
    env: context.baseEnv ?? {},
    launcher: context.launcher,
    containment: context.containment,
    timeoutMs: Math.min(input.timeout ?? DEFAULT_BACKGROUND_TIMEOUT_MS, MAX_BACKGROUND_TIMEOUT_MS),
  });
  if (started.kind === "refused")
    return fail("sandbox_refused", `The command was not run: the sandbox refused it (${started.reason}).`);
  const { id, outputFile } = started.view;
  return ok(
    `${note}Command running in the background with id ${id}. Its output goes to ${outputFile}. TaskOutput {"task_id": "${id}"} reads it, TaskStop stops it; you are told when it ends.`,
    { stdout: "", stderr: "", interrupted: false, backgroundTaskId: id },
  );
}

async function executeBash(
  input: BashInput,
  context: ToolContext,
  shell: () => Promise<string>,
  background: BackgroundShells | undefined,
): Promise<ToolResult> {
  const shellPath = await shell();
  const timeoutMs = Math.min(input.timeout ?? DEFAULT_BASH_TIMEOUT_MS, MAX_BASH_TIMEOUT_MS);
  let note = "";
  if (!(await isDirectory(context.shell.cwd))) {
    note = `[The previous working directory ${context.shell.cwd} no longer exists; ran in ${context.cwd}.]\n`;
    context.shell.cwd = context.cwd;
  }
  if (input.run_in_background === true) return startInBackground(input, context, shellPath, background, note);
  const run = await runShellCommand({
    shellPath,
    command: input.command,
    cwd: context.shell.cwd,
    exports: context.shell.env,
    env: context.baseEnv ?? {},
    launcher: context.launcher,
    containment: context.containment,
    timeoutMs,
    signal: context.signal,
    keepChars: BASH_KEEP_CHARS,
    onOutput: context.onProgress,
  });
  if (run.ending === "spawn_failed")
    return fail("spawn_failed", `Could not start ${shellPath}: ${run.error}`);
  if (run.ending === "refused")
    return fail("sandbox_refused", `The command was not run: the sandbox refused it (${run.reason}).`);
  if (run.finalCwd && (await isDirectory(run.finalCwd))) context.shell.cwd = run.finalCwd;
  const output = run.output.replace(/\n$/, "");
  const exitCode = run.exitCode ?? (run.exitSignal ? 128 + (constants.signals[run.exitSignal] ?? 0) : 1);
  const data = {
    // As Claude Code reports it (checked against its binary): without the final newline.
    stdout: output,
    stderr: "",
    exitCode,
    interrupted: run.ending !== "exited",
    cwd: context.shell.cwd,
  };
  const body = note + (output === "" ? "(no output)" : output);
  if (run.ending === "timeout") {
    return fail(
      "timeout",
      `Command timed out after ${timeoutMs} ms; it and its child processes were killed. Output so far:\n${body}`,
      data,
    );
  }
  if (run.ending === "aborted") {
    return fail(
      "aborted",
      `Command was interrupted; it and its child processes were killed. Output so far:\n${body}`,
      data,
    );
  }
  if (run.exitSignal)
    return fail("exit_code", `Exit code ${exitCode} (killed by ${run.exitSignal})\n${body}`, data);
  if (exitCode !== 0) return fail("exit_code", `Exit code ${exitCode}\n${body}`, data);
  return ok(body, data);
}

export function createBashTool(options: BashOptions = {}) {
  // The shell is looked up once per tool, on first use, when none is given.
  let detectedShell: Promise<string> | undefined;
  const shell = () => {
    detectedShell ??= options.shellPath !== undefined ? Promise.resolve(options.shellPath) : detectShell();
    return detectedShell;
  };
  const offered = options.unsandboxedOption === true;
  return defineTool<BashInput>({
    name: "Bash",
    description: offered ? description + sandboxNote : description,
    schema: offered ? unsandboxedSchema : schema,
    isReadOnly: () => false,
    paths: () => [],
    summary: (input) => input.command,
    execute: (input, context) => executeBash(input, context, shell, options.background),
  });
}
