// Whether an OS sandbox can start here, found by trying: on Linux, bwrap on the PATH, new enough for
// `--disable-userns`, and one real `true` run with every namespace, no capabilities and the seccomp
// program; on macOS, sandbox-exec with a trivial profile. When it cannot, the answer says why and
// what to do, in words shown to the user as they are.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { runProcessGroup } from "../util/index.js";
import { BWRAP_ISOLATION } from "./bwrap-arguments.js";
import { seccompProgram } from "./seccomp-program.js";

export type SandboxMechanism = "bwrap" | "sandbox-exec";

export type ActiveSandbox = {
  kind: "active";
  mechanism: SandboxMechanism;
  program: string;
  version?: string;
};

export type SandboxAvailability = ActiveSandbox | { kind: "unavailable"; reason: string; fix: string };

type ProbeOptions = {
  platform: NodeJS.Platform;
  /** The PATH to look for bwrap in (and to run `true` with). */
  searchPath: string;
  timeoutMs?: number;
};

const MINIMUM_BWRAP = [0, 8, 0] as const;

const INSTALL_BWRAP = "install the bubblewrap package (apt install bubblewrap, dnf install bubblewrap)";
const ALLOW_USERNS =
  "allow unprivileged user namespaces: `sysctl -w kernel.unprivileged_userns_clone=1` (Debian), " +
  "`sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` or an AppArmor profile for bwrap (Ubuntu 23.10+); " +
  "in a container, start it with user namespaces allowed";

export async function probeSandbox(options: ProbeOptions): Promise<SandboxAvailability> {
  if (options.platform === "darwin") return probeSeatbelt(options);
  if (options.platform !== "linux")
    return {
      kind: "unavailable",
      reason: `no OS sandbox for ${options.platform}`,
      fix: "run reagent inside a container or VM that holds only the project",
    };
  const program = findProgram("bwrap", options.searchPath);
  if (program === null) return { kind: "unavailable", reason: "bwrap not found", fix: INSTALL_BWRAP };
  const versionRun = await run(program, ["--version"], options, []);
  const version = /(\d+)\.(\d+)\.(\d+)/.exec(versionRun.output);
  if (versionRun.code !== 0 || version === null)
    return {
      kind: "unavailable",
      reason: `${program} --version failed: ${firstLine(versionRun.output) || `exit ${versionRun.code}`}`,
      fix: INSTALL_BWRAP,
    };
  const parts = version.slice(1, 4).map(Number);
  if (olderThan(parts, MINIMUM_BWRAP))
    return {
      kind: "unavailable",
      reason: `bwrap ${version[0]} is older than ${MINIMUM_BWRAP.join(".")} (no --disable-userns)`,
      fix: `install bubblewrap ${MINIMUM_BWRAP.join(".")} or later`,
    };
  const args = [...BWRAP_ISOLATION, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
  const trial = await run(program, [...args, "--seccomp", "3", "--", "true"], options, [seccompProgram()]);
  if (trial.code === 0) return { kind: "active", mechanism: "bwrap", program, version: version[0] };
  const said = firstLine(trial.output) || `exit ${trial.code}`;
  if (/namespace|uid map|gid map|setgroups|permission denied|operation not permitted/i.test(trial.output))
    return { kind: "unavailable", reason: `user namespaces refused: ${said}`, fix: ALLOW_USERNS };
  return {
    kind: "unavailable",
    reason: `bwrap cannot start a sandbox: ${said}`,
    fix: `run \`${program} --ro-bind / / --unshare-all true\` to see why`,
  };
}

async function probeSeatbelt(options: ProbeOptions): Promise<SandboxAvailability> {
  const program = "/usr/bin/sandbox-exec";
  if (!isExecutable(program))
    return {
      kind: "unavailable",
      reason: "sandbox-exec not found",
      fix: "sandbox-exec ships with macOS in /usr/bin; check that it was not removed",
    };
  const trial = await run(program, ["-p", "(version 1)(allow default)", "/usr/bin/true"], options, []);
  if (trial.code === 0) return { kind: "active", mechanism: "sandbox-exec", program };
  return {
    kind: "unavailable",
    reason: `sandbox-exec cannot start a sandbox: ${firstLine(trial.output) || `exit ${trial.code}`}`,
    fix: "run reagent outside another sandbox (sandbox-exec cannot nest)",
  };
}

function findProgram(name: string, searchPath: string): string | null {
  for (const folder of searchPath.split(delimiter)) {
    if (folder === "") continue;
    const candidate = join(folder, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function olderThan(version: readonly number[], minimum: readonly number[]): boolean {
  for (const [index, least] of minimum.entries()) {
    const part = version[index] ?? 0;
    if (part !== least) return part < least;
  }
  return false;
}

const firstLine = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line !== "") ?? "";

async function run(file: string, args: string[], options: ProbeOptions, inputs: Uint8Array[]) {
  const chunks: Buffer[] = [];
  const result = await runProcessGroup({
    file,
    args,
    cwd: "/",
    env: { PATH: options.searchPath },
    stdout: (chunk) => chunks.push(chunk),
    stderr: (chunk) => chunks.push(chunk),
    inputPipes: inputs,
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  const output = Buffer.concat(chunks).toString("utf8");
  if (result.ending === "spawn_failed") return { code: -1, output: result.spawnError ?? "could not start" };
  if (result.ending === "timeout")
    return { code: -1, output: `no answer within ${options.timeoutMs ?? 10_000} ms` };
  return { code: result.exitCode ?? -1, output };
}
