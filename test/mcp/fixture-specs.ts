// Test helpers for the MCP tests: server specs that run the fixture servers with tsx, and a minimal
// ToolContext for calling adapted tools directly.
import { fileURLToPath } from "node:url";
import type { McpServerSpec } from "../../src/mcp/types.js";
import type { ToolContext } from "../../src/tools/tool.js";
import { plainLauncher } from "../support/no-sandbox.js";

const tsxLoader = import.meta.resolve("tsx");

/** Start-up limit for fixture servers: tsx compiles each on start, which takes seconds on a busy machine. */
export const FIXTURE_CONNECT_MS = 60_000;

export function fixturePath(file: string): string {
  return fileURLToPath(new URL(`../fixtures/mcp/${file}`, import.meta.url));
}

export function fixtureSpec(file: string, extraArgs: string[] = []): McpServerSpec {
  return {
    type: "stdio",
    command: process.execPath,
    args: ["--import", tsxLoader, fixturePath(file), ...extraArgs],
    env: {},
  };
}

export function toolContext(cwd: string, signal = new AbortController().signal): ToolContext {
  const files = new Map();
  return {
    cwd,
    homeDir: cwd,
    signal,
    sessionId: "test-session",
    launcher: plainLauncher(),
    containment: "none",
    toolUseId: "toolu_test",
    shell: { cwd, env: {} },
    files: { get: (path) => files.get(path), set: (snapshot) => files.set(snapshot.path, snapshot) },
  };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}
