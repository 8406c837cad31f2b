// The policy builders: documented defaults merged with the caller's lists, the path forms a setting
// may use (~/x, /x, //x, relative to the project), problems named per entry instead of guessed.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DEFAULT_SECRET_PATHS,
  DEFAULT_TOOLCHAIN_PATHS,
  HIDDEN_SYSTEM_FOLDERS,
  readOnlyPolicy,
  workspaceWritePolicy,
} from "../../src/sandbox/index.js";

test("workspace-write: defaults plus settings, every path form resolved", () => {
  const result = workspaceWritePolicy({
    workspace: ["/code/p", "/code/extra"],
    homeDir: "/home/u",
    filesystem: {
      allowWrite: ["~/.cache/tool", "//var/data", "build/../out"],
      denyWrite: ["secrets.txt"],
      denyRead: ["~/private"],
      allowRead: ["~/.aws/config"],
    },
    programFolders: ["/usr/bin", ".", "node_modules/.bin"],
  });
  assert.equal(result.kind, "policy");
  if (result.kind !== "policy") return;
  const { policy } = result;
  assert.equal(policy.profile, "workspace-write");
  if (policy.profile !== "workspace-write") return;
  assert.deepEqual(policy.writable, ["/home/u/.cache/tool", "/var/data", "/code/p/out"]);
  assert.deepEqual(policy.readOnly, ["/code/p/secrets.txt"]);
  assert.ok(policy.hidden.includes("/home/u/.ssh"));
  assert.ok(policy.hidden.includes("/etc/shadow"));
  assert.equal(policy.hidden.at(-1), "/home/u/private");
  assert.equal(policy.hidden.length, DEFAULT_SECRET_PATHS.length + 1);
  assert.deepEqual(policy.revealed, ["/home/u/.aws/config"]);
  assert.deepEqual(policy.programFolders, ["/usr/bin"], "relative PATH entries name no folder");
  assert.ok(
    policy.protectedEntries.some((entry) => entry.path === ".git/hooks" && entry.missing === "block"),
  );
  assert.ok(
    policy.protectedEntries.some((entry) => entry.path === "lefthook.yml" && entry.missing === "allow"),
  );
  assert.ok(policy.homeProtectedEntries.some((entry) => entry.path === ".bashrc"));
});

test("read-only: the toolchain list is extendable, the system folders are hidden", () => {
  const result = readOnlyPolicy({
    workspace: ["/w"],
    homeDir: "/home/u",
    toolchain: ["~/.mytool", "/opt/sdk"],
  });
  assert.ok(result.kind === "policy" && result.policy.profile === "read-only");
  if (result.kind !== "policy" || result.policy.profile !== "read-only") return;
  assert.equal(result.policy.homeVisible.length, DEFAULT_TOOLCHAIN_PATHS.length + 2);
  assert.deepEqual(result.policy.homeVisible.slice(-2), ["/home/u/.mytool", "/opt/sdk"]);
  assert.ok(result.policy.homeVisible.includes("/home/u/.nvm"));
  assert.deepEqual(result.policy.hiddenSystem, HIDDEN_SYSTEM_FOLDERS);
});

test("unusable input is named, entry by entry", () => {
  assert.deepEqual(
    workspaceWritePolicy({
      workspace: ["relative/project"],
      homeDir: "home",
      filesystem: { denyRead: ["  "], allowWrite: ["~other/x"] },
    }),
    {
      kind: "invalid",
      problems: [
        "workspace folder relative/project is not an absolute path",
        "home folder home is not an absolute path",
        `filesystem.denyRead[${DEFAULT_SECRET_PATHS.length}] is empty; give a path (~/x, /x or relative to the project)`,
        "filesystem.allowWrite[0] ~other/x: only your own home folder (~/…) can be named with ~",
      ],
    },
  );
  assert.deepEqual(readOnlyPolicy({ workspace: [], homeDir: "/h" }), {
    kind: "invalid",
    problems: ["the sandbox needs at least one workspace folder"],
  });
});
