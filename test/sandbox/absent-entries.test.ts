// Real bwrap runs of the read-only profile: a path `filesystem.denyRead` (where Read deny rules'
// paths go) names is not there at all — not listed, `test -e` and `cat` say absent — in the
// workspace's own top folder and deeper, a denied folder too, while every other entry beside it is
// still there, readable and read-only: symlinks as symlinks, names with odd characters, a folder
// of them up to SIEVE_LIMIT (an empty stand-in beyond). The workspace-write profile keeps the empty stand-in (a tmpfs there would swallow writes).
import assert from "node:assert/strict";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { SIEVE_LIMIT } from "../../src/sandbox/absent-entries.js";
import { needsSandbox, runSandboxed, suiteMachine } from "../support/sandbox.js";
import { writeTree } from "../support/temp-folder.js";

const ODD = ["with space", "new\nline", "-dash", "quote'\"", "back\\slash", "ünï €", "*"];

describe("read-only profile: Read-denied paths are absent", needsSandbox, () => {
  const suite = suiteMachine("absent", "read-only", {
    filesystem: { denyRead: ["./.env", "./app/config/secret.key", "./private", "./later.env"] },
  });
  before(() => {
    const project = suite.machine.project;
    writeTree(project, {
      ".env": "TOP_SECRET=hunter2\n",
      "app/config/secret.key": "KEY-hunter2\n",
      "app/config/public.txt": "public\n",
      "private/notes.txt": "hunter2 notes\n",
      "sub/inner.txt": "inner\n",
    });
    for (const name of ODD) writeFileSync(join(project, name), `odd ${JSON.stringify(name)}\n`);
    symlinkSync("README.md", join(project, "readme-link"));
    symlinkSync("../outside", join(project, "outside-link"));
    symlinkSync("missing-target", join(project, "dangling"));
  });

  test("the denied file in the workspace's top folder is not listed and does not exist", async () => {
    const result = await suite.run(
      "ls -A; test -e .env && echo env-exists; test -e ./private && echo private-exists; cat .env; echo end",
    );
    const listed = result.stdout.split("\n");
    assert.equal(listed.includes(".env"), false, result.stdout);
    assert.equal(listed.includes("private"), false, result.stdout);
    assert.doesNotMatch(result.stdout, /exists|hunter2/);
    assert.match(result.stderr, /\.env: No such file or directory/);
    for (const name of ["README.md", "src", "app", "sub", "readme-link", "outside-link", "dangling"])
      assert.ok(listed.includes(name), `${name} in ${result.stdout}`);
  });

  test("a nested denied file and a denied folder are absent; their neighbours readable", async () => {
    const result = await suite.run(
      "ls -A app/config; cat app/config/public.txt; cat app/config/secret.key; ls private; cat private/notes.txt; echo end",
    );
    assert.equal(result.stdout, "public.txt\npublic\nend\n", result.stderr);
    assert.match(result.stderr, /secret\.key: No such file/);
    assert.match(result.stderr, /private.*No such file/);
  });

  test("the entries bound back are readable and read-only; symlinks stay symlinks", async () => {
    const result = await suite.run(
      [
        "cat README.md sub/inner.txt readme-link",
        "readlink readme-link outside-link dangling",
        "test -L dangling && echo dangling-is-link",
        "echo x >> README.md || echo readme-ro",
        "echo x > sub/new.txt || echo sub-ro",
        "echo x > .env || echo top-ro",
        "rm readme-link || echo link-ro",
        "ls src",
      ].join("; "),
    );
    assert.equal(
      result.stdout,
      "# project\ninner\n# project\nREADME.md\n../outside\nmissing-target\ndangling-is-link\nreadme-ro\nsub-ro\ntop-ro\nlink-ro\nmain.c\n",
      result.stderr,
    );
  });

  test("names with odd characters are all there and readable", async () => {
    const script = ODD.map((name) => `cat -- '${name.replaceAll("'", "'\\''")}'`).join("; ");
    const result = await suite.run(script);
    assert.equal(result.stdout, ODD.map((name) => `odd ${JSON.stringify(name)}\n`).join(""), result.stderr);
  });

  test("a denied file created after an earlier command is absent from the next one", async () => {
    const first = await suite.run("ls -A | grep -c later.env; echo end");
    assert.equal(first.stdout, "0\nend\n");
    writeFileSync(join(suite.machine.project, "later.env"), "LATER=hunter2\n");
    const second = await suite.run("ls -A | grep -c later.env; cat later.env; echo end");
    assert.equal(second.stdout, "0\nend\n", second.stderr);
  });

  test("the workspace-write profile keeps an empty stand-in, and writes beside it still land", async () => {
    const policy = suite.machine.policy("workspace-write", {
      filesystem: { denyRead: ["./.env"] },
    });
    const result = await runSandboxed(
      suite.machine,
      policy,
      "wc -c < .env; echo new > beside.txt && cat beside.txt",
    );
    assert.equal(result.stdout, "0\nnew\n", result.stderr);
  });
});

describe("read-only profile: a denied name in a folder of many entries", needsSandbox, () => {
  const suite = suiteMachine("absent-many", "read-only", {
    filesystem: { denyRead: ["./many/denied.txt", "./crowded/denied.txt"] },
  });
  before(() => {
    for (const [name, count] of [
      ["many", SIEVE_LIMIT - 1],
      ["crowded", SIEVE_LIMIT + 1],
    ] as const) {
      const folder = join(suite.machine.project, name);
      mkdirSync(folder);
      for (let index = 0; index < count; index += 1) writeFileSync(join(folder, `f${index}`), `${index}\n`);
      writeFileSync(join(folder, "denied.txt"), "hunter2\n");
    }
  });

  test("up to the limit, every neighbour is bound back and the denied one is absent", async () => {
    const result = await suite.run(
      `ls many | wc -l; cat many/f0 many/f${SIEVE_LIMIT - 2}; test -e many/denied.txt || echo absent`,
    );
    assert.equal(result.stdout, `${SIEVE_LIMIT - 1}\n0\n${SIEVE_LIMIT - 2}\nabsent\n`, result.stderr);
  });

  test("beyond it, the denied one is an empty read-only stand-in (said in the README)", async () => {
    const result = await suite.run("ls crowded | wc -l; wc -c < crowded/denied.txt");
    assert.equal(result.stdout, `${SIEVE_LIMIT + 2}\n0\n`, result.stderr);
  });
});
