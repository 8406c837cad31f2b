// Signature checks on the strict fast path (no sandbox contains it): with `log.showSignature` set in
// a configuration the project can bring, a read-only-looking `git log` or `git show` runs gpg.program
// on every signed commit — on signatures anyone made. The gate turns it off in the settings it hands
// the runner, and `git -c log.showSignature=true log` is not read-only. Run with a real git and a
// fake gpg that leaves a marker: the attack works without the settings and nothing runs with them.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { gitGuardEnvironment } from "../../src/util/git-guard-environment.js";
import { bash, emptyRules, type Layout, makeGate, makeLayout } from "./support.js";

let layout: Layout;
let marker: string;
const plain = () => ({ ...process.env, HOME: layout.home, XDG_CONFIG_HOME: join(layout.home, ".config") });
const git = (args: string[], env: Record<string, string | undefined> = plain()) =>
  spawnSync("git", args, { cwd: layout.project, env: env as NodeJS.ProcessEnv, encoding: "utf8" });

before(async () => {
  layout = await makeLayout();
  marker = join(layout.outside, "gpg-ran");
  const gpg = join(layout.outside, "fake-gpg");
  // Signs with a made-up signature (after reading all it is given: git fails on a signer that does
  // not); verifying leaves the marker.
  writeFileSync(
    gpg,
    `#!/bin/sh\ncase "$*" in *--verify*) touch '${marker}'; exit 1;; esac\n` +
      `cat > /dev/null\necho '[GNUPG:] SIG_CREATED ' >&2\nprintf -- '-----BEGIN PGP SIGNATURE-----\\n\\nx\\n-----END PGP SIGNATURE-----\\n'\n`,
  );
  chmodSync(gpg, 0o755);
  writeFileSync(join(layout.home, ".gitconfig"), "[user]\n\tname = T\n\temail = t@example.com\n");
  assert.equal(git(["init", "-q"]).status, 0);
  writeFileSync(join(layout.project, "a.txt"), "a\n");
  git(["add", "a.txt"]);
  const signed = git(["-c", `gpg.program=${gpg}`, "commit", "-q", "-S", "-m", "signed"]);
  assert.equal(signed.status, 0, signed.stderr);
  git(["config", "gpg.program", gpg]);
  git(["config", "log.showSignature", "true"]);
});
after(() => rmSync(layout.root, { recursive: true, force: true }));

function gpgRan(args: string[], env: Record<string, string | undefined>): boolean {
  rmSync(marker, { force: true });
  git(args, env);
  return existsSync(marker);
}

describe("log.showSignature on the strict fast path", () => {
  test("the attack is real: the plain guard environment lets git log and git show run gpg", () => {
    assert.equal(gpgRan(["log"], gitGuardEnvironment(plain())), true);
    assert.equal(gpgRan(["show"], gitGuardEnvironment(plain())), true);
  });

  test("the gate turns it off: git log and git show then run no gpg", async () => {
    const { gate } = makeGate(layout, { shellEnv: plain() });
    for (const command of ["git log", "git show", "git log --oneline"]) {
      const decision = await gate.check(bash(command));
      assert.equal(decision.behavior, "allow", command);
      if (decision.behavior !== "allow") continue;
      assert.equal(decision.readOnlyFastPath, true, command);
      const env = gitGuardEnvironment(plain(), decision.gitDrivers);
      for (const args of [["log"], ["show"]])
        assert.equal(gpgRan(args, env), false, `${command}: git ${args.join(" ")}`);
    }
  });

  test("under Bash(git:*), git -c log.showSignature=true log asks (other log.* settings do not)", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      shellEnv: plain(),
      rules: emptyRules({ allow: ["Bash(git:*)"] }),
    });
    const signature = await gate.check(bash("git -c log.showSignature=true log"));
    assert.equal(signature.behavior, "deny");
    const date = await gate.check(bash("git -c log.date=iso log"));
    assert.equal(date.behavior, "allow");
  });
});
