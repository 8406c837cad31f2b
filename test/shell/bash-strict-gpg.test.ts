// The strict fast path (no sandbox) and git's signature placeholders: `git log --pretty=%GS` makes
// git run the user's gpg (gpg.program) on a signature anyone can put in a commit; it is not a
// known-safe form. Checked against a real git: the placeholder runs the configured program.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { strictGitProblem } from "../../src/shell/bash-strict-forms.js";
import { tempFolder } from "../support/temp-folder.js";

const root = tempFolder("strict-gpg");
after(() => rmSync(root, { recursive: true, force: true }));

test("git log --pretty/--format with a %G placeholder is not a known-safe form", () => {
  for (const option of ["--pretty=%GS", "--format=%G?", "--format=%h %GK"])
    assert.match(strictGitProblem("log", [option]) ?? "", /gpg/, option);
  assert.equal(strictGitProblem("log", ["--format=%h %s"]), null);
});

test("the placeholder runs gpg.program in a real git", () => {
  const git = (args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" });
  git(["init", "-q"]);
  git(["-c", "user.name=a", "-c", "user.email=b@example.com", "commit", "-q", "--allow-empty", "-m", "x"]);
  const tree = git(["rev-parse", "HEAD^{tree}"]).stdout.trim();
  const body = `tree ${tree}\nauthor a <b> 0 +0000\ncommitter a <b> 0 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n x\n -----END PGP SIGNATURE-----\n\nsigned\n`;
  writeFileSync(join(root, "commit"), body);
  const commit = git(["hash-object", "-t", "commit", "-w", "commit"]).stdout.trim();
  git(["update-ref", "HEAD", commit]);
  const marker = join(root, "gpg-ran");
  const gpg = join(root, "fake-gpg");
  writeFileSync(gpg, `#!/bin/sh\ntouch '${marker}'\nexit 1\n`);
  chmodSync(gpg, 0o755);
  git(["-c", `gpg.program=${gpg}`, "log", "--pretty=%GS"]);
  assert.equal(existsSync(marker), true);
});
