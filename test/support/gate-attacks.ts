// The gate-attack end-to-end tests' ground: one headless run of the built CLI on a planted home
// (sandbox-cli.ts) whose fake model makes the given rounds of tool calls, one response per round, and
// the outcome of every call as the model saw it. `withoutSandbox` puts a bwrap on PATH that refuses to
// start (as on a machine whose kernel refuses user namespaces), so the no-sandbox path is exercised
// on a machine that has one.
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "./cli.js";
import { startFakeModelServer } from "./fake-model-server.js";
import type { SandboxHome, SessionRun, ToolCall } from "./sandbox-cli.js";
import { toolOutcomes } from "./tool-outcomes.js";

export type AttackOptions = {
  args?: string[];
  env?: Record<string, string>;
  /** A bwrap that cannot start comes first on PATH: no sandbox can start in this run. */
  withoutSandbox?: boolean;
};

/** PATH with a bwrap first that answers --version and then refuses every sandbox. */
export function refusingBwrapPath(machine: SandboxHome): string {
  const bin = join(machine.root, "refusing-bin");
  mkdirSync(bin, { recursive: true });
  const path = join(bin, "bwrap");
  writeFileSync(
    path,
    '#!/bin/sh\n[ "$1" = --version ] && { echo "bubblewrap 0.8.0"; exit 0; }\necho "bwrap: setting up uid map: Permission denied" >&2\nexit 1\n',
  );
  chmodSync(path, 0o755);
  return `${bin}:${machine.env().PATH}`;
}

/** One headless run making `rounds` of calls (Bash unless named), one model response per round. */
export async function attackSession(
  machine: SandboxHome,
  rounds: ToolCall[][],
  options: AttackOptions = {},
): Promise<SessionRun> {
  const model = await startFakeModelServer([
    ...rounds.map((calls) => ({
      text: "Trying.",
      tool_calls: calls.map((call) => ({ name: "Bash", ...call })),
    })),
    { text: "done" },
  ]);
  try {
    const run = await runCli(["-p", "go", "--output-format", "json", ...(options.args ?? [])], {
      cwd: machine.project,
      env: machine.env({
        ANTHROPIC_API_KEY: "test-key",
        ANTHROPIC_BASE_URL: model.anthropicBaseURL,
        ...(options.withoutSandbox ? { PATH: refusingBwrapPath(machine) } : {}),
        ...options.env,
      }),
      timeoutMs: 120_000,
    });
    assert.equal(run.code, 0, run.stderr);
    const outcomes = toolOutcomes(run.stdout, model.requests[rounds.length]?.body);
    return { ...run, outcomes, model };
  } finally {
    await model.close();
  }
}
