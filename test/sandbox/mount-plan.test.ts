// The mount plan and bwrap's argv for described hosts (no files needed): the exact mounts of each
// profile, in order, and the ordering rules — the more specific path wins, the workspace inside a
// hidden home, a home under /tmp, credentials inside toolchain folders, allowRead against denyRead,
// protected entries with placeholders only where a missing one could later run, a worktree's .git
// file, program folders, a hidden working folder refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import { bwrapArguments } from "../../src/sandbox/bwrap-arguments.js";
import type { HostPath, HostPaths } from "../../src/sandbox/host-paths.js";
import type { PolicyInput } from "../../src/sandbox/index.js";
import { readOnlyPolicy, workspaceWritePolicy } from "../../src/sandbox/index.js";
import { type Mount, planMounts } from "../../src/sandbox/mount-plan.js";

/** A host holding exactly these paths (everything else missing; its parents are folders). */
function host(entries: Record<string, "folder" | "file">): HostPaths {
  return (path): HostPath => {
    const kind = entries[path];
    if (kind !== undefined) return { kind, real: path };
    let first = path;
    for (let parent = path; parent !== "/"; parent = parent.slice(0, parent.lastIndexOf("/")) || "/") {
      if (entries[parent] !== undefined || ["/", "/tmp"].includes(parent)) break;
      first = parent;
    }
    return { kind: "missing", real: path, firstMissing: first };
  };
}

const BASE = { "/tmp": "folder", "/run": "folder", "/var/tmp": "folder" } as const;

function policyOf(kind: "workspace-write" | "read-only", input: PolicyInput) {
  const result = kind === "read-only" ? readOnlyPolicy(input) : workspaceWritePolicy(input);
  if (result.kind === "invalid") throw new Error(result.problems.join("; "));
  return result.policy;
}

const describeMount = (mount: Mount) =>
  mount.kind === "bind"
    ? `${mount.access === "read-only" ? "ro" : "rw"} ${mount.target}${mount.source === mount.target ? "" : ` <- ${mount.source}`} (${mount.role})`
    : mount.kind === "tmpfs"
      ? `tmpfs-${mount.access === "read-only" ? "ro" : "rw"} ${mount.target} (${mount.role})`
      : `${mount.kind} ${mount.target}`;

function mounts(plan: ReturnType<typeof planMounts>): string[] {
  if (plan.kind === "refused") throw new Error(plan.reason);
  return plan.mounts.map(describeMount);
}

test("workspace-write: exact mounts for a project in a home folder", () => {
  const machine = host({
    ...BASE,
    "/home/u": "folder",
    "/home/u/p": "folder",
    "/home/u/p/.git": "folder",
    "/home/u/p/.git/hooks": "folder",
    "/home/u/p/.git/config": "file",
    "/home/u/p/.claude": "folder",
    "/home/u/p/.husky": "folder",
    "/home/u/.ssh": "folder",
    "/home/u/.netrc": "file",
    "/home/u/shared": "folder",
  });
  const policy = policyOf("workspace-write", {
    workspace: ["/home/u/p"],
    homeDir: "/home/u",
    filesystem: { allowWrite: ["~/shared"], denyWrite: ["dist"] },
  });
  const plan = planMounts(policy, machine, "/home/u/p");
  assert.deepEqual(mounts(plan), [
    "ro / (root)",
    "dev /dev",
    "proc /proc",
    "tmpfs-rw /tmp (private-temp)",
    "tmpfs-rw /run (private-temp)",
    "tmpfs-rw /var/tmp (private-temp)",
    "rw /home/u/p (workspace)",
    "rw /home/u/shared (writable)",
    "tmpfs-ro /home/u/.ssh (secret)",
    "cover-file /home/u/.netrc",
    "ro /home/u/p/.agents (protected)",
    "ro /home/u/p/.claude (protected)",
    "ro /home/u/p/.husky (protected)",
    "ro /home/u/p/.vscode (protected)",
    "ro /home/u/p/.idea (protected)",
    "ro /home/u/p/.cursor (protected)",
    "ro /home/u/p/.gemini (protected)",
    "ro /home/u/p/.codex (protected)",
    "ro /home/u/p/.zed (protected)",
    "ro /home/u/p/.mcp.json (protected)",
    "ro /home/u/shared/.agents (protected)",
    "ro /home/u/shared/.claude (protected)",
    "ro /home/u/shared/.vscode (protected)",
    "ro /home/u/shared/.idea (protected)",
    "ro /home/u/shared/.cursor (protected)",
    "ro /home/u/shared/.gemini (protected)",
    "ro /home/u/shared/.codex (protected)",
    "ro /home/u/shared/.zed (protected)",
    "ro /home/u/shared/.mcp.json (protected)",
    "ro /home/u/p/dist (protected)",
    "ro /home/u/p/.git/hooks (protected)",
    "ro /home/u/p/.git/config (protected)",
  ]);
  assert.equal(plan.kind, "plan");
  if (plan.kind !== "plan") return;
  // Missing entries that could run later get placeholders; a new lefthook.yml or .envrc is inert.
  assert.ok(plan.placeholders.includes("/home/u/p/.mcp.json"));
  assert.ok(plan.placeholders.includes("/home/u/p/dist"));
  assert.equal(
    plan.placeholders.some((path) => /lefthook|envrc|pre-commit|gitmodules/.test(path)),
    false,
  );
  assert.equal(plan.placeholders.includes("/home/u/p/.claude"), false, "an existing entry needs none");
});

test("bwrap argv: isolation first, mounts in plan order, read-only tmpfs remounted last, then the command", () => {
  const args = bwrapArguments({
    mounts: [
      { kind: "bind", source: "/", target: "/", access: "read-only", role: "root" },
      { kind: "tmpfs", target: "/tmp", access: "read-write", role: "private-temp" },
      { kind: "tmpfs", target: "/home/u/.ssh", access: "read-only", role: "secret" },
      { kind: "bind", source: "/w", target: "/w", access: "read-write", role: "workspace" },
      { kind: "cover-file", target: "/home/u/.netrc", role: "secret" },
    ],
    coverFile: "/state/empty",
    seccompFd: 4,
    cwd: "/w",
    file: "/bin/bash",
    args: ["-c", "echo hi"],
  });
  assert.deepEqual(args, [
    ...["--new-session", "--die-with-parent", "--unshare-user", "--unshare-pid", "--unshare-ipc"],
    ...["--unshare-net", "--unshare-uts", "--unshare-cgroup-try", "--disable-userns", "--cap-drop", "ALL"],
    ...["--ro-bind", "/", "/", "--tmpfs", "/tmp", "--tmpfs", "/home/u/.ssh", "--bind", "/w", "/w"],
    ...["--ro-bind", "/state/empty", "/home/u/.netrc", "--remount-ro", "/home/u/.ssh"],
    ...["--seccomp", "4", "--chdir", "/w", "--", "/bin/bash", "-c", "echo hi"],
  ]);
});

test("read-only: the home folder hidden except toolchains, the workspace inside it visible, credentials inside a toolchain hidden", () => {
  const machine = host({
    ...BASE,
    "/home": "folder",
    "/mnt": "folder",
    "/home/u": "folder",
    "/home/u/p": "folder",
    "/home/u/.cargo": "folder",
    "/home/u/.cargo/credentials.toml": "file",
    "/home/u/.gitconfig": "file",
    "/home/u/.ssh": "folder",
    "/home/u/p/.env": "file",
  });
  const policy = policyOf("read-only", {
    workspace: ["/home/u/p"],
    homeDir: "/home/u",
    filesystem: { denyRead: ["./.env"] },
  });
  assert.deepEqual(mounts(planMounts(policy, machine, "/home/u/p")), [
    "ro / (root)",
    "dev /dev",
    "proc /proc",
    "tmpfs-rw /tmp (private-temp)",
    "tmpfs-rw /run (private-temp)",
    "tmpfs-ro /home (veil)",
    "tmpfs-ro /mnt (veil)",
    "tmpfs-rw /var/tmp (private-temp)",
    // No veil of its own for /home/u: /home hides it already.
    "ro /home/u/.gitconfig (toolchain)",
    "ro /home/u/.cargo (toolchain)",
    "ro /home/u/p (workspace)",
    "cover-file /home/u/.cargo/credentials.toml",
    "cover-file /home/u/p/.env",
  ]);
});

test("a home under /tmp stays visible read-only; the project and its secrets stack on top", () => {
  const machine = host({ ...BASE, "/tmp/h": "folder", "/tmp/h/p": "folder", "/tmp/h/.ssh": "folder" });
  const policy = policyOf("workspace-write", { workspace: ["/tmp/h/p"], homeDir: "/tmp/h" });
  const plan = mounts(planMounts(policy, machine, "/tmp/h/p")).filter(
    (line) => !line.includes("(protected)"),
  );
  assert.deepEqual(plan.slice(3), [
    "tmpfs-rw /tmp (private-temp)",
    "tmpfs-rw /run (private-temp)",
    "tmpfs-rw /var/tmp (private-temp)",
    "ro /tmp/h (home)",
    "rw /tmp/h/p (workspace)",
    "tmpfs-ro /tmp/h/.ssh (secret)",
  ]);
});

test("allowRead wins over denyRead on the same path and inside it; the more specific denial wins again", () => {
  const machine = host({
    ...BASE,
    "/w": "folder",
    "/data": "folder",
    "/data/public": "folder",
    "/data/public/private": "folder",
  });
  const policy = policyOf("workspace-write", {
    workspace: ["/w"],
    homeDir: "/home/none",
    filesystem: { denyRead: ["/data", "/data/public/private"], allowRead: ["/data/public"] },
  });
  const plan = mounts(planMounts(policy, machine, "/w")).filter((line) => line.includes("/data"));
  assert.deepEqual(plan, [
    "tmpfs-ro /data (secret)",
    "ro /data/public (revealed)",
    "tmpfs-ro /data/public/private (secret)",
  ]);
});

test("a .git file (a worktree) is protected whole; a missing .git stays creatable", () => {
  const machine = host({ ...BASE, "/w": "folder", "/w/.git": "file", "/v": "folder" });
  const policy = policyOf("workspace-write", { workspace: ["/w", "/v"], homeDir: "/home/none" });
  const plan = planMounts(policy, machine, "/w");
  assert.ok(mounts(plan).includes("ro /w/.git (protected)"));
  assert.equal(plan.kind === "plan" && plan.placeholders.some((path) => path.startsWith("/v/.git")), false);
});

test("program folders: re-exposed where hidden, dropped where visible (never read-only inside the workspace)", () => {
  const machine = host({
    ...BASE,
    "/w": "folder",
    "/w/node_modules/.bin": "folder",
    "/usr/bin": "folder",
    "/run/current-system/sw/bin": "folder",
  });
  const policy = policyOf("workspace-write", {
    workspace: ["/w"],
    homeDir: "/home/none",
    programFolders: ["/usr/bin", "/w/node_modules/.bin", "/run/current-system/sw/bin", "relative/bin"],
  });
  const plan = mounts(planMounts(policy, machine, "/w")).filter((line) => line.includes("(program)"));
  assert.deepEqual(plan, ["ro /run/current-system/sw/bin (program)"]);
});

test("a working folder the sandbox hides, or a missing workspace, is refused with the reason", () => {
  const machine = host({ ...BASE, "/w": "folder", "/home/u": "folder", "/home/u/.ssh": "folder" });
  const policy = policyOf("workspace-write", { workspace: ["/w"], homeDir: "/home/u" });
  assert.deepEqual(planMounts(policy, machine, "/home/u/.ssh"), {
    kind: "refused",
    reason: "the working folder /home/u/.ssh is hidden inside the sandbox",
  });
  assert.deepEqual(planMounts(policy, machine, "/tmp/elsewhere"), {
    kind: "refused",
    reason: "the working folder /tmp/elsewhere is hidden inside the sandbox",
  });
  const gone = policyOf("read-only", { workspace: ["/gone"], homeDir: "/home/u" });
  assert.deepEqual(planMounts(gone, machine, "/gone"), {
    kind: "refused",
    reason: "workspace folder /gone does not exist",
  });
});

test("a workspace that holds the home folder protects its startup files and hides its keys", () => {
  const machine = host({ ...BASE, "/home/u": "folder", "/home/u/.bashrc": "file", "/home/u/.ssh": "folder" });
  const policy = policyOf("workspace-write", { workspace: ["/home/u"], homeDir: "/home/u" });
  const plan = planMounts(policy, machine, "/home/u");
  const lines = mounts(plan);
  assert.ok(lines.includes("ro /home/u/.bashrc (protected)"));
  assert.ok(lines.includes("tmpfs-ro /home/u/.ssh (secret)"));
  assert.equal(lines.includes("ro /home/u/.ssh (protected)"), false, "hidden already");
  assert.ok(plan.kind === "plan" && plan.placeholders.includes("/home/u/.zshrc"));
});

test("a git folder given as writable (committing from a subfolder) keeps its hooks and config read-only", () => {
  const machine = host({
    ...BASE,
    "/repo": "folder",
    "/repo/sub": "folder",
    "/repo/.git": "folder",
    "/repo/.git/config": "file",
  });
  const policy = policyOf("workspace-write", {
    workspace: ["/repo/sub"],
    homeDir: "/home/none",
    filesystem: { allowWrite: ["/repo/.git"] },
  });
  const plan = planMounts(policy, machine, "/repo/sub");
  const lines = mounts(plan);
  assert.ok(lines.includes("rw /repo/.git (writable)"));
  assert.ok(lines.includes("ro /repo/.git/hooks (protected)"));
  assert.ok(lines.includes("ro /repo/.git/config (protected)"));
  assert.ok(plan.kind === "plan" && plan.placeholders.includes("/repo/.git/hooks"));
});

test("read-only: a home folder outside the hidden system folders gets a veil of its own", () => {
  const machine = host({
    ...BASE,
    "/data": "folder",
    "/data/u": "folder",
    "/data/u/p": "folder",
    "/data/u/.ssh": "folder",
  });
  const policy = policyOf("read-only", { workspace: ["/data/u/p"], homeDir: "/data/u" });
  const lines = mounts(planMounts(policy, machine, "/data/u/p"));
  assert.deepEqual(lines.slice(-2), ["tmpfs-ro /data/u (veil)", "ro /data/u/p (workspace)"]);
  assert.equal(
    lines.some((line) => line.includes(".ssh")),
    false,
    "hidden by the veil, no mount needed",
  );
});

test("read-only: top-level folders that are not the system's are hidden, the workspace and PATH inside one still seen", () => {
  const machine = host({
    ...BASE,
    "/home/u": "folder",
    "/code": "folder",
    "/code/p": "folder",
    "/data": "folder",
    "/data/tools/bin": "folder",
    "/usr": "folder",
    "/opt": "folder",
    "/swapfile": "file",
  });
  const input = {
    workspace: ["/code/p"],
    homeDir: "/home/u",
    programFolders: ["/data/tools/bin"],
  };
  const roots = ["code", "data", "usr", "opt", "swapfile", "home"];
  const shown = mounts(planMounts(policyOf("read-only", input), machine, "/code/p", { rootEntries: roots }));
  for (const expected of [
    "tmpfs-ro /code (veil)",
    "tmpfs-ro /data (veil)",
    "ro /code/p (workspace)",
    "ro /data/tools/bin (program)",
  ])
    assert.ok(shown.includes(expected), `${expected} in\n${shown.join("\n")}`);
  assert.equal(
    shown.some((mount) => /^tmpfs-ro \/(usr|opt|swapfile) /.test(mount)),
    false,
    shown.join("\n"),
  );
  // The workspace-write profile leaves them as they are (it hides only secrets).
  const writable = mounts(
    planMounts(policyOf("workspace-write", input), machine, "/code/p", { rootEntries: roots }),
  );
  assert.equal(
    writable.some((mount) => mount.startsWith("tmpfs-ro /data")),
    false,
  );
});
