// The macOS profile text (it cannot run here): deny by default, reads open except hidden paths,
// writes only in the workspace minus protected entries and in the private temp, loopback network
// only, AF_UNIX sockets made but never connected; the read-only profile hides the home folder apart
// from toolchains; paths are quoted safely.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readOnlyPolicy, workspaceWritePolicy } from "../../src/sandbox/index.js";
import { sandboxExecProfile, sbplString } from "../../src/sandbox/sandbox-exec-profile.js";

const input = {
  workspace: ["/Users/u/p"],
  homeDir: "/Users/u",
  filesystem: { allowWrite: ["/Users/u/shared"] },
};

function profile(kind: "workspace-write" | "read-only") {
  const result = kind === "read-only" ? readOnlyPolicy(input) : workspaceWritePolicy(input);
  if (result.kind === "invalid") throw new Error(result.problems.join());
  return sandboxExecProfile(result.policy, { privateTemp: "/Users/u/.agents/sandbox/tmp/abc" });
}

test("workspace-write: the profile's rules", () => {
  const text = profile("workspace-write");
  const lines = text.split("\n");
  assert.equal(lines[0], "(version 1)");
  assert.equal(lines[1], "(deny default)");
  const read = lines.find((line) => line.startsWith('(allow file-read* (require-all (subpath "/")'));
  assert.ok(read?.includes('(require-not (subpath "/Users/u/.ssh"))'));
  assert.ok(read?.includes('(require-not (subpath "/Users/u/.aws"))'));
  const write = lines.find((line) =>
    line.startsWith('(allow file-write* (require-all (subpath "/Users/u/p")'),
  );
  for (const entry of [
    ".git/hooks",
    ".git/config",
    ".claude",
    ".agents",
    ".mcp.json",
    ".vscode",
    "lefthook.yml",
  ])
    assert.ok(write?.includes(`(require-not (subpath "/Users/u/p/${entry}"))`), entry);
  assert.ok(
    lines.some((line) => line.startsWith('(allow file-write* (require-all (subpath "/Users/u/shared")')),
  );
  assert.ok(lines.includes('(allow file-read* file-write* (subpath "/Users/u/.agents/sandbox/tmp/abc"))'));
  assert.ok(lines.includes('(allow network-outbound (remote ip "localhost:*"))'));
  assert.equal(lines.filter((line) => line.includes("network")).length, 3, "loopback only");
  assert.equal(text.includes("unix-socket"), false, "no AF_UNIX path is reachable");
  assert.equal(lines.filter((line) => line.includes("file-write*")).length, 3, "workspace, shared, temp");
});

test("read-only: no workspace writes; home hidden apart from toolchains, which keep credentials hidden", () => {
  const text = profile("read-only");
  const lines = text.split("\n");
  assert.equal(lines.filter((line) => line.includes("file-write*")).length, 1, "only the private temp");
  const read = lines.find((line) => line.startsWith('(allow file-read* (require-all (subpath "/")')) ?? "";
  assert.ok(read.includes('(require-not (subpath "/Users/u"))'));
  assert.ok(read.includes('(require-not (subpath "/private/var/folders"))'));
  assert.ok(read.includes('(require-not (subpath "/Volumes"))'));
  assert.ok(lines.includes('(allow file-read* (subpath "/Users/u/p"))'));
  const cargo = lines.find((line) =>
    line.startsWith('(allow file-read* (require-all (subpath "/Users/u/.cargo")'),
  );
  assert.ok(cargo?.includes('(require-not (subpath "/Users/u/.cargo/credentials.toml"))'));
});

test("paths are quoted as SBPL strings", () => {
  assert.equal(sbplString('/Users/u/a "b"\\c'), '"/Users/u/a \\"b\\"\\\\c"');
});
