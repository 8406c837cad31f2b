// Test helper: a ToolContext over a real temp folder (test/support/temp-folder.ts) (no fakes of our modules).
import { type BuiltinToolOptions, createBuiltinTools } from "../../src/tools/builtin.js";
import { createFileStateStore } from "../../src/tools/file-state.js";
import type { Tool, ToolContext, ToolResult } from "../../src/tools/tool.js";
import { plainLauncher } from "../support/no-sandbox.js";

export function makeContext(cwd: string, overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    cwd,
    homeDir: overrides.homeDir ?? cwd,
    signal: new AbortController().signal,
    sessionId: "test-session",
    toolUseId: "toolu_test",
    shell: { cwd, env: {} },
    files: createFileStateStore(),
    baseEnv: process.env,
    launcher: plainLauncher(cwd),
    containment: "none",
    ...overrides,
  };
}

/** Validates `input` with the tool's schema (as the runner does) and executes it. */
export async function run(tool: Tool, input: unknown, context: ToolContext): Promise<ToolResult> {
  const parsed = tool.schema.parse(input);
  return tool.execute(parsed, context);
}

/** A built-in tool by name, e.g. Glob with ripgrep (the default) or with the pure-JS walk
 *  (`{ ripgrepPath: null }`). */
export function builtinTool(name: string, options: BuiltinToolOptions = {}): Tool {
  const tool = createBuiltinTools(options).find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no built-in tool ${name}`);
  return tool;
}
