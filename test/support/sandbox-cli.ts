// The sandbox end-to-end tests' ground: a fake machine in a temp folder (a home folder with planted
// keys, credentials, a shell start-up file, a git identity and a toolchain; a git project in it; a
// folder outside), and one headless session of the built CLI against the fake Anthropic server that
// makes the given tool calls in one response and reports each call's result as the model saw it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cleanEnv, runCli } from "./cli.js";
import { type FakeModelServer, startFakeModelServer } from "./fake-model-server.js";
import { plantHome } from "./sandbox.js";
import { removeFolder, tempFolder } from "./temp-folder.js";
import { toolOutcomes } from "./tool-outcomes.js";

export { AWS_KEY } from "./sandbox.js";

export type SandboxHome = {
  root: string;
  home: string;
  project: string;
  outside: string;
  /** The environment of a run there (HOME, PATH with the toolchain first, the fake server's key). */
  env(extra?: Record<string, string>): Record<string, string>;
  cleanup(): void;
};

export function sandboxHome(label: string): SandboxHome {
  const root = tempFolder(label);
  const home = join(root, "home");
  const project = join(home, "project");
  const outside = join(home, "outside");
  plantHome(home);
  spawnSync("git", ["init", "-q"], { cwd: project });
  const path = [join(home, ".local/bin"), process.env.PATH ?? "/usr/bin:/bin"].join(":");
  return {
    root,
    home,
    project,
    outside,
    env: (extra = {}) => cleanEnv({ HOME: home, PATH: path, ...extra }),
    cleanup: () => removeFolder(root),
  };
}

/** Turns the sandbox on in the machine's user settings (`~/.claude/settings.json`), as a user would. */
export function turnSandboxOn(machine: SandboxHome): void {
  mkdirSync(join(machine.home, ".claude"), { recursive: true });
  writeFileSync(
    join(machine.home, ".claude", "settings.json"),
    JSON.stringify({ sandbox: { enabled: true } }),
  );
}

export type ToolCall = { id: string; name?: string; input: Record<string, unknown> };
export type { CallOutcome } from "./tool-outcomes.js";
export type SessionRun = {
  code: number | null;
  stdout: string;
  stderr: string;
  outcomes: Map<string, import("./tool-outcomes.js").CallOutcome>;
  model: FakeModelServer;
};

/** One headless session making `calls` in one response; `expectCode` defaults to 0. */
export async function sandboxSession(
  machine: SandboxHome,
  calls: ToolCall[],
  options: { args?: string[]; env?: Record<string, string>; cwd?: string; expectCode?: number } = {},
): Promise<SessionRun> {
  const model = await startFakeModelServer([
    { text: "Trying.", tool_calls: calls.map((call) => ({ name: "Bash", ...call })) },
    { text: "done" },
  ]);
  try {
    const run = await runCli(["-p", "go", "--output-format", "json", ...(options.args ?? [])], {
      cwd: options.cwd ?? machine.project,
      env: machine.env({
        ANTHROPIC_API_KEY: "test-key",
        ANTHROPIC_BASE_URL: model.anthropicBaseURL,
        ...options.env,
      }),
      timeoutMs: 120_000,
    });
    assert.equal(run.code, options.expectCode ?? 0, run.stderr);
    const outcomes = run.code === 0 ? toolOutcomes(run.stdout, model.requests[1]?.body) : new Map();
    return { ...run, outcomes, model };
  } finally {
    await model.close();
  }
}

/** The outcome of call `id` (fails the test when the session has none). */
export function outcomeOf(run: SessionRun, id: string) {
  const outcome = run.outcomes.get(id);
  assert.ok(outcome, `no result for ${id}: ${run.stderr}`);
  return outcome;
}

/** Every transcript line of the home folder's sessions, as text. */
export function transcriptsText(home: string): string {
  const sessions = join(home, ".agents", "sessions");
  const texts: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".jsonl")) texts.push(readFileSync(path, "utf8"));
    }
  };
  walk(sessions);
  return texts.join("\n");
}
