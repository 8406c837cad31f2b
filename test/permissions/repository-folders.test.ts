// The gate protects a folder git would take for a repository (HEAD, objects/, refs/) like .git/:
// Write and Edit into one ask in acceptEdits and under an allow rule (headless: denied), the write that
// would complete one asks, and a command line that builds one in several writes is seen as a whole.
import assert from "node:assert/strict";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { bash, emptyRules, fileCall, type Layout, makeGate, makeLayout } from "./support.js";

let layout: Layout;
before(async () => {
  layout = await makeLayout();
  const evil = join(layout.project, "src", "evil");
  await mkdir(join(evil, "objects"), { recursive: true });
  await mkdir(join(evil, "refs", "heads"), { recursive: true });
  await writeFile(join(evil, "HEAD"), "ref: refs/heads/main\n");
  await mkdir(join(layout.project, "half", "objects"), { recursive: true });
  await mkdir(join(layout.project, "half", "refs"), { recursive: true });
});
after(async () => {
  await rm(layout.root, { recursive: true, force: true });
});

describe("repository-like folders are protected like .git/", () => {
  test("Write and Edit into one ask even in acceptEdits and under an allow rule", async () => {
    const gate = makeGate(layout, {
      mode: "acceptEdits",
      interactive: false,
      rules: emptyRules({ allow: ["Write", "Edit"] }),
    }).gate;
    for (const [tool, path] of [
      ["Write", "src/evil/config"],
      ["Edit", "src/evil/config"],
      ["Write", "src/evil/hooks/post-checkout"],
      ["Write", "half/HEAD"],
    ] as const) {
      const decision = await gate.check(fileCall(tool, join(layout.project, path)));
      assert.equal(decision.behavior, "deny", `${tool} ${path}`);
      assert.match(
        decision.behavior === "deny" ? decision.message : "",
        /git takes for a repository \(HEAD, objects\/, refs\/\) like \.git\//,
      );
    }
    const ordinary = await gate.check(fileCall("Write", join(layout.project, "half", "notes.md")));
    assert.equal(ordinary.behavior, "allow");
  });

  test("a command line that builds one in several writes asks, also under allow rules", async () => {
    const gate = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(mkdir:*)", "Bash(echo:*)"] }),
    }).gate;
    const built = await gate.check(
      bash("mkdir -p made/objects made/refs && echo 'ref: refs/heads/main' > made/HEAD"),
    );
    assert.equal(built.behavior, "deny");
    assert.match(built.behavior === "deny" ? built.message : "", /made.*git takes for a repository/);
    assert.equal((await gate.check(bash("mkdir -p made/objects made/refs"))).behavior, "allow");
  });
});
