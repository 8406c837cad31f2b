// The read-only profile (what the gate's fast path runs in): every write fails, the workspace
// included, while private temp works; the home folder's data and other temp folders are out of
// sight while its toolchain and git configuration stay visible; keys stay hidden there too.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { SandboxPolicy } from "../../src/sandbox/index.js";
import { type FakeMachine, fakeMachine, needsSandbox, runSandboxed } from "../support/sandbox.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";

describe("read-only profile", needsSandbox, () => {
  let machine: FakeMachine;
  let policy: SandboxPolicy;
  let otherTemp: string;
  before(() => {
    machine = fakeMachine("readonly");
    otherTemp = tempFolder("other-temp");
    writeTree(otherTemp, { "someone-elses.txt": "other run\n" });
    writeTree(machine.home, {
      ".cargo/credentials.toml": 'token = "secret-cargo"\n',
      ".cargo/bin/cargo-x": "x",
    });
    policy = machine.policy("read-only", { tempFolders: [otherTemp] });
  });
  after(() => {
    machine.cleanup();
    removeFolder(otherTemp);
  });
  const run = (script: string) => runSandboxed(machine, policy, script);

  test("every write fails, the workspace included", async () => {
    const result = await run(
      [
        "echo x > new.txt",
        "echo x >> README.md",
        "rm README.md",
        "mkdir src/sub",
        `echo x > ${machine.outside}/new.txt`,
        "touch ~/.bashrc",
        "git init -q",
      ].join("; "),
    );
    assert.equal((result.stderr.match(/Read-only file system/g) ?? []).length >= 6, true, result.stderr);
    assert.equal(readFileSync(join(machine.project, "README.md"), "utf8"), "# project\n");
    assert.equal(existsSync(join(machine.project, "new.txt")), false);
    assert.equal(existsSync(join(machine.project, ".git")), false);
  });

  test("reading the workspace works, and a private /tmp takes scratch files", async () => {
    const result = await run(
      "cat README.md && echo scratch > /tmp/x && cat /tmp/x && mktemp >/dev/null && echo ok",
    );
    assert.equal(result.stdout, "# project\nscratch\nok\n", result.stderr);
  });

  test("the home folder's data and other temp folders are out of sight", async () => {
    const result = await run(
      `ls -A ~ | tr '\\n' ' '; echo; cat ~/notes/diary.txt; ls ${machine.outside}; ls -A ${otherTemp}; ls /mnt /srv 2>&1 | wc -w`,
    );
    assert.doesNotMatch(result.stdout, /notes|outside|diary|someone-elses/);
    assert.match(result.stderr, /diary\.txt: No such file/);
  });

  test("toolchain folders and git's configuration stay visible, their credentials do not", async () => {
    const result = await run(
      "hello-tool; git config --global user.name; ls ~/.cargo/bin; cat ~/.cargo/credentials.toml; echo end",
    );
    assert.equal(result.stdout, "hello from the toolchain\nFake User\ncargo-x\nend\n", result.stderr);
  });

  test("keys stay hidden and the network is closed", async () => {
    const result = await run(
      "cat ~/.ssh/id_rsa; cat ~/.aws/credentials; exec 3<>/dev/tcp/127.0.0.1/9; echo end",
    );
    assert.doesNotMatch(result.stdout, /PRIVATE|AKIA/);
    assert.match(result.stderr, /Connection refused|Network is unreachable/);
  });
});
