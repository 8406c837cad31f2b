// The one entry point: without a sandbox it only filters the environment; with one it returns
// bwrap's command, the seccomp program as an input pipe placed after the caller's output pipes (the
// Bash tool's fd 3 still reaches the command), and refusals with their reason.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { prepareSpawn } from "../../src/sandbox/index.js";
import { runProcessGroup } from "../../src/util/process-group.js";
import { type FakeMachine, fakeMachine, needsSandbox } from "../support/sandbox.js";

test("no sandbox: the same command, the environment filtered, nothing to clean", () => {
  const prepared = prepareSpawn(
    {
      file: "hook.sh",
      args: ["--x"],
      cwd: "/w",
      env: { PATH: "/bin", OPENAI_API_KEY: "sk-x", TERM: "dumb" },
    },
    { kind: "none", environment: { pass: ["TERM"] } },
  );
  assert.equal(prepared.kind, "ready");
  if (prepared.kind !== "ready") return;
  assert.deepEqual(
    { file: prepared.file, args: prepared.args, cwd: prepared.cwd, env: prepared.env, layer: prepared.layer },
    {
      file: "hook.sh",
      args: ["--x"],
      cwd: "/w",
      env: { PATH: "/bin", TERM: "dumb" },
      layer: { kind: "none" },
    },
  );
  assert.deepEqual(
    prepared.removed.map((variable) => variable.name),
    ["OPENAI_API_KEY"],
  );
  assert.deepEqual(prepared.finish(), { removed: [], kept: [] });
});

describe("with the sandbox", needsSandbox, () => {
  let machine: FakeMachine;
  before(() => {
    machine = fakeMachine("prepare");
  });
  after(() => machine.cleanup());

  test("the caller's output pipes come first: the seccomp fd follows them, fd 3 reaches the command", async () => {
    const policy = machine.policy("workspace-write");
    const prepared = prepareSpawn(
      {
        file: "/bin/bash",
        args: ["-c", "pwd >&3; echo out"],
        cwd: join(machine.project, "src"),
        env: { PATH: machine.path },
        outputPipes: 1,
      },
      { kind: "sandbox", sandbox: machine.sandbox, policy },
    );
    assert.equal(prepared.kind, "ready");
    if (prepared.kind !== "ready") return;
    assert.deepEqual(prepared.layer, { kind: "sandbox", mechanism: "bwrap", profile: "workspace-write" });
    const at = prepared.args.indexOf("--seccomp");
    assert.equal(prepared.args[at + 1], "4");
    const fd3: Buffer[] = [];
    const out: Buffer[] = [];
    const result = await runProcessGroup({
      file: prepared.file,
      args: prepared.args,
      cwd: prepared.cwd,
      env: prepared.env,
      extraPipes: [(chunk) => fd3.push(chunk)],
      inputPipes: prepared.inputPipes,
      stdout: (chunk) => out.push(chunk),
      stderr: () => {},
      timeoutMs: 20_000,
    });
    prepared.finish();
    assert.equal(result.exitCode, 0);
    assert.equal(Buffer.concat(fd3).toString(), `${join(machine.project, "src")}\n`);
    assert.equal(Buffer.concat(out).toString(), "out\n");
  });

  test("a working folder that does not exist, or one the profile hides, is refused", () => {
    const policy = machine.policy("read-only");
    const run = (cwd: string) =>
      prepareSpawn(
        { file: "true", args: [], cwd, env: {} },
        { kind: "sandbox", sandbox: machine.sandbox, policy },
      );
    assert.deepEqual(run(join(machine.project, "missing")), {
      kind: "refused",
      reason: `working folder ${join(machine.project, "missing")} does not exist`,
    });
    assert.deepEqual(run(join(machine.home, "notes")), {
      kind: "refused",
      reason: `the working folder ${join(machine.home, "notes")} is hidden inside the sandbox`,
    });
  });
});
