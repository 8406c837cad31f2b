// The two sandbox profiles as policy objects: what a command may see and write, in absolute paths,
// with the documented defaults (default-paths.ts) merged with the caller's settings. Pure: no file
// is looked at here; the mount plan (mount-plan.ts) turns a policy and the host's paths into mounts.
import { isAbsolute, join, normalize } from "node:path";
import { type SandboxProtectedEntry, sandboxProtectedEntries } from "../util/index.js";
import { DEFAULT_SECRET_PATHS, DEFAULT_TOOLCHAIN_PATHS, HIDDEN_SYSTEM_FOLDERS } from "./default-paths.js";

type PolicyCommon = {
  /** The workspace roots: the project folder first, then `--add-dir` folders (absolute, real). */
  workspace: readonly string[];
  homeDir: string;
  /** Hidden: the default credentials plus `filesystem.denyRead`. */
  hidden: readonly string[];
  /** Visible again inside a hidden path (`filesystem.allowRead`); the more specific path wins. */
  revealed: readonly string[];
  /** Program folders (PATH entries, the running Node) kept visible, read-only, wherever they are. */
  programFolders: readonly string[];
  /** Host temp folders besides /tmp, /var/tmp and /run (TMPDIR …): replaced by private empty ones. */
  tempFolders: readonly string[];
};

type WorkspaceWritePolicy = PolicyCommon & {
  profile: "workspace-write";
  /** Writable besides the workspace (`filesystem.allowWrite`). */
  writable: readonly string[];
  /** Read-only although inside a writable folder (`filesystem.denyWrite`). */
  readOnly: readonly string[];
  /** Kept read-only at the top of every writable folder, relative (`.git/hooks`, `.claude` …). */
  protectedEntries: readonly SandboxProtectedEntry[];
  /** Kept read-only in the home folder when a writable folder holds it (`.bashrc`, `.ssh` …). */
  homeProtectedEntries: readonly SandboxProtectedEntry[];
};

type ReadOnlyPolicy = PolicyCommon & {
  profile: "read-only";
  /** The parts of the home folder that stay visible (toolchains and their configuration). */
  homeVisible: readonly string[];
  /** System folders of user data that are hidden (`/home`, `/mnt`, `/media` …). */
  hiddenSystem: readonly string[];
  /** The hidden paths the caller named (`filesystem.denyRead`, and the paths of Read deny rules):
   *  not there at all, rather than empty, where the mount plan can afford it. The built-in
   *  credential list stays empty stand-ins (that such a file exists says nothing about a user). */
  absent: readonly string[];
};

export type SandboxPolicy = WorkspaceWritePolicy | ReadOnlyPolicy;
export type SandboxProfile = SandboxPolicy["profile"];

/** The `sandbox.filesystem` settings, in Claude Code's names. */
type FilesystemSettings = {
  allowWrite?: readonly string[];
  denyWrite?: readonly string[];
  denyRead?: readonly string[];
  allowRead?: readonly string[];
};

export type PolicyInput = {
  workspace: readonly string[];
  homeDir: string;
  filesystem?: FilesystemSettings;
  /** More home entries the read-only profile keeps visible (`~/x` or absolute). */
  toolchain?: readonly string[];
  programFolders?: readonly string[];
  tempFolders?: readonly string[];
};

export type PolicyResult<P> = { kind: "policy"; policy: P } | { kind: "invalid"; problems: string[] };

const PROTECTED = sandboxProtectedEntries();

export function workspaceWritePolicy(input: PolicyInput): PolicyResult<WorkspaceWritePolicy> {
  const paths = new PathReader(input);
  const policy: WorkspaceWritePolicy = {
    profile: "workspace-write",
    ...paths.common(),
    writable: paths.list("filesystem.allowWrite", input.filesystem?.allowWrite),
    readOnly: paths.list("filesystem.denyWrite", input.filesystem?.denyWrite),
    protectedEntries: PROTECTED.everyRoot,
    homeProtectedEntries: PROTECTED.home,
  };
  return paths.result(policy);
}

export function readOnlyPolicy(input: PolicyInput): PolicyResult<ReadOnlyPolicy> {
  const paths = new PathReader(input);
  const policy: ReadOnlyPolicy = {
    profile: "read-only",
    ...paths.common(),
    homeVisible: paths.list("toolchain", [...DEFAULT_TOOLCHAIN_PATHS, ...(input.toolchain ?? [])]),
    hiddenSystem: HIDDEN_SYSTEM_FOLDERS,
    // Read again by a reader of its own: its problems are paths.common()'s already.
    absent: new PathReader(input).list("filesystem.denyRead", input.filesystem?.denyRead),
  };
  return paths.result(policy);
}

/** Reads the caller's paths: `~/x` under the home folder, `//x` and `/x` absolute, anything else
 *  relative to the project folder; collects a problem per unusable entry instead of guessing. */
class PathReader {
  readonly problems: string[] = [];
  constructor(private readonly input: PolicyInput) {
    if (input.workspace.length === 0) this.problems.push("the sandbox needs at least one workspace folder");
    for (const root of input.workspace)
      if (!isAbsolute(root)) this.problems.push(`workspace folder ${root} is not an absolute path`);
    if (!isAbsolute(input.homeDir))
      this.problems.push(`home folder ${input.homeDir} is not an absolute path`);
  }

  common(): PolicyCommon {
    return {
      workspace: this.input.workspace.map((root) => normalize(root)),
      homeDir: normalize(this.input.homeDir),
      hidden: this.list("filesystem.denyRead", [
        ...DEFAULT_SECRET_PATHS,
        ...(this.input.filesystem?.denyRead ?? []),
      ]),
      revealed: this.list("filesystem.allowRead", this.input.filesystem?.allowRead),
      programFolders: this.list("program folders", this.input.programFolders, { skipRelative: true }),
      tempFolders: this.list("temp folders", this.input.tempFolders),
    };
  }

  list(setting: string, entries: readonly string[] | undefined, options: { skipRelative?: boolean } = {}) {
    const paths: string[] = [];
    (entries ?? []).forEach((entry, index) => {
      const path = this.path(setting, index, entry, options.skipRelative ?? false);
      if (path !== null && !paths.includes(path)) paths.push(path);
    });
    return paths;
  }

  result<P>(policy: P): PolicyResult<P> {
    return this.problems.length === 0
      ? { kind: "policy", policy }
      : { kind: "invalid", problems: this.problems };
  }

  private path(setting: string, index: number, entry: string, skipRelative: boolean): string | null {
    const text = entry.trim();
    if (text === "") {
      this.problems.push(`${setting}[${index}] is empty; give a path (~/x, /x or relative to the project)`);
      return null;
    }
    if (text === "~") return normalize(this.input.homeDir);
    if (text.startsWith("~/")) return normalize(join(this.input.homeDir, text.slice(2)));
    if (text.startsWith("~")) {
      this.problems.push(`${setting}[${index}] ${text}: only your own home folder (~/…) can be named with ~`);
      return null;
    }
    if (isAbsolute(text)) return normalize(text.replace(/^\/\/+/, "/"));
    // PATH may hold relative entries (`.`, `node_modules/.bin`): they name no fixed folder.
    if (skipRelative) return null;
    const project = this.input.workspace[0];
    return project === undefined ? null : normalize(join(project, text));
  }
}
