// Attribute drivers on the strict fast path (no sandbox contains it): a `.gitattributes` anyone can
// write routes a read-only `git diff`, `git log -p`, `git blame` or `git status` to a textconv driver,
// an external diff or a clean filter the user configured. The gate reads the drivers configured where
// the line's git runs and hands the runner settings that replace them; run with a real git, the attack
// works without them and nothing runs with them.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { PermissionDecision } from "../../src/permissions/types.js";
import { driverNeutralisers } from "../../src/util/git-drivers.js";
import { gitGuardEnvironment } from "../../src/util/git-guard-environment.js";
import { bash, type Layout, makeGate, makeLayout } from "./support.js";

let layout: Layout;
const markers = () => ["textconv", "command", "clean", "external"].map((name) => join(layout.outside, name));
const run = (args: string[], env: Record<string, string | undefined>, cwd = layout.project) =>
  spawnSync("git", args, { cwd, env: env as NodeJS.ProcessEnv, encoding: "utf8" });
const plain = () => ({ ...process.env, HOME: layout.home, XDG_CONFIG_HOME: join(layout.home, ".config") });

before(async () => {
  layout = await makeLayout();
  const [textconv, command, clean] = markers();
  writeFileSync(
    join(layout.home, ".gitconfig"),
    `[user]\n\tname = T\n\temail = t@example.com\n[diff "conv"]\n\ttextconv = "sh -c 'touch ${textconv}; cat \\"$0\\"'"\n` +
      `[diff "ext"]\n\tcommand = "touch ${command}; true"\n[filter "clean"]\n\tclean = "touch ${clean}; cat"\n\tsmudge = cat\n`,
  );
  const env = plain();
  run(["init", "-q"], env);
  for (const name of ["a.txt", "b.txt", "c.txt"]) writeFileSync(join(layout.project, name), `${name}\n`);
  run(["add", "a.txt", "b.txt", "c.txt"], env);
  run(["commit", "-qm", "one"], env);
  writeFileSync(
    join(layout.project, ".gitattributes"),
    "a.txt diff=conv\nb.txt diff=ext\nc.txt filter=clean\n",
  );
  for (const name of ["a.txt", "b.txt"]) writeFileSync(join(layout.project, name), `${name}\nchanged\n`);
});
after(() => rmSync(layout.root, { recursive: true, force: true }));

function ran(args: string[], env: Record<string, string | undefined>): string[] {
  for (const marker of markers()) rmSync(marker, { force: true });
  // c.txt's content is the same, its time not: git status and git diff hash it through the clean filter.
  utimesSync(join(layout.project, "c.txt"), new Date(), new Date(Date.now() + 5000));
  run(args, env);
  return markers()
    .filter((marker) => existsSync(marker))
    .map((marker) => marker.slice(layout.outside.length + 1));
}

describe("attribute drivers on the strict fast path", () => {
  test("the attack is real: the plain guard environment lets them all run", () => {
    const env = gitGuardEnvironment(plain());
    assert.deepEqual(ran(["diff"], env), ["textconv", "command", "clean"]);
    assert.deepEqual(ran(["status"], env), ["clean"]);
    assert.deepEqual(ran(["blame", "a.txt"], env), ["textconv"]);
  });

  test("the gate replaces the configured drivers; git diff, status, log -p, blame then run none", async () => {
    const { gate } = makeGate(layout);
    const decisions: PermissionDecision[] = [];
    for (const command of ["git diff", "git status", "git log -p", "git blame a.txt", "git show"])
      decisions.push(await gate.check(bash(command)));
    for (const decision of decisions) {
      assert.equal(decision.behavior, "allow");
      if (decision.behavior !== "allow") continue;
      assert.equal(decision.readOnlyFastPath, true);
      const env = gitGuardEnvironment(plain(), decision.gitDrivers);
      for (const args of [["diff"], ["status"], ["log", "-p"], ["blame", "a.txt"], ["show"]])
        assert.deepEqual(ran(args, env), [], `git ${args.join(" ")}`);
    }
    const diff = run(
      ["diff"],
      gitGuardEnvironment(plain(), (decisions[0] as { gitDrivers?: [] }).gitDrivers),
    );
    assert.equal(diff.status, 0, diff.stderr);
    assert.match(diff.stdout, /\+changed/, "textconv replaced by the text itself");
    assert.match(diff.stdout, /external diff driver ext not run/);
  });

  test("diff.external and GIT_EXTERNAL_DIFF are replaced too", () => {
    const marker = join(layout.outside, "external");
    const settings = driverNeutralisers(`diff.external\ntouch ${marker}\0user.name\nT\0`);
    assert.deepEqual(
      settings.map(([key]) => key),
      ["diff.external"],
    );
    const env = { ...plain(), GIT_EXTERNAL_DIFF: `touch ${marker}; true` };
    assert.ok(ran(["diff"], gitGuardEnvironment(env)).includes("external"), "the environment's runs");
    // (Only diff.external is replaced here: the .gitconfig's own drivers are not listed in this one.)
    assert.ok(!ran(["diff"], gitGuardEnvironment(env, settings)).includes("external"));
  });

  test("the drivers are read in the shells' environment (a GIT_CONFIG_GLOBAL there is git's global file)", async () => {
    const global = join(layout.outside, "elsewhere.gitconfig");
    writeFileSync(global, `[diff "far"]\n\ttextconv = "touch ${join(layout.outside, "far")}; cat"\n`);
    const keys = async (shellEnv: Record<string, string | undefined>) => {
      const decision = await makeGate(layout, { shellEnv }).gate.check(bash("git diff"));
      return decision.behavior === "allow" ? (decision.gitDrivers ?? []).map(([key]) => key) : [];
    };
    assert.ok((await keys({ ...process.env, GIT_CONFIG_GLOBAL: global })).includes("diff.far.textconv"));
    assert.ok(!(await keys(process.env)).includes("diff.far.textconv"));
  });

  test("with a sandbox (enforced), the decision carries no driver settings", async () => {
    const { gate } = makeGate(layout, { readOnlyEnforced: true });
    const decision = await gate.check(bash("git diff"));
    assert.deepEqual(decision, { behavior: "allow", by: "mode", readOnlyFastPath: true });
  });
});
