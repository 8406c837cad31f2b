// The process launcher every spawner uses: "none" filters the environment (named variables pass),
// a profile runs the command in bwrap with that profile's policy built for the project given (a
// worktree agent's `within`), a profile asked for where no sandbox runs is refused, the filter's
// removals reach the caller (the redactor learns them), and finishAll releases every placeholder; a
// placeholder lives as long as the last launch that mounts it.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Launch, ProcessLauncher } from "../../src/contracts/index.js";
import { createProcessLauncher, createSecretRedaction, filterEnvironment } from "../../src/sandbox/index.js";
import { needsSandbox, runPrepared, suiteMachine } from "../support/sandbox.js";

async function run(launch: Launch) {
  if (launch.kind === "refused") throw new Error(launch.reason);
  const result = await runPrepared(launch);
  return { code: result.exitCode, output: result.stdout + result.stderr };
}

test("none: the environment filter only; named variables pass; a profile is refused without a sandbox", async () => {
  const removed: string[] = [];
  const launcher = createProcessLauncher({
    policy: () => ({ kind: "invalid", problems: ["unused"] }),
    environment: { pass: ["GITHUB_TOKEN"] },
    project: "/",
    onRemoved: (variables) => removed.push(...variables.map((variable) => variable.name)),
  });
  const env = {
    PATH: process.env.PATH,
    ANTHROPIC_API_KEY: "sk-ant-xyz",
    GITHUB_TOKEN: "ghp_x",
    MY_PASSWORD: "p",
  };
  const launch = launcher.prepare({ file: "/bin/sh", args: ["-c", "env"], cwd: "/", env }, "none");
  const { output } = await run(launch);
  assert.match(output, /GITHUB_TOKEN=ghp_x/);
  assert.doesNotMatch(output, /ANTHROPIC_API_KEY|MY_PASSWORD/);
  assert.deepEqual(removed.sort(), ["ANTHROPIC_API_KEY", "MY_PASSWORD"]);
  const refused = launcher.prepare({ file: "/bin/true", args: [], cwd: "/", env }, "workspace-write");
  assert.equal(refused.kind, "refused");
  assert.match(refused.kind === "refused" ? refused.reason : "", /no sandbox can start here/);
  const extra = launcher.prepare(
    { file: "/bin/sh", args: ["-c", "echo $MY_PASSWORD"], cwd: "/", env, pass: ["MY_PASSWORD"] },
    "none",
  );
  assert.equal((await run(extra)).output, "p\n", "a caller-named variable passes");
});

describe("profiles through bwrap", needsSandbox, () => {
  const suite = suiteMachine("launcher", "workspace-write");
  const launcherFor = () => {
    const { machine } = suite;
    return createProcessLauncher({
      sandbox: machine.sandbox,
      policy: (profile, project) => {
        const policy = machine.policy(profile, { workspace: [project] });
        return { kind: "policy", policy };
      },
      environment: { pass: [] },
      project: machine.project,
    });
  };

  test("workspace-write writes the project; read-only does not; within() moves the workspace", async () => {
    const { machine } = suite;
    const launcher = launcherFor();
    const env = { PATH: machine.path, HOME: machine.home };
    const write = (
      containment: "workspace-write" | "read-only",
      cwd: string,
      via: ProcessLauncher = launcher,
    ) => run(via.prepare({ file: "/bin/bash", args: ["-c", "echo x > made.txt"], cwd, env }, containment));
    assert.equal((await write("workspace-write", machine.project)).code, 0);
    assert.ok(existsSync(join(machine.project, "made.txt")));
    const readOnly = await write("read-only", machine.project);
    assert.notEqual(readOnly.code, 0);
    assert.match(readOnly.output, /Read-only file system/);
    const elsewhere = await write("workspace-write", machine.outside);
    assert.match(elsewhere.output, /Read-only file system/);
    assert.equal((await write("workspace-write", machine.outside, launcher.within(machine.outside))).code, 0);
    assert.ok(existsSync(join(machine.outside, "made.txt")));
  });

  test("finishAll removes the placeholders of a launch never finished", () => {
    const { machine } = suite;
    const launcher = launcherFor();
    const launch = launcher.prepare(
      { file: "/bin/true", args: [], cwd: machine.project, env: { PATH: machine.path } },
      "workspace-write",
    );
    assert.equal(launch.kind, "ready");
    assert.ok(existsSync(join(machine.project, ".claude")), "placeholder made");
    launcher.finishAll();
    assert.equal(existsSync(join(machine.project, ".claude")), false);
  });

  test("a placeholder another launch made stays until the last launch that mounts it ends", async () => {
    const { machine } = suite;
    const launcher = launcherFor();
    const prepare = () =>
      launcher.prepare(
        { file: "/bin/sh", args: ["-c", "echo started"], cwd: machine.project, env: { PATH: machine.path } },
        "workspace-write",
      );
    const first = prepare();
    const second = prepare(); // .claude exists now: to its plan an ordinary folder to mount read-only
    if (first.kind !== "ready" || second.kind !== "ready") throw new Error("a launch was refused");
    first.finish(); // the first command ended before the second's sandbox started
    assert.ok(existsSync(join(machine.project, ".claude")), "kept for the second launch");
    const { code, output } = await run(second);
    assert.equal(code, 0, output);
    assert.equal(output, "started\n");
    assert.equal(existsSync(join(machine.project, ".claude")), false, "removed after the last");
  });
});

test("the run's redaction: values the filter removed, learned later ones, and key shapes", () => {
  const redaction = createSecretRedaction(
    filterEnvironment({ SERVICE_TOKEN: "tok-1234567890", PATH: "/bin" }).removed,
  );
  assert.equal(redaction.redact("a tok-1234567890 b /bin"), "a [redacted: value of SERVICE_TOKEN] b /bin");
  assert.equal(redaction.redact("later-secret-value"), "later-secret-value");
  redaction.learn(filterEnvironment({ HOOK_SECRET: "later-secret-value" }).removed);
  assert.equal(redaction.redact("later-secret-value"), "[redacted: value of HOOK_SECRET]");
  assert.equal(redaction.redact("xoxb-123456789012-abcdefghijkl"), "[redacted: Slack token]");
});
