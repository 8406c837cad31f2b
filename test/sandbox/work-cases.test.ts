// Normal work inside the workspace-write profile: a build step, git init/add/commit with the
// placeholders present (and none left over after), python, mktemp, a local HTTP server started
// and queried inside one command, a toolchain in the home folder, the working folder's fd 3 pipe.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { needsPython, needsSandbox, python, suiteMachine } from "../support/sandbox.js";

describe("workspace-write: normal work keeps working", needsSandbox, () => {
  const suite = suiteMachine("work", "workspace-write");
  const run = (script: string) => suite.run(script);

  test("a build step writes its output in the workspace", async () => {
    const result = await run(
      "mkdir -p build && cp src/main.c build/ && sed 's/0/1/' src/main.c > build/out.c && echo built",
    );
    assert.equal(result.stdout, "built\n", result.stderr);
    assert.equal(
      readFileSync(join(suite.machine.project, "build/out.c"), "utf8"),
      "int main(void) { return 1; }\n",
    );
  });

  test("git init, git add -A and git commit work with the placeholders present", async () => {
    const before = readdirSync(suite.machine.project).sort();
    const result = await run(
      [
        "git init -q",
        "ls -A | tr '\\n' ' '; echo",
        "git add -A",
        "git -c user.email=t@t -c user.name=t commit -qm first",
        "echo change >> README.md && git add -A && git -c user.email=t@t -c user.name=t commit -qm second",
        "git log --format=%s | tr '\\n' ' '",
        "git status --porcelain",
      ].join(" && "),
    );
    assert.equal(result.exitCode, 0, result.stderr);
    const [listing, log] = result.stdout.split("\n");
    assert.match(listing ?? "", /\.claude .*\.mcp\.json/, "the placeholders were there while git ran");
    assert.equal(log, "second first ");
    assert.deepEqual(
      readdirSync(suite.machine.project).sort(),
      [...before, ".git"].sort(),
      "no placeholder is left",
    );
    assert.equal(readdirSync(join(suite.machine.project, ".git/hooks")).includes("pre-commit"), false);
  });

  test("python runs, and mktemp gives a private temp folder", needsPython, async () => {
    const result = await run(
      `t=$(mktemp -d) && echo hi > "$t/x" && cat "$t/x" && ${python} -c 'import json, sys; print(json.dumps({"ok": sys.version_info[0]}))'`,
    );
    assert.equal(result.stdout, 'hi\n{"ok": 3}\n', result.stderr);
  });

  test("a local HTTP server on 127.0.0.1 answers inside the same command", needsPython, async () => {
    const result = await run(
      [
        `node -e 'require("http").createServer((q, s) => s.end("pong")).listen(8123, "127.0.0.1")' &`,
        `for i in $(seq 50); do ${python} -c 'import urllib.request; print(urllib.request.urlopen("http://127.0.0.1:8123").read().decode())' 2>/dev/null && break; sleep 0.1; done`,
      ].join("\n"),
    );
    assert.equal(result.stdout, "pong\n", result.stderr);
  });

  test("a toolchain in the home folder runs, and the user's git identity is read", async () => {
    const result = await run("hello-tool && git config --global user.name");
    assert.equal(result.stdout, "hello from the toolchain\nFake User\n", result.stderr);
  });

  test("nothing of the sandbox stays behind on the host", () => {
    assert.equal(existsSync(join(suite.machine.project, ".claude")), false);
    const records = join(suite.machine.stateDir, "placeholders");
    assert.deepEqual(existsSync(records) ? readdirSync(records) : [], []);
  });
});
