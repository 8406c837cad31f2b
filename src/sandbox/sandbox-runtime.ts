// The sandbox of one reagent run, once the probe found a mechanism: its state folder (the empty
// file bound over hidden files, the placeholder records; made on first use, so a run that never
// sandboxes leaves nothing behind), the seccomp program, and `prepare`, which turns a spawn request
// and a policy into the bwrap or sandbox-exec command to run. Creating it sweeps the placeholders a
// killed earlier run left behind.
import { randomBytes } from "node:crypto";
import { lstatSync, readdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureFolderSync, errnoCode, errnoReason, isInside } from "../util/index.js";
import { bwrapArguments } from "./bwrap-arguments.js";
import { cachedHostPaths, folderEntries } from "./host-paths.js";
import { type Mount, planMounts } from "./mount-plan.js";
import { createPlaceholderStore, type PlaceholderCleanup } from "./placeholder-store.js";
import { createRepositoryFinder } from "./repository-folders.js";
import type { ActiveSandbox } from "./sandbox-availability.js";
import { sandboxExecProfile } from "./sandbox-exec-profile.js";
import type { SandboxPolicy } from "./sandbox-policy.js";
import { seccompProgram } from "./seccomp-program.js";

export type SpawnRequest = {
  file: string;
  args: readonly string[];
  /** The working folder (absolute); it must be visible inside the policy. */
  cwd: string;
  /** The child's environment before filtering. */
  env: Readonly<Record<string, string | undefined>>;
  /** How many extra output pipes (fd 3 …) the caller gives runProcessGroup; the sandbox's input
   *  pipes come after them. */
  outputPipes?: number;
};

/** What to hand runProcessGroup (`file`, `args`, `cwd`, `env`, `inputPipes`); call `finish` once the
 *  process has ended (its placeholders are removed then). */
type SandboxedCommand = {
  file: string;
  args: string[];
  cwd: string;
  /** Variables the sandbox sets on top of the filtered environment (macOS: its private TMPDIR). */
  envAdditions: Record<string, string>;
  inputPipes: Uint8Array[];
  finish(): PlaceholderCleanup;
};

type SandboxedPreparation =
  | { kind: "ready"; command: SandboxedCommand }
  | { kind: "refused"; reason: string };

export type Sandbox = {
  readonly active: ActiveSandbox;
  /** What the start-up sweep removed or had to keep. */
  readonly leftovers: PlaceholderCleanup;
  /** `env` is applied by the caller (already filtered: bwrap's own environment is visible inside). */
  prepare(request: SpawnRequest, policy: SandboxPolicy): SandboxedPreparation;
};

type SandboxOptions = {
  active: ActiveSandbox;
  /** A folder of reagent's own, outside every workspace (e.g. ~/.agents/sandbox). */
  stateDir: string;
};

const NOTHING_CLEANED: PlaceholderCleanup = { removed: [], kept: [] };

/** The placeholders a plan needs: those it makes, and those other commands made (`held`) that it
 *  binds or binds a path in. To the plan those are plain folders, but held for this command too, or
 *  the other command's end removes them before this sandbox mounts them. */
function placeholdersOf(plan: { mounts: Mount[]; placeholders: string[] }, held: string[]): string[] {
  const sources = plan.mounts.flatMap((mount) => (mount.kind === "bind" ? [mount.source] : []));
  const inUse = held.filter((placeholder) => sources.some((source) => isInside(placeholder, source)));
  return [...new Set([...plan.placeholders, ...inUse])];
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const store = createPlaceholderStore(join(options.stateDir, "placeholders"));
  const leftovers = store.sweep();
  const program = seccompProgram();
  const coverFile = join(options.stateDir, "empty");
  const findRepositories = createRepositoryFinder();
  let coverReady = false;

  const prepareBwrap = (request: SpawnRequest, policy: SandboxPolicy): SandboxedPreparation => {
    const host = cachedHostPaths();
    const cwd = host(request.cwd);
    if (cwd.kind !== "folder")
      return { kind: "refused", reason: `working folder ${request.cwd} does not exist` };
    const plan = planMounts(
      policy,
      host,
      cwd.real,
      policy.profile === "read-only"
        ? { rootEntries: rootEntries(), entries: folderEntries }
        : { repositories: findRepositories([...policy.workspace, ...policy.writable]) },
    );
    if (plan.kind === "refused") return plan;
    if (!coverReady) {
      const problem = ensureCoverFile(options.stateDir, coverFile);
      if (problem !== null) return { kind: "refused", reason: problem };
      coverReady = true;
    }
    const held = store.acquire(placeholdersOf(plan, store.held()));
    if (held.kind === "failed") return { kind: "refused", reason: held.reason };
    const seccompFd = 3 + (request.outputPipes ?? 0);
    const args = bwrapArguments({ mounts: plan.mounts, coverFile, seccompFd, ...request, cwd: cwd.real });
    return {
      kind: "ready",
      command: {
        file: options.active.program,
        args,
        cwd: cwd.real,
        envAdditions: {},
        inputPipes: [program],
        finish: held.lease.release,
      },
    };
  };

  const prepareSeatbelt = (request: SpawnRequest, policy: SandboxPolicy): SandboxedPreparation => {
    const privateTemp = join(options.stateDir, "tmp", randomBytes(6).toString("hex"));
    try {
      ensureFolderSync(privateTemp, 0o700);
    } catch (error) {
      return {
        kind: "refused",
        reason: `cannot create the private temp folder ${privateTemp}: ${errnoReason(error)}`,
      };
    }
    const profile = sandboxExecProfile(policy, { privateTemp });
    return {
      kind: "ready",
      command: {
        file: options.active.program,
        args: ["-p", profile, request.file, ...request.args],
        cwd: request.cwd,
        envAdditions: { TMPDIR: privateTemp },
        inputPipes: [],
        finish: () => {
          rmSync(privateTemp, { recursive: true, force: true });
          return NOTHING_CLEANED;
        },
      },
    };
  };

  return {
    active: options.active,
    leftovers,
    prepare: (request, policy) =>
      options.active.mechanism === "bwrap" ? prepareBwrap(request, policy) : prepareSeatbelt(request, policy),
  };
}

/** The names at the top of the file system (none when it cannot be read). */
function rootEntries(): string[] {
  try {
    return readdirSync("/");
  } catch {
    return [];
  }
}

/** The empty read-only file bound over hidden files (its folder made first); recreated if anything
 *  changed it. */
function ensureCoverFile(stateDir: string, path: string): string | null {
  try {
    ensureFolderSync(stateDir, 0o700);
  } catch (error) {
    return `cannot create the sandbox's state folder ${stateDir}: ${errnoReason(error)}`;
  }
  try {
    const stat = lstatSync(path);
    if (stat.isFile() && stat.size === 0) return null;
    unlinkSync(path);
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") return `cannot use ${path}: ${errnoReason(error)}`;
  }
  try {
    writeFileSync(path, "", { mode: 0o444, flag: "wx" });
    return null;
  } catch (error) {
    return `cannot create ${path}: ${errnoReason(error)}`;
  }
}
