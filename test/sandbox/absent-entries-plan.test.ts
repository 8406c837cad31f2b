// The read-only profile's plan for Read-denied paths, on described hosts: the folder holding one
// becomes a sieve (a read-only tmpfs) with its other entries bound back (symlinks made again), after
// everything else at that folder and before anything deeper; a denied folder with an allowRead path
// inside, a folder of too many entries, and the built-in credential list keep the empty stand-in; a
// working folder inside an absent one is refused; the workspace-write profile is unchanged.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { FolderEntry } from "../../src/sandbox/absent-entries.js";
import { bwrapArguments } from "../../src/sandbox/bwrap-arguments.js";
import type { HostPath } from "../../src/sandbox/host-paths.js";
import { readOnlyPolicy, workspaceWritePolicy } from "../../src/sandbox/index.js";
import { type Mount, planMounts } from "../../src/sandbox/mount-plan.js";

const FOLDERS = ["/", "/tmp", "/w", "/w/app", "/w/private", "/w/private/pub", "/home/u", "/home/u/.cargo"];
const FILES = ["/w/.env", "/w/README.md", "/w/app/a.key", "/w/app/b.txt", "/home/u/.cargo/credentials.toml"];

const host = (path: string): HostPath =>
  FOLDERS.includes(path)
    ? { kind: "folder", real: path }
    : FILES.includes(path)
      ? { kind: "file", real: path }
      : { kind: "missing", real: path, firstMissing: path };

const LISTINGS: Record<string, FolderEntry[]> = {
  "/w": [
    { name: ".env", kind: "file" },
    { name: "README.md", kind: "file" },
    { name: "app", kind: "folder" },
    { name: "private", kind: "folder" },
    { name: "link", kind: "symlink", link: "../elsewhere" },
  ],
  "/w/app": [
    { name: "a.key", kind: "file" },
    { name: "b.txt", kind: "file" },
  ],
  "/home/u/.cargo": [
    { name: "credentials.toml", kind: "file" },
    { name: "bin", kind: "folder" },
  ],
};
const entries = (folder: string) => LISTINGS[folder];

const describeMount = (mount: Mount) =>
  mount.kind === "bind"
    ? `${mount.optional ? "ro-try" : "ro"} ${mount.target} (${mount.role})`
    : mount.kind === "tmpfs"
      ? `tmpfs ${mount.target} (${mount.role})`
      : mount.kind === "symlink"
        ? `symlink ${mount.target} -> ${mount.link}`
        : `${mount.kind} ${mount.target}`;

function plan(denyRead: string[], cwd = "/w", extra: { allowRead?: string[] } = {}) {
  const result = readOnlyPolicy({
    workspace: ["/w"],
    homeDir: "/home/u",
    filesystem: { denyRead, ...extra },
  });
  if (result.kind === "invalid") throw new Error(result.problems.join("; "));
  return planMounts(result.policy, host, cwd, { entries });
}

const lines = (built: ReturnType<typeof plan>) => {
  if (built.kind === "refused") throw new Error(built.reason);
  return built.mounts.map(describeMount);
};

test("a denied file in the workspace's top folder: a sieve over it, its other entries bound back", () => {
  const shown = lines(plan(["./.env", "./app/a.key"]));
  assert.deepEqual(
    shown.filter((line) => line.includes(" /w")),
    [
      "ro /w (workspace)",
      "tmpfs /w (sieve)",
      "ro-try /w/README.md (sibling)",
      "ro-try /w/app (sibling)",
      "ro-try /w/private (sibling)",
      "symlink /w/link -> ../elsewhere",
      "tmpfs /w/app (sieve)",
      "ro-try /w/app/b.txt (sibling)",
    ],
  );
  // The built-in credentials inside a toolchain folder keep their empty stand-in.
  assert.ok(shown.includes("cover-file /home/u/.cargo/credentials.toml"), shown.join("\n"));
});

test("bwrap argv: optional binds, symlinks, and the sieve remounted read-only at the end", () => {
  const built = plan(["./.env"]);
  if (built.kind === "refused") throw new Error(built.reason);
  const args = bwrapArguments({
    mounts: built.mounts,
    coverFile: "/state/empty",
    seccompFd: 3,
    cwd: "/w",
    file: "true",
    args: [],
  });
  const text = args.join(" ");
  assert.match(text, /--ro-bind \/w \/w --tmpfs \/w --ro-bind-try \/w\/README\.md \/w\/README\.md/);
  assert.match(text, /--symlink \.\.\/elsewhere \/w\/link/);
  assert.match(text, /--remount-ro \/w --remount-ro \/home\/u --seccomp/);
  assert.doesNotMatch(text, /\.env/);
});

test("a denied folder with an allowRead path inside stays an empty folder; too many entries keep the stand-in", () => {
  const revealed = lines(plan(["./private"], "/w", { allowRead: ["./private/pub"] }));
  assert.ok(revealed.includes("tmpfs /w/private (secret)"), revealed.join("\n"));
  assert.equal(revealed.includes("tmpfs /w (sieve)"), false);
  const result = readOnlyPolicy({
    workspace: ["/w"],
    homeDir: "/home/u",
    filesystem: { denyRead: ["./.env"] },
  });
  if (result.kind === "invalid") throw new Error(result.problems.join("; "));
  const crowded = planMounts(result.policy, host, "/w", {
    entries: () => Array.from({ length: 300 }, (_, index) => ({ name: `f${index}`, kind: "file" as const })),
  });
  assert.ok(crowded.kind === "plan" && crowded.mounts.some((mount) => mount.kind === "cover-file"));
});

test("a working folder inside an absent folder is refused; the sieved folder itself is a working folder", () => {
  assert.deepEqual(plan(["./private"], "/w/private"), {
    kind: "refused",
    reason: "the working folder /w/private is hidden inside the sandbox",
  });
  assert.equal(plan(["./private"], "/w").kind, "plan");
  assert.equal(plan(["./.env"], "/w/app").kind, "plan");
});

test("the workspace-write profile keeps the empty stand-in", () => {
  const result = workspaceWritePolicy({
    workspace: ["/w"],
    homeDir: "/home/u",
    filesystem: { denyRead: ["./.env"] },
  });
  if (result.kind === "invalid") throw new Error(result.problems.join("; "));
  const built = planMounts(result.policy, host, "/w", { entries });
  assert.ok(built.kind === "plan");
  const shown = built.mounts.map(describeMount);
  assert.ok(shown.includes("cover-file /w/.env"));
  assert.equal(
    shown.some((line) => line.includes("sieve")),
    false,
  );
});
