// Test helper: a real temp workspace and a ToolContext over it (no fakes of our modules).
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createFileStateStore } from "../../src/tools/file-state.js";
import type { Tool, ToolContext, ToolResult } from "../../src/tools/tool.js";

export async function makeWorkspace(prefix = "reagent-tools-"): Promise<string> {
  return fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), prefix)));
}

export async function removeWorkspace(directory: string): Promise<void> {
  await fs.rm(directory, { recursive: true, force: true });
}

/** Writes `files` (relative path → content) under `root`, creating folders. */
export async function writeTree(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(root, relative);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, content);
  }
}

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
