// End-to-end through the built CLI: what a command the gate runs unprompted (its read-only fast path)
// sees in the read-only profile. A program the gate lets run (`mytool --version`, a PATH program's
// version query) tries to read what its analysis cannot see it read: the home folder's data stays out
// of sight apart from the toolchain list and `sandbox.readOnlyHomePaths`, the files a `Read(…)` deny
// rule names are not there at all (not listed, `test -e` false; the files beside them readable), other temp folders and /mnt, /srv are hidden, the network is
// closed, secret variables are unset, no capability is left, and writes fail on the read-only file
// system — the workspace included.
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { attackSession } from "../support/gate-attacks.js";
import { needsSandbox } from "../support/sandbox.js";
import { outcomeOf, type SandboxHome, type SessionRun, sandboxHome } from "../support/sandbox-cli.js";
import { removeFolder, tempFolder } from "../support/temp-folder.js";

/** A toolchain program whose version query does what no analysis of `mytool --version` can see. */
function plantTool(machine: SandboxHome, otherTemp: string): void {
  const script = [
    "#!/bin/bash",
    'echo "config: $(cat ~/.mytool/config 2>&1)"',
    'echo "notes: $(cat ~/notes/diary.txt 2>&1)"',
    'echo "denied: $(cat ./deploy.env 2>&1)"',
    'echo "denied listed: $(ls -A | grep -c deploy.env)"',
    "test -e ./deploy.env && echo 'denied exists' || echo 'denied absent'",
    'echo "beside: $(cat ./beside.txt 2>&1)"',
    `echo "other temp: $(ls -A ${otherTemp} 2>&1)"`,
    'echo "mounts: $(ls -A /mnt /srv 2>&1 | tr "\\n" " ")"',
    "echo owned > ./written.txt 2>&1 || echo 'workspace write failed'",
    `echo owned > ${machine.outside}/written.txt 2>&1 || echo 'outside write failed'`,
    "(exec 3<>/dev/tcp/127.0.0.1/9) 2>/dev/null && echo 'network open' || echo 'network closed'",
    'echo "token: $MY_SERVICE_TOKEN"',
    "echo \"capabilities: $(awk '/^CapEff/ {print $2}' /proc/self/status)\"",
    "echo 1.0.0",
  ].join("\n");
  const path = join(machine.home, ".local", "bin", "mytool");
  writeFileSync(path, `${script}\n`);
  chmodSync(path, 0o755);
  mkdirSync(join(machine.home, ".mytool"), { recursive: true });
  writeFileSync(join(machine.home, ".mytool", "config"), "tool-config-visible\n");
  writeFileSync(join(machine.project, "deploy.env"), "DEPLOY_SECRET=hunter2\n");
  writeFileSync(join(machine.project, "beside.txt"), "beside-visible\n");
}

describe("the read-only profile, as a fast-path command sees it", needsSandbox, () => {
  let machine: SandboxHome;
  let otherTemp: string;
  let plain: SessionRun;
  let extended: SessionRun;
  before(async () => {
    machine = sandboxHome("gate-profile");
    otherTemp = tempFolder("gate-profile-other-temp");
    writeFileSync(join(otherTemp, "someone-elses.txt"), "x\n");
    plantTool(machine, otherTemp);
    const settings = JSON.stringify({ permissions: { deny: ["Read(./deploy.env)"] } });
    const call = [[{ id: "version", input: { command: "mytool --version" } }]];
    plain = await attackSession(machine, call, {
      args: ["--settings", settings],
      env: { TMPDIR: otherTemp, MY_SERVICE_TOKEN: "tok-fake-fake-fake-1234" },
    });
    mkdirSync(join(machine.home, ".claude"), { recursive: true });
    writeFileSync(
      join(machine.home, ".claude", "settings.json"),
      JSON.stringify({ sandbox: { readOnlyHomePaths: ["~/.mytool"] } }),
    );
    extended = await attackSession(machine, call, {
      args: ["--settings", settings, "--permission-mode", "plan"],
      env: { TMPDIR: otherTemp, MY_SERVICE_TOKEN: "tok-fake-fake-fake-1234" },
    });
  });
  after(() => {
    machine.cleanup();
    removeFolder(otherTemp);
  });

  test("it ran unprompted, in default and plan mode", () => {
    for (const run of [plain, extended]) {
      const outcome = outcomeOf(run, "version");
      assert.equal(outcome.denied, false, outcome.text);
      assert.match(outcome.text, /1\.0\.0/);
    }
  });

  test("the home folder's data is out of sight; readOnlyHomePaths shows more of it", () => {
    assert.match(outcomeOf(plain, "version").text, /config: cat: .*No such file or directory/);
    assert.match(outcomeOf(extended, "version").text, /config: tool-config-visible/);
    for (const run of [plain, extended])
      assert.match(outcomeOf(run, "version").text, /notes: cat: .*No such file or directory/);
  });

  test("a file a Read deny rule names is not there at all inside; the files beside it are", () => {
    for (const run of [plain, extended]) {
      const text = outcomeOf(run, "version").text;
      assert.doesNotMatch(text, /hunter2/);
      assert.match(text, /denied: cat: \.\/deploy\.env: No such file or directory/);
      assert.match(text, /denied listed: 0\n/);
      assert.match(text, /denied absent/);
      assert.match(text, /beside: beside-visible/);
    }
  });

  test("other temp folders and /mnt, /srv are empty; no network, secrets or capabilities; no write lands", () => {
    for (const run of [plain, extended]) {
      const text = outcomeOf(run, "version").text;
      assert.doesNotMatch(text, /someone-elses/);
      assert.match(text, /other temp: \n/);
      assert.match(text, /mounts: \/mnt:\s+\/srv:\s*\n/);
      assert.match(text, /token: \n/);
      assert.match(text, /capabilities: 0000000000000000/);
      assert.match(text, /network closed/);
      assert.match(text, /workspace write failed/);
      assert.match(text, /outside write failed/);
    }
    assert.equal(existsSync(join(machine.project, "written.txt")), false);
    assert.equal(existsSync(join(machine.outside, "written.txt")), false);
  });
});
