// The sandbox tests' shared ground: whether bwrap can run here (probed once; CI sets
// REAGENT_REQUIRE_SANDBOX=1 so a missing sandbox fails the tests instead of skipping them), a fake
// machine in a temp folder (a home folder with keys, notes, a toolchain and an outside folder, a
// project inside it, reagent's state folder), and running a real command through prepareSpawn.
import { chmodSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before } from "node:test";
import {
  createSandbox,
  type PolicyInput,
  prepareSpawn,
  probeSandbox,
  readOnlyPolicy,
  type Sandbox,
  type SandboxAvailability,
  type SandboxPolicy,
  workspaceWritePolicy,
} from "../../src/sandbox/index.js";
import { runProcessGroup } from "../../src/util/process-group.js";
import { removeFolder, tempFolder, writeTree } from "./temp-folder.js";

export const availability: SandboxAvailability =
  process.platform === "linux"
    ? await probeSandbox({ platform: "linux", searchPath: process.env.PATH ?? "/usr/bin:/bin" })
    : { kind: "unavailable", reason: `the sandbox tests run on Linux only (${process.platform})`, fix: "" };

const required = process.env.REAGENT_REQUIRE_SANDBOX === "1";

/** `{ skip }` for node:test: a reason on a machine without bwrap, nothing when it runs or CI needs it. */
export const needsSandbox: { skip?: string } =
  availability.kind === "active" || required
    ? {}
    : { skip: `no sandbox here (${availability.reason}; ${availability.fix}); CI requires it` };

/** Throws the probe's reason (the test then fails, as CI wants, instead of passing vacuously). */
export function activeSandbox() {
  if (availability.kind !== "active")
    throw new Error(`the sandbox cannot start: ${availability.reason} (fix: ${availability.fix})`);
  return availability;
}

/** A real Python (not a version-manager shim, which needs the real home folder); where CI requires
 *  the sandbox it must exist (a missing one then fails the test that runs it). */
const foundPython = ["/usr/bin/python3", "/usr/local/bin/python3"].find((path) => existsSync(path));
export const python = foundPython ?? "/usr/bin/python3";
export const needsPython: { skip?: string } =
  foundPython !== undefined || required ? {} : { skip: "no system python3 here (.ci/run installs it)" };

export type FakeMachine = {
  root: string;
  home: string;
  project: string;
  /** A folder outside the project (in the home folder). */
  outside: string;
  stateDir: string;
  sandbox: Sandbox;
  /** PATH for commands: the fake toolchain, then the system's, then this Node's folder. */
  path: string;
  policy(profile: SandboxPolicy["profile"], extra?: Partial<PolicyInput>): SandboxPolicy;
  cleanup(): void;
};

export const PRIVATE_KEY =
  "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n";

export const AWS_KEY = "AKIAIOSFODNN7EXAMPLE";

/** A home folder with planted keys and credentials, a git identity, a toolchain, private notes, a
 *  folder outside the project and the project itself (`home/project`). */
export function plantHome(home: string): void {
  writeTree(home, {
    ".ssh/id_rsa": PRIVATE_KEY,
    ".aws/credentials": `[default]\naws_access_key_id = ${AWS_KEY}\n`,
    ".git-credentials": "https://user:hunter2@example.invalid\n",
    ".bashrc": "# the user's\n",
    ".gitconfig": "[user]\n\tname = Fake User\n\temail = fake@example.invalid\n",
    ".local/bin/hello-tool": "#!/bin/sh\necho hello from the toolchain\n",
    "notes/diary.txt": "private notes\n",
    "outside/existing.txt": "untouched\n",
    "project/README.md": "# project\n",
    "project/src/main.c": "int main(void) { return 0; }\n",
  });
  chmodSync(join(home, ".local/bin/hello-tool"), 0o755);
}

export function fakeMachine(label = "sandbox"): FakeMachine {
  const root = tempFolder(label);
  const home = join(root, "home");
  const project = join(home, "project");
  const outside = join(home, "outside");
  plantHome(home);
  const stateDir = join(home, ".agents", "sandbox");
  const sandbox = createSandbox({ active: activeSandbox(), stateDir });
  const path = [
    join(home, ".local/bin"),
    "/usr/local/bin",
    "/usr/bin",
    "/bin",
    dirname(process.execPath),
  ].join(":");
  return {
    root,
    home,
    project,
    outside,
    stateDir,
    sandbox,
    path,
    policy(profile, extra = {}) {
      const input: PolicyInput = {
        workspace: [project],
        homeDir: home,
        programFolders: path.split(":"),
        ...extra,
      };
      const result = profile === "read-only" ? readOnlyPolicy(input) : workspaceWritePolicy(input);
      if (result.kind === "invalid") throw new Error(result.problems.join("; "));
      return result.policy;
    },
    cleanup: () => removeFolder(root),
  };
}

export type SandboxedRun = { exitCode: number | null; stdout: string; stderr: string; ending: string };

/** Runs `bash -c script` through prepareSpawn with `policy`, then finishes (placeholders removed). */
export async function runSandboxed(
  machine: FakeMachine,
  policy: SandboxPolicy,
  script: string,
  options: {
    cwd?: string;
    env?: Record<string, string>;
    file?: string;
    args?: string[];
    timeoutMs?: number;
  } = {},
): Promise<SandboxedRun> {
  const env = { PATH: machine.path, HOME: machine.home, LANG: "C.UTF-8", ...options.env };
  const prepared = prepareSpawn(
    {
      file: options.file ?? "/bin/bash",
      args: options.args ?? ["-c", script],
      cwd: options.cwd ?? machine.project,
      env,
    },
    { kind: "sandbox", sandbox: machine.sandbox, policy },
  );
  if (prepared.kind === "refused") throw new Error(`the sandbox refused: ${prepared.reason}`);
  return runPrepared(prepared, options.timeoutMs);
}

/** Runs what prepareSpawn or a launcher prepared, then finishes it. */
export async function runPrepared(
  prepared: {
    file: string;
    args: readonly string[];
    cwd: string;
    env: Record<string, string>;
    inputPipes: Uint8Array[];
    finish(): unknown;
  },
  timeoutMs = 30_000,
): Promise<SandboxedRun> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const result = await runProcessGroup({
    file: prepared.file,
    args: prepared.args,
    cwd: prepared.cwd,
    env: prepared.env,
    inputPipes: prepared.inputPipes,
    stdout: (chunk) => out.push(chunk),
    stderr: (chunk) => err.push(chunk),
    timeoutMs,
  });
  prepared.finish();
  return {
    exitCode: result.exitCode,
    ending: result.ending,
    stdout: Buffer.concat(out).toString("utf8"),
    stderr: Buffer.concat(err).toString("utf8"),
  };
}

/** For a describe block: a fake machine made before its tests and removed after them, with the
 *  profile's policy and a runner. */
export function suiteMachine(label: string, profile: SandboxPolicy["profile"], extra?: Partial<PolicyInput>) {
  let current: { machine: FakeMachine; policy: SandboxPolicy } | undefined;
  before(() => {
    const machine = fakeMachine(label);
    current = { machine, policy: machine.policy(profile, extra) };
  });
  after(() => current?.machine.cleanup());
  const get = () => {
    if (current === undefined) throw new Error("suiteMachine is used outside its describe block");
    return current;
  };
  return {
    get machine() {
      return get().machine;
    },
    get policy() {
      return get().policy;
    },
    run: (script: string, options?: Parameters<typeof runSandboxed>[3]) =>
      runSandboxed(get().machine, get().policy, script, options),
  };
}
