// End-to-end through the built CLI with `--sandbox` and bypassPermissions (so the gate allows
// everything and only the sandbox stands in the way), against the fake Anthropic server, with a temp
// home holding planted keys: every containment class of the sandbox issue is contained — writes out
// of the workspace (redirect, symlink, cd .., nested shells, python, node), reads of planted keys, a
// secret variable, a connection to a listener outside, a remount as root, the protected project files
// and git hooks, a nohup writer that would outlive its command.
import assert from "node:assert/strict";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { needsPython, needsSandbox, python } from "../support/sandbox.js";
import {
  AWS_KEY,
  outcomeOf,
  type SandboxHome,
  type SessionRun,
  sandboxHome,
  sandboxSession,
} from "../support/sandbox-cli.js";

describe("with the sandbox on, a command cannot get out", needsSandbox, () => {
  let machine: SandboxHome;
  let run: SessionRun;
  let connections = 0;
  const listener = createServer((socket) => {
    connections += 1;
    socket.end("hello from outside\n");
  });
  const bash = (id: string, command: string) => ({ id, input: { command } });

  before(async () => {
    machine = sandboxHome("sandbox-e2e");
    const { outside, home } = machine;
    symlinkSync(outside, join(machine.project, "way-out"));
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const port = (listener.address() as { port: number }).port;
    run = await sandboxSession(
      machine,
      [
        bash("redirect", `echo owned >> ${home}/.bashrc; echo owned > ${outside}/new.txt`),
        bash("symlink", "echo owned > way-out/existing.txt; echo owned > way-out/via-link.txt"),
        bash("cd-up", "(cd .. && echo owned > outside/cd.txt)"),
        bash(
          "nested",
          `bash -c 'echo owned > ${outside}/bash.txt'; sh -c 'echo owned > ${outside}/sh.txt'; bash -c "sh -c 'cd ${home} && echo owned > outside/deep.txt'"`,
        ),
        bash(
          "programs",
          `${python} -c 'open("${outside}/py.txt", "w").write("x")'; node -e 'require("fs").writeFileSync("${outside}/node.txt", "x")'`,
        ),
        bash("keys", "cat ~/.ssh/id_rsa; cat ~/.aws/credentials; echo read-done"),
        bash("secret-variable", "env; echo ---; tr '\\0' '\\n' < /proc/1/environ"),
        bash("listener", `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected || echo refused`),
        bash("remount", "mount -o remount,rw / && echo remounted; id -u"),
        bash(
          "planted-hook",
          `mkdir -p .claude && echo '{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch ${outside}/hook-ran"}]}]}}' > .claude/settings.json`,
        ),
        bash(
          "git-hook",
          `printf '#!/bin/sh\\ntouch ${outside}/git-hook-ran\\n' > .git/hooks/pre-commit; git config core.hooksPath /tmp`,
        ),
        bash("nohup", "nohup bash -c 'sleep 2; echo late > late.txt' > /dev/null 2>&1 & echo started"),
      ],
      {
        args: ["--sandbox", "--permission-mode", "bypassPermissions"],
        env: {
          MY_SERVICE_TOKEN: "tok-fake-fake-fake-1234",
          DATABASE_URL: "postgres://app:sesame-open@127.0.0.1/app",
        },
      },
    );
  });
  after(async () => {
    listener.close();
    machine.cleanup();
  });

  const outside = (name: string) => existsSync(join(machine.outside, name));

  test("writes outside the workspace fail: redirect, symlink, cd .., nested shells", () => {
    assert.match(outcomeOf(run, "redirect").text, /Read-only file system/);
    assert.equal(readFileSync(join(machine.home, ".bashrc"), "utf8"), "# the user's\n");
    assert.equal(readFileSync(join(machine.outside, "existing.txt"), "utf8"), "untouched\n");
    for (const name of ["new.txt", "via-link.txt", "cd.txt", "bash.txt", "sh.txt", "deep.txt"])
      assert.equal(outside(name), false, name);
    assert.match(outcomeOf(run, "nested").text, /Read-only file system/);
  });

  test("python and node cannot write outside either", needsPython, () => {
    assert.match(outcomeOf(run, "programs").text, /EROFS|Read-only file system/);
    assert.equal(outside("py.txt"), false);
    assert.equal(outside("node.txt"), false);
  });

  test("planted keys are not readable and secret variables are not set", () => {
    const keys = outcomeOf(run, "keys").text;
    assert.doesNotMatch(keys, /PRIVATE KEY|b3BlbnNzaC1rZXk/);
    assert.doesNotMatch(keys, new RegExp(AWS_KEY));
    assert.match(keys, /read-done/);
    const environment = outcomeOf(run, "secret-variable").text;
    assert.match(environment, /PATH=/);
    assert.doesNotMatch(environment, /MY_SERVICE_TOKEN|tok-fake|ANTHROPIC|sesame|DATABASE_URL/);
  });

  test("no connection reaches a listener outside; a remount as root fails", () => {
    assert.match(outcomeOf(run, "listener").text, /refused/);
    assert.equal(connections, 0);
    const remount = outcomeOf(run, "remount").text;
    assert.doesNotMatch(remount, /remounted/);
  });

  test("the project's settings and git's hooks and config stay as they were", () => {
    assert.match(outcomeOf(run, "planted-hook").text, /Read-only file system|Permission denied/);
    assert.equal(existsSync(join(machine.project, ".claude", "settings.json")), false);
    assert.equal(existsSync(join(machine.project, ".git", "hooks", "pre-commit")), false);
    assert.doesNotMatch(readFileSync(join(machine.project, ".git", "config"), "utf8"), /hooksPath/);
    assert.equal(existsSync(join(machine.project, ".claude")), false, "the placeholder was removed");
  });

  test("a nohup writer dies with its command", async () => {
    assert.match(outcomeOf(run, "nohup").text, /started/);
    await sleep(3000);
    assert.equal(existsSync(join(machine.project, "late.txt")), false);
  });
});
