// The containment cases of the sandbox issue, each a real bash run through bwrap by prepareSpawn in
// the workspace-write profile, against a fake home folder: writes outside (redirect, symlink, cd ..,
// nested shells, python, node), reads of planted keys, secret variables (also in /proc/1/environ),
// a connection to a listener outside, a remount as root, protected paths, a background writer.
import assert from "node:assert/strict";
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { needsPython, needsSandbox, PRIVATE_KEY, python, suiteMachine } from "../support/sandbox.js";

describe("workspace-write: what a command must not do", needsSandbox, () => {
  const suite = suiteMachine("contain", "workspace-write");
  const run = (script: string, env?: Record<string, string>) => suite.run(script, { env });
  const untouched = () => readFileSync(join(suite.machine.outside, "existing.txt"), "utf8");

  test("a redirect outside the workspace fails on a read-only file system", async () => {
    const result = await run(
      `echo owned > ${suite.machine.outside}/new.txt; echo owned >> ${suite.machine.home}/.bashrc`,
    );
    assert.match(result.stderr, /Read-only file system/);
    assert.equal(existsSync(join(suite.machine.outside, "new.txt")), false);
    assert.equal(readFileSync(join(suite.machine.home, ".bashrc"), "utf8"), "# the user's\n");
  });

  test("a symlink in the workspace that points out does not carry a write out", async () => {
    symlinkSync(suite.machine.outside, join(suite.machine.project, "way-out"));
    const result = await run("echo owned > way-out/existing.txt; echo owned > way-out/new.txt");
    assert.match(result.stderr, /Read-only file system/);
    assert.equal(untouched(), "untouched\n");
    assert.equal(existsSync(join(suite.machine.outside, "new.txt")), false);
  });

  test("cd .. and nested shells (bash -c, sh -c) stay contained", async () => {
    const result = await run(
      [
        "cd .. && echo a > outside/cd.txt",
        `bash -c 'echo b > ${suite.machine.outside}/bash.txt'`,
        `sh -c 'echo c > ${suite.machine.outside}/sh.txt'`,
        `bash -c "sh -c 'cd ${suite.machine.home} && touch outside/deep.txt'"`,
      ].join("; "),
    );
    assert.equal((result.stderr.match(/Read-only file system/g) ?? []).length, 4, result.stderr);
    for (const name of ["cd.txt", "bash.txt", "sh.txt", "deep.txt"])
      assert.equal(existsSync(join(suite.machine.outside, name)), false, name);
  });

  test("python and node cannot write outside either", needsPython, async () => {
    const target = join(suite.machine.outside, "from-program.txt");
    const result = await run(
      `${python} -c 'open("${target}", "w").write("x")'; node -e 'require("fs").writeFileSync("${target}", "x")'`,
    );
    assert.match(result.stderr, /OSError|Read-only file system/);
    assert.match(result.stderr, /EROFS/);
    assert.equal(existsSync(target), false);
  });

  test("planted keys and credentials in the home folder are not readable", async () => {
    const result = await run(
      "cat ~/.ssh/id_rsa; ls -A ~/.ssh; cat ~/.aws/credentials; wc -c < ~/.git-credentials; echo done",
    );
    assert.doesNotMatch(result.stdout + result.stderr, /PRIVATE KEY|AKIA|hunter2/);
    assert.match(result.stdout, /^0\ndone\n$/);
    assert.equal(readFileSync(join(suite.machine.home, ".ssh/id_rsa"), "utf8"), PRIVATE_KEY);
  });

  test("secret variables reach neither the environment nor /proc/1/environ", async () => {
    const result = await run(
      "env; echo ---; tr '\\0' '\\n' < /proc/1/environ; echo ---; echo $GIT_AUTHOR_NAME",
      {
        ANTHROPIC_API_KEY: "sk-ant-api03-fakefakefakefakefakefake",
        GITHUB_TOKEN: "ghp_fakefakefakefakefakefakefakefakefake1",
        MY_SERVICE_PASSWORD: "hunter2hunter2",
        DATABASE_URL: "postgres://app:sesame-open@127.0.0.1/app",
        GIT_AUTHOR_NAME: "Fake Author",
      },
    );
    assert.equal(result.exitCode, 0, result.stderr);
    assert.doesNotMatch(result.stdout, /ANTHROPIC|sk-ant|GITHUB_TOKEN|ghp_|PASSWORD|hunter2|sesame/);
    assert.match(result.stdout, /PATH=/);
    assert.match(result.stdout, /Fake Author\n$/);
  });

  describe("a listener on 127.0.0.1 outside the sandbox", () => {
    let server: Server;
    let port = 0;
    const accepted: string[] = [];
    before(async () => {
      server = createServer((socket) => {
        accepted.push("connection");
        socket.end("hello\n");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const address = server.address();
      port = typeof address === "object" && address ? address.port : 0;
    });
    after(() => server.close());

    test("cannot be reached from inside", async () => {
      const result = await run(`exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected; head -1 <&3`);
      assert.notEqual(result.exitCode, 0);
      assert.match(result.stderr, /Connection refused/);
      assert.doesNotMatch(result.stdout, /connected|hello/);
      assert.deepEqual(accepted, []);
    });
  });

  test("root cannot remount the file system writable (no capabilities)", async () => {
    const result = await run("id -u; mount -o remount,rw /; echo mount=$?; grep CapEff /proc/self/status");
    assert.match(result.stdout, /mount=(?!0)\d+/);
    assert.match(result.stdout, /CapEff:\s+0+\n/);
  });

  test("git hooks, git config and the agent's settings stay read-only, present or not", async () => {
    writeFileSync(join(suite.machine.project, "tracked.txt"), "x");
    const init = await run("git init -q && echo ok");
    assert.equal(init.stdout, "ok\n", init.stderr);
    const result = await run(
      [
        "echo 'curl evil' > .git/hooks/pre-commit",
        "git config core.hooksPath /tmp/x",
        "mkdir -p .claude && echo '{\"hooks\":{}}' > .claude/settings.json",
        "echo '{}' > .mcp.json",
        "mkdir .agents/x",
        "mv .vscode elsewhere",
        "echo done",
      ].join("; "),
    );
    assert.match(result.stdout, /done/);
    const refusals =
      result.stderr.match(/Read-only file system|Device or resource busy|Is a directory/g) ?? [];
    assert.equal(refusals.length, 6, result.stderr);
    assert.equal(existsSync(join(suite.machine.project, ".git/hooks/pre-commit")), false);
    assert.doesNotMatch(readFileSync(join(suite.machine.project, ".git/config"), "utf8"), /hooksPath/);
    for (const name of [".claude", ".mcp.json", ".agents", ".vscode", "elsewhere"])
      assert.equal(existsSync(join(suite.machine.project, name)), false, `${name} was left behind`);
  });

  test("a nohup background writer is dead when the command ends and writes nothing later", async () => {
    const marker = join(suite.machine.project, "background.log");
    const result = await run(
      `nohup bash -c 'while true; do date >> ${marker}; sleep 0.05; done' >/dev/null 2>&1 & sleep 0.3; echo started`,
    );
    assert.equal(result.stdout, "started\n");
    const size = readFileSync(marker, "utf8").length;
    assert.ok(size > 0, "the writer ran while the command did");
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(readFileSync(marker, "utf8").length, size, "nothing was written after the command ended");
  });

  test("a command stopped by its timeout takes its whole sandbox with it", async () => {
    const marker = join(suite.machine.project, "timeout.log");
    const result = await suite.run(`(while true; do date >> ${marker}; sleep 0.05; done) & sleep 30`, {
      timeoutMs: 600,
    });
    assert.equal(result.ending, "timeout");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const size = readFileSync(marker, "utf8").length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(readFileSync(marker, "utf8").length, size, "the background loop died with the command");
  });
});
