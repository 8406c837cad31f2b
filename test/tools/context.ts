// Test helper: a ToolContext over a real temp folder (test/support/temp-folder.ts) (no fakes of our modules).
import { createFileStateStore } from "../../src/tools/file-state.js";
import type { Tool, ToolContext, ToolResult } from "../../src/tools/tool.js";

export function makeContext(cwd: string, overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    cwd,
    homeDir: overrides.homeDir ?? cwd,
    signal: new AbortController().signal,
    sessionId: "test-session",
    toolUseId: "toolu_test",
    shell: { cwd, env: {} },
    files: createFileStateStore(),
    ...overrides,
  };
}

/** Validates `input` with the tool's schema (as the runner does) and executes it. */
export async function run(tool: Tool, input: unknown, context: ToolContext): Promise<ToolResult> {
  const parsed = tool.schema.parse(input);
  return tool.execute(parsed, context);
}
