// The availability probe on real programs: bwrap here (when installed) is active; a PATH without it
// says how to install it; a bwrap whose namespaces are refused, one too old, one that fails some
// other way — each a small real script on PATH — give the reason and the fix shown to users.
import assert from "node:assert/strict";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { probeSandbox } from "../../src/sandbox/index.js";
import { needsSandbox } from "../support/sandbox.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";

const folder = tempFolder("probe");
after(() => removeFolder(folder));

/** A PATH whose bwrap answers --version with `version` and anything else with `stderr`, exit 1. */
function fakeBwrap(name: string, version: string, stderr: string): string {
  const script = `#!/bin/sh\nif [ "$1" = --version ]; then echo "bubblewrap ${version}"; exit 0; fi\necho '${stderr}' >&2\nexit 1\n`;
  writeTree(folder, { [`${name}/bwrap`]: script });
  chmodSync(join(folder, name, "bwrap"), 0o755);
  return `${join(folder, name)}:/usr/bin:/bin`;
}

test("bwrap here starts a sandbox", {
  ...needsSandbox,
  skip: needsSandbox.skip ?? process.platform !== "linux",
}, async () => {
  const found = await probeSandbox({ platform: "linux", searchPath: process.env.PATH ?? "" });
  assert.equal(found.kind, "active", found.kind === "unavailable" ? `${found.reason}; ${found.fix}` : "");
  assert.ok(
    found.kind === "active" && found.mechanism === "bwrap" && /^\d+\.\d+\.\d+$/.test(found.version ?? ""),
  );
});

test("no bwrap on the PATH: the reason and how to install it", async () => {
  assert.deepEqual(await probeSandbox({ platform: "linux", searchPath: join(folder, "empty") }), {
    kind: "unavailable",
    reason: "bwrap not found",
    fix: "install the bubblewrap package (apt install bubblewrap, dnf install bubblewrap)",
  });
});

test("user namespaces refused: the kernel's words and the settings that allow them", async () => {
  const searchPath = fakeBwrap("refused", "0.9.0", "bwrap: setting up uid map: Permission denied");
  const found = await probeSandbox({ platform: "linux", searchPath });
  assert.equal(found.kind, "unavailable");
  if (found.kind !== "unavailable") return;
  assert.equal(found.reason, "user namespaces refused: bwrap: setting up uid map: Permission denied");
  assert.match(found.fix, /kernel\.unprivileged_userns_clone=1/);
  assert.match(found.fix, /apparmor_restrict_unprivileged_userns/);
});

test("a bwrap older than 0.8.0, or one that fails otherwise", async () => {
  const old = await probeSandbox({ platform: "linux", searchPath: fakeBwrap("old", "0.6.2", "") });
  assert.deepEqual(old, {
    kind: "unavailable",
    reason: "bwrap 0.6.2 is older than 0.8.0 (no --disable-userns)",
    fix: "install bubblewrap 0.8.0 or later",
  });
  const broken = await probeSandbox({
    platform: "linux",
    searchPath: fakeBwrap("broken", "0.8.0", "bwrap: Failed to mount tmpfs: Invalid argument"),
  });
  assert.equal(broken.kind, "unavailable");
  assert.match(
    broken.kind === "unavailable" ? broken.reason : "",
    /^bwrap cannot start a sandbox: bwrap: Failed to mount tmpfs/,
  );
});

test("platforms without an OS sandbox say so", async () => {
  const found = await probeSandbox({ platform: "win32", searchPath: "" });
  assert.deepEqual(found, {
    kind: "unavailable",
    reason: "no OS sandbox for win32",
    fix: "run reagent inside a container or VM that holds only the project",
  });
});
