// End-to-end through the built CLI with `"sandbox": {"enabled": true}` in the user's
// ~/.claude/settings.json and the default permission mode: ordinary work runs inside the sandbox
// without a prompt (autoAllowBashIfSandboxed) and succeeds — a C build, npm test in a fixture,
// git add -A && git commit, python, mktemp, a local server on 127.0.0.1 inside one command, a
// toolchain in the home folder — while an ask rule still asks (denied headless).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { needsPython, needsSandbox, python } from "../support/sandbox.js";
import {
  outcomeOf,
  type SandboxHome,
  type SessionRun,
  sandboxHome,
  sandboxSession,
  turnSandboxOn,
} from "../support/sandbox-cli.js";
import { writeTree } from "../support/temp-folder.js";

const SERVER = [
  "const http = require('http');",
  "const server = http.createServer((q, r) => r.end('pong')).listen(0, '127.0.0.1', () =>",
  "  http.get('http://127.0.0.1:' + server.address().port, (r) => r.on('data', (d) => { console.log('got ' + d); server.close(); })));",
].join(" ");

describe("with the sandbox on, normal work works", needsSandbox, () => {
  let machine: SandboxHome;
  let run: SessionRun;
  const bash = (id: string, command: string) => ({ id, input: { command } });

  before(async () => {
    machine = sandboxHome("sandbox-work");
    turnSandboxOn(machine);
    writeTree(machine.project, {
      "main.c": '#include <stdio.h>\nint main(void) { puts("built and ran"); return 0; }\n',
      "package.json": JSON.stringify({
        name: "fixture",
        version: "1.0.0",
        scripts: { test: "node test.js" },
      }),
      "test.js": "console.log('1 test passed');\n",
    });
    run = await sandboxSession(machine, [
      bash("build", "cc -o main main.c && ./main"),
      bash("npm-test", "npm test --silent"),
      bash("commit", "git add -A && git commit -q -m 'first' && git log --oneline | wc -l"),
      bash("python", `${python} -c 'print(6 * 7)'`),
      bash("mktemp", 'f=$(mktemp) && echo scratch > "$f" && cat "$f" && rm "$f"'),
      bash("server", `node -e "${SERVER}"`),
      bash("toolchain", "hello-tool"),
    ]);
  });
  after(() => machine.cleanup());

  test("a build, npm test, a commit, python, mktemp, a local server and a home toolchain succeed", () => {
    const expected: Record<string, RegExp> = {
      build: /built and ran/,
      "npm-test": /1 test passed/,
      commit: /^1$/m,
      mktemp: /scratch/,
      server: /got pong/,
      toolchain: /hello from the toolchain/,
    };
    for (const [id, pattern] of Object.entries(expected)) {
      const outcome = outcomeOf(run, id);
      assert.equal(outcome.isError, false, `${id}: ${outcome.text}`);
      assert.equal(outcome.denied, false, id);
      assert.match(outcome.text, pattern, id);
    }
    const log = spawnSync("git", ["log", "--format=%an %s"], { cwd: machine.project, encoding: "utf8" });
    assert.equal(log.stdout.trim(), "Fake User first");
  });

  test("python runs", needsPython, () => {
    assert.match(outcomeOf(run, "python").text, /^42$/);
  });

  test("an ask rule still asks: headless, the call is denied", async () => {
    const asked = await sandboxSession(machine, [bash("asked", "git push origin main")], {
      args: ["--settings", JSON.stringify({ permissions: { ask: ["Bash(git push:*)"] } })],
    });
    assert.equal(outcomeOf(asked, "asked").denied, true);
    assert.match(outcomeOf(asked, "asked").text, /git push/);
  });
});
