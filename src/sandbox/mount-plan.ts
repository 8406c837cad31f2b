// The mount plan of one sandboxed command: a policy and the host's paths → an ordered list of mounts
// (Linux) plus the placeholder folders that must exist first. Pure. The rule that orders everything:
// the more specific path wins (mounts go shallow to deep); at the same path, later roles win:
// root < system < private temp, veils < toolchains < workspace < protected entries < secrets < revealed.
// In the read-only profile, Read-denied paths are then made absent (absent-entries.ts).
import { basename, join } from "node:path";
import { type FolderEntries, sieveAbsent } from "./absent-entries.js";
import { PRIVATE_TEMP_FOLDERS, SYSTEM_ROOT_FOLDERS } from "./default-paths.js";
import type { HostPath, HostPaths } from "./host-paths.js";
import type { SandboxPolicy } from "./sandbox-policy.js";

type Access = "read-only" | "read-write";

type WorkspaceWritePolicy = Extract<SandboxPolicy, { profile: "workspace-write" }>;

type MountRole =
  | "root"
  | "system"
  | "private-temp"
  | "veil"
  | "workspace"
  | "writable"
  | "home"
  | "toolchain"
  | "program"
  | "protected"
  | "secret"
  | "revealed"
  /** An entry of a folder made again inside its sieve (bound back read-only, or a symlink). */
  | "sibling"
  /** The empty folder standing in for one that holds Read-denied names. */
  | "sieve";

export type Mount =
  /** `optional`: skipped when the source is gone by the time the sandbox starts. */
  | { kind: "bind"; source: string; target: string; access: Access; role: MountRole; optional?: true }
  /** An empty in-memory folder: writable private temp, or a read-only veil, hidden folder or sieve. */
  | { kind: "tmpfs"; target: string; access: Access; role: "private-temp" | "veil" | "secret" | "sieve" }
  /** A symlink made inside a sieve, with the host symlink's text. */
  | { kind: "symlink"; target: string; link: string; role: "sibling" }
  /** A hidden file: an empty read-only file is bound over it. */
  | { kind: "cover-file"; target: string; role: "secret" }
  | { kind: "dev"; target: "/dev"; role: "system" }
  | { kind: "proc"; target: "/proc"; role: "system" };

type MountPlan =
  | { kind: "plan"; mounts: Mount[]; placeholders: string[] }
  | { kind: "refused"; reason: string };

const RANK: Record<MountRole, number> = {
  root: 0,
  sibling: 0,
  system: 1,
  "private-temp": 2,
  veil: 2,
  home: 3,
  toolchain: 3,
  program: 3,
  workspace: 4,
  writable: 4,
  protected: 5,
  secret: 6,
  revealed: 7,
  sieve: 8,
};

/** Roles whose bind only re-exposes what something above hides; under another bind it is dropped
 *  (a program folder inside the writable workspace must not turn read-only). */
const ONLY_WHERE_HIDDEN: ReadonlySet<MountRole> = new Set(["home", "toolchain", "program", "revealed"]);

/** What the plan needs to know of the host beyond single paths: the names at the top of its file
 *  system (the read-only profile hides those that are not the system's), the repository-like
 *  folders in the writable ones (workspace-write keeps their config and hooks read-only), and the
 *  entries of a folder (the read-only profile binds back those beside a Read-denied name). */
type HostFacts = {
  rootEntries?: readonly string[];
  repositories?: readonly string[];
  entries?: FolderEntries;
};

export function planMounts(
  policy: SandboxPolicy,
  host: HostPaths,
  cwd: string,
  facts: HostFacts = {},
): MountPlan {
  const writes = policy.profile === "workspace-write";
  const mounts: Mount[] = [
    { kind: "bind", source: "/", target: "/", access: "read-only", role: "root" },
    { kind: "dev", target: "/dev", role: "system" },
    { kind: "proc", target: "/proc", role: "system" },
  ];
  const workspace = bindWorkspace(policy, host, mounts);
  if ("refused" in workspace) return { kind: "refused", reason: workspace.refused };
  const { roots } = workspace;
  const writableRoots = writes ? [...roots] : [];
  if (policy.profile === "workspace-write") writableRoots.push(...bindWritable(policy, host, mounts));
  hideOutsideVisible(policy, host, [...roots, ...writableRoots], facts.rootEntries ?? [], mounts);
  for (const path of policy.programFolders) {
    const found = host(path);
    if (found.kind === "folder") mounts.push(bind(found.real, path, "read-only", "program"));
  }
  const secrets = hideSecrets(policy, host, mounts);
  for (const path of policy.revealed) existing(host(path), (real) => mounts.push(visible(real, "revealed")));
  const placeholders =
    policy.profile === "workspace-write"
      ? protectInWritable(
          policy,
          host,
          { writableRoots, secrets, repositories: facts.repositories ?? [] },
          mounts,
        )
      : [];
  let ordered = order(mounts);
  if (policy.profile === "read-only" && facts.entries !== undefined && policy.absent.length > 0) {
    const absent = new Set<string>();
    for (const path of policy.absent) existing(host(path), (real) => absent.add(real));
    ordered = sieveAbsent(ordered, absent, facts.entries);
  }
  const cover = coverAt(cwd, ordered);
  // A sieve shows its own folder; below it, only what is bound back (which then covers the path).
  const seen = cover?.kind === "bind" || (cover?.role === "sieve" && cover.target === cwd);
  if (!seen) return { kind: "refused", reason: `the working folder ${cwd} is hidden inside the sandbox` };
  return { kind: "plan", mounts: ordered, placeholders };
}

/** The workspace folders, bound where they are (writable in workspace-write); their real paths, or
 *  why the plan is refused (a workspace folder is missing). */
function bindWorkspace(
  policy: SandboxPolicy,
  host: HostPaths,
  mounts: Mount[],
): { roots: string[] } | { refused: string } {
  const access = policy.profile === "workspace-write" ? "read-write" : "read-only";
  const roots: string[] = [];
  for (const root of policy.workspace) {
    const found = host(root);
    if (found.kind !== "folder") return { refused: `workspace folder ${root} does not exist` };
    roots.push(found.real);
    mounts.push(bind(found.real, found.real, access, "workspace"));
  }
  return { roots };
}

/** workspace-write's further writable paths (filesystem.allowWrite); the folders among them. */
function bindWritable(policy: WorkspaceWritePolicy, host: HostPaths, mounts: Mount[]): string[] {
  const folders: string[] = [];
  for (const path of policy.writable) {
    const found = host(path);
    if (found.kind !== "folder" && found.kind !== "file") continue;
    if (found.kind === "folder") folders.push(found.real);
    mounts.push(bind(found.real, found.real, "read-write", "writable"));
  }
  return folders;
}

/** Outside the visible roots: private temp folders; in the read-only profile, veils over the home
 *  folder and the non-system top-level folders with the toolchain shown again, otherwise the home
 *  folder shown read-only. */
function hideOutsideVisible(
  policy: SandboxPolicy,
  host: HostPaths,
  visibleRoots: readonly string[],
  rootEntries: readonly string[],
  mounts: Mount[],
): void {
  const outsideVisible = (path: string) => !visibleRoots.some((root) => isInside(root, path));
  for (const path of [...PRIVATE_TEMP_FOLDERS, ...policy.tempFolders]) {
    const found = host(path);
    if (found.kind === "folder" && outsideVisible(found.real))
      mounts.push({ kind: "tmpfs", target: found.real, access: "read-write", role: "private-temp" });
  }
  if (policy.profile === "read-only") {
    const others = rootEntries.filter((name) => !SYSTEM_ROOT_FOLDERS.has(name)).map((name) => `/${name}`);
    for (const path of [...policy.hiddenSystem, ...others, policy.homeDir]) {
      const found = host(path);
      if (found.kind === "folder" && outsideVisible(found.real))
        mounts.push({ kind: "tmpfs", target: found.real, access: "read-only", role: "veil" });
    }
    for (const path of policy.homeVisible)
      existing(host(path), (real) => mounts.push(visible(real, "toolchain")));
  } else {
    existing(host(policy.homeDir), (real) => mounts.push(visible(real, "home")));
  }
}

/** The hidden paths: an empty read-only folder over a folder, an empty file over a file; their real paths. */
function hideSecrets(policy: SandboxPolicy, host: HostPaths, mounts: Mount[]): string[] {
  const secrets: string[] = [];
  for (const path of policy.hidden) {
    const found = host(path);
    if (found.kind === "folder" || found.kind === "file") secrets.push(found.real);
    if (found.kind === "folder")
      mounts.push({ kind: "tmpfs", target: found.real, access: "read-only", role: "secret" });
    else if (found.kind === "file") mounts.push({ kind: "cover-file", target: found.real, role: "secret" });
  }
  return secrets;
}

/** workspace-write: the protected entries inside the writable folders (git's hooks and config, the
 *  settings files …) bound read-only; a missing one that must not be created is bound from a
 *  placeholder made first. Returns those placeholders. */
function protectInWritable(
  policy: WorkspaceWritePolicy,
  host: HostPaths,
  known: { writableRoots: readonly string[]; secrets: readonly string[]; repositories: readonly string[] },
  mounts: Mount[],
): string[] {
  const { writableRoots, secrets } = known;
  const placeholders: string[] = [];
  const inWritable = (path: string) => writableRoots.some((root) => isInside(root, path));
  const hidden = (path: string) => secrets.some((secret) => isInside(secret, path));
  const protect = (entry: HostPath, missing: "block" | "allow" = "block") => {
    if (entry.kind === "folder" || entry.kind === "file") {
      if (inWritable(entry.real) && !hidden(entry.real))
        mounts.push(bind(entry.real, entry.real, "read-only", "protected"));
    } else if (
      entry.kind === "missing" &&
      missing === "block" &&
      inWritable(entry.firstMissing) &&
      !hidden(entry.firstMissing)
    ) {
      if (!placeholders.includes(entry.firstMissing)) placeholders.push(entry.firstMissing);
      mounts.push(bind(entry.firstMissing, entry.firstMissing, "read-only", "protected"));
    }
  };
  // A repository's git folder made writable itself (to commit from a subfolder or a worktree), and
  // folders git takes for a repository whatever their name.
  const gitFolders = [...writableRoots.filter((root) => basename(root) === ".git"), ...known.repositories];
  for (const folder of gitFolders)
    for (const entry of ["hooks", "config"]) protect(host(join(folder, entry)), "block");
  for (const root of writableRoots) {
    const git = host(join(root, ".git"));
    for (const entry of policy.protectedEntries) {
      if (entry.path.startsWith(".git/")) {
        // A missing .git stays creatable (`git init`); a .git file (a worktree's pointer) is kept whole.
        if (git.kind === "folder") protect(host(join(root, entry.path)), entry.missing);
        else if (git.kind === "file") protect(git);
      } else protect(host(join(root, entry.path)), entry.missing);
    }
  }
  const home = host(policy.homeDir);
  if (home.kind === "folder" && inWritable(home.real))
    for (const entry of policy.homeProtectedEntries)
      protect(host(join(home.real, entry.path)), entry.missing);
  for (const path of policy.readOnly) protect(host(path));
  return placeholders;
}

function bind(source: string, target: string, access: Access, role: MountRole): Mount {
  return { kind: "bind", source, target, access, role };
}

const visible = (real: string, role: MountRole) => bind(real, real, "read-only", role);

function existing(found: HostPath, use: (real: string) => void): void {
  if (found.kind === "folder" || found.kind === "file") use(found.real);
}

/** `path` is `root` or below it; both absolute and normalised (every path of a plan is), which
 *  makes a prefix test exact and much cheaper than path.relative on the hundreds of checks a plan makes. */
export function isInside(root: string, path: string): boolean {
  if (root === "/") return true;
  return path === root || (path.startsWith(root) && path[root.length] === "/");
}

export const mountDepth = (path: string) => (path === "/" ? 0 : path.split("/").length - 1);

/** Shallow to deep, then by role, then as listed. */
export function byDepthAndRole(mounts: readonly Mount[]): Mount[] {
  return mounts
    .map((mount, index) => ({ mount, index }))
    .sort(
      (left, right) =>
        mountDepth(left.mount.target) - mountDepth(right.mount.target) ||
        RANK[left.mount.role] - RANK[right.mount.role] ||
        left.index - right.index,
    )
    .map(({ mount }) => mount);
}

/** Shallow to deep, then by role; the same target and rank twice keeps the later; binds that
 *  expose nothing new (a toolchain folder nothing hides) are dropped. */
function order(mounts: readonly Mount[]): Mount[] {
  const sorted = byDepthAndRole(mounts);
  const kept: Mount[] = [];
  for (const [index, mount] of sorted.entries()) {
    const later = sorted.slice(index + 1);
    if (later.some((other) => other.target === mount.target && RANK[other.role] === RANK[mount.role]))
      continue;
    const above = coverAt(mount.target, kept);
    if (ONLY_WHERE_HIDDEN.has(mount.role) && above?.kind === "bind") continue;
    // Hiding or protecting what is already out of sight would only cost a mount (each one costs
    // bwrap a pass over the mount table) and create an empty name there.
    if ((mount.role === "secret" || mount.role === "protected") && above?.kind !== "bind") continue;
    // A veil under another one; under the writable private temp it still makes its part read-only.
    if (mount.role === "veil" && above?.kind === "tmpfs" && above.access === "read-only") continue;
    kept.push(mount);
  }
  return kept;
}

/** The mount that decides what is seen at `path`: the last one at or above it. */
export function coverAt(path: string, mounts: readonly Mount[]): Mount | undefined {
  let found: Mount | undefined;
  for (const mount of mounts) if (isInside(mount.target, path)) found = mount;
  return found;
}
