// The gate's "certain or ask" rule on real temp folders: allow rules apply only to commands the
// analysis understood with certainty, deny and ask rules to every part found (and to the files a
// command touches), protected configuration always asks, and provably read-only commands run.
import assert from "node:assert/strict";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { bash, emptyRules, fileCall, type Layout, makeGate, makeLayout, mcpCall } from "./support.js";

let layout: Layout;
before(async () => {
  layout = await makeLayout();
  await mkdir(join(layout.project, ".claude"), { recursive: true });
  await mkdir(join(layout.project, ".git", "hooks"), { recursive: true });
  await writeFile(join(layout.project, ".env"), "SECRET=1\n");
  await symlink(join(layout.project, ".claude"), join(layout.project, "conf"));
});
after(async () => {
  await rm(layout.root, { recursive: true, force: true });
});

const userRules = {
  allow: ["Bash(git status)", "Bash(npm test:*)", "Bash(git commit:*)", "Bash(echo:*)", "Edit(src/**)"],
  deny: ["Bash(rm:*)", "Read(./.env)"],
};

describe("allow rules apply only when the analysis is certain", () => {
  test("an uncertain command asks with the exact reason, even when an allow rule matches its text", async () => {
    const { gate, prompter } = makeGate(layout, { rules: emptyRules(userRules) });
    await gate.check(bash("echo $'\\x41'"));
    assert.equal(prompter.requests.length, 1);
    assert.match(prompter.request(0).reason, /not understood with certainty: ANSI-C quoting \$'\\x41'/);
  });

  test("headless: the denial names the reason", async () => {
    const { gate } = makeGate(layout, { interactive: false, rules: emptyRules(userRules) });
    const decision = await gate.check(bash("git status\r; touch marker"));
    assert.equal(decision.behavior, "deny");
    if (decision.behavior === "deny") {
      assert.match(decision.message, /control or invisible character \(U\+000D\).*non-interactive/);
    }
  });

  test("leading assignments are part of the command: an exact allow does not cover X=… cmd", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(git status)", "Bash(NODE_ENV=test npm test)"] }),
    });
    assert.equal((await gate.check(bash("git status"))).behavior, "allow");
    assert.equal((await gate.check(bash("FOO=1 git status"))).behavior, "deny");
    assert.equal((await gate.check(bash("NODE_ENV=test npm test"))).behavior, "allow");
    const dangerous = await gate.check(bash("BASH_ENV=./x.sh git status"));
    assert.equal(dangerous.behavior, "deny");
    if (dangerous.behavior === "deny") assert.match(dangerous.message, /BASH_ENV changes what programs do/);
  });

  test("even a rule naming a dangerous assignment does not allow it", async () => {
    const { gate, prompter } = makeGate(layout, {
      rules: emptyRules({ allow: ["Bash(GIT_DIR=x git status)"] }),
    });
    await gate.check(bash("GIT_DIR=x git status"));
    assert.equal(prompter.requests.length, 1);
  });

  test("a plain Bash allow rule still allows what is not understood (the user chose it)", async () => {
    const { gate } = makeGate(layout, { interactive: false, rules: emptyRules({ allow: ["Bash"] }) });
    assert.equal((await gate.check(bash("echo $'x' | sh"))).behavior, "allow");
  });

  test("a model's commit message in a here-document is understood and allowed by Bash(git commit:*)", async () => {
    const { gate } = makeGate(layout, { interactive: false, rules: emptyRules(userRules) });
    const command =
      "git commit -m \"$(cat <<'EOF'\nFix the parser\n\nIt said $(rm -rf x) in a comment.\nEOF\n)\"";
    assert.deepEqual(await gate.check(bash(command)), {
      behavior: "allow",
      by: "rule",
      rule: "Bash(git commit:*)",
    });
    const unquoted = 'git commit -m "$(cat <<EOF\nFix $(rm -rf x)\nEOF\n)"';
    assert.equal((await gate.check(bash(unquoted))).behavior, "deny", "an unquoted body's substitution runs");
  });

  test("an unknown word glued to an allowed prefix is not covered", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(npm run test:*)"] }),
    });
    assert.equal((await gate.check(bash('npm run test -- "$X"'))).behavior, "allow");
    assert.equal((await gate.check(bash("npm run test$X"))).behavior, "deny");
  });
});

describe("deny and ask rules apply to every part found", () => {
  test("behind uncertainty, wrappers and nested shells", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      mode: "bypassPermissions",
      rules: emptyRules(userRules),
    });
    for (const command of [
      "echo $'x'; rm -rf y",
      "timeout 5 bash -c 'rm -rf y'",
      "command rm y",
      "env -S 'rm -rf y'",
      "bash -o errexit -c 'rm y'",
      "bash -c -- 'rm y'",
      "find . -exec rm {} \\;",
      "ls | xargs rm",
      "nice -n 5 nohup rm y",
      "flock /tmp/lock -c 'rm y'",
    ]) {
      const decision = await gate.check(bash(command));
      assert.equal(decision.behavior, "deny", command);
      if (decision.behavior === "deny") assert.equal(decision.rule, "Bash(rm:*)", command);
    }
  });

  test("a rule that cannot be checked (unknown words) asks, naming the rule", async () => {
    const { gate, prompter } = makeGate(layout, {
      rules: emptyRules({ allow: ["Bash(git:*)"], deny: ["Bash(git push:*)"] }),
    });
    await gate.check(bash("git $SUB origin"));
    assert.equal(prompter.requests.length, 1);
    assert.match(prompter.request(0).reason, /rule Bash\(git push:\*\) in .* cannot be checked/);
  });

  test("Read deny rules hold for the files a command reads; Edit rules for the files it writes", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({
        allow: ["Bash(cat:*)", "Bash(echo:*)"],
        deny: ["Read(./.env)", "Edit(src/locked/**)"],
      }),
    });
    const read = await gate.check(bash("cat .env"));
    assert.equal(read.behavior === "deny" && read.rule, "Read(./.env)");
    if (read.behavior === "deny") assert.match(read.message, /cat reads \.env/);
    assert.equal((await gate.check(bash("cat < .env"))).behavior, "deny");
    const write = await gate.check(bash("echo x > src/locked/a"));
    assert.equal(write.behavior === "deny" && write.rule, "Edit(src/locked/**)");
  });
});

describe("files outside the workspace", () => {
  test("reads and writes outside ask; a Read allow rule naming the place allows reading it", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(cat:*)", "Bash(echo:*)"] }),
    });
    const read = await gate.check(bash(`cat ${join(layout.outside, "x.txt")}`));
    assert.equal(read.behavior, "deny");
    if (read.behavior === "deny") assert.match(read.message, /outside the workspace/);
    assert.equal((await gate.check(bash("echo x > src/escape/y"))).behavior, "deny", "through a symlink");
    assert.equal((await gate.check(bash("echo x > src/escape/../../outside/y"))).behavior, "deny");
    const widened = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(cat:*)", `Read(/${layout.outside}/**)`] }),
    });
    assert.equal((await widened.gate.check(bash(`cat ${join(layout.outside, "x.txt")}`))).behavior, "allow");
  });

  test("the shell's folder from earlier calls reaches the gate", async () => {
    const { gate } = makeGate(layout, { interactive: false, rules: emptyRules({ allow: ["Bash(echo:*)"] }) });
    assert.equal(
      (await gate.check(bash("echo x > y", { shellCwd: join(layout.project, "src") }))).behavior,
      "allow",
    );
    const moved = await gate.check(bash("echo x > y", { shellCwd: layout.outside }));
    assert.equal(moved.behavior, "deny");
    if (moved.behavior === "deny")
      assert.match(moved.message, new RegExp(`${join(layout.outside, "y")}.*outside the workspace`));
  });
});

describe("protected paths", () => {
  const settings = () => join(layout.project, ".claude", "settings.local.json");

  test("Write/Edit to .claude/ asks in acceptEdits, with an allow rule and with a hook allow", async () => {
    for (const options of [
      { mode: "acceptEdits" as const },
      { rules: emptyRules({ allow: ["Edit", "Write"] }) },
      { rules: emptyRules({ allow: ["Edit(**)"] }) },
    ]) {
      const { gate, prompter } = makeGate(layout, options);
      await gate.check(fileCall("Write", settings()));
      await gate.check(fileCall("Edit", settings(), { hookDecision: "allow" }));
      assert.equal(prompter.requests.length, 2);
      assert.match(
        prompter.request(0).reason,
        /\.claude\/, which configures the agent.*always needs your confirmation/,
      );
    }
  });

  test("headless with ALLOW_WRITE=1 and --allowedTools: denied with the reason", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      allowWrite: true,
      rules: emptyRules({ allow: ["Write"] }),
    });
    for (const path of [
      settings(),
      join(layout.project, ".agents", "hooks.json"),
      join(layout.project, ".mcp.json"),
      join(layout.project, ".git", "hooks", "pre-commit"),
    ]) {
      const decision = await gate.check(fileCall("Write", path));
      assert.equal(decision.behavior, "deny", path);
      if (decision.behavior === "deny") assert.match(decision.message, /bypassPermissions/);
    }
    assert.equal(
      (await gate.check(fileCall("Write", join(layout.project, "src", "ok.ts")))).behavior,
      "allow",
    );
  });

  test("through a symlink and through Bash (never silently)", async () => {
    const { gate, prompter } = makeGate(layout, {
      rules: emptyRules({ allow: ["Bash(echo:*)", "Bash(cp:*)"] }),
    });
    await gate.check(fileCall("Write", join(layout.project, "conf", "settings.json")));
    await gate.check(bash("echo '{}' > .claude/settings.local.json"));
    await gate.check(bash("cd .git/hooks && echo x > pre-commit"));
    await gate.check(bash("cp src/a.ts .agents/skills/x/SKILL.md"));
    assert.equal(prompter.requests.length, 4);
  });

  test("git changing the work tree asks when it names them, whatever its global options", async () => {
    const { gate, prompter } = makeGate(layout, { rules: emptyRules({ allow: ["Bash(git:*)"] }) });
    const commands = [
      "git checkout -- .claude/settings.json",
      "git -C . checkout -- .claude/settings.json",
      // A valued global option must not be taken for the subcommand.
      "git --super-prefix x/ checkout -- .claude/settings.json",
      "git --attr-source HEAD restore .claude/settings.json",
      // An expansion may be the subcommand: it could be one that writes.
      "git $SUB -- .claude/settings.json",
    ];
    for (const command of commands) await gate.check(bash(command));
    assert.equal(
      prompter.requests.length,
      commands.length,
      prompter.requests.map((r) => r.summary).join("\n"),
    );
    for (const request of prompter.requests)
      assert.match(request.reason, /\.claude \(protected configuration\)/);
    assert.equal((await gate.check(bash("git log -- .claude/settings.json"))).behavior, "allow");
    assert.equal(prompter.requests.length, commands.length, "git log only reads: no prompt");
  });

  test("bypassPermissions writes them", async () => {
    const { gate } = makeGate(layout, { mode: "bypassPermissions", interactive: false });
    assert.equal((await gate.check(fileCall("Write", settings()))).behavior, "allow");
  });
});

describe("read-only fast path", () => {
  test("provably read-only commands inside the workspace run without a prompt (also in plan mode)", async () => {
    for (const mode of ["default", "plan", "dontAsk"] as const) {
      const { gate, prompter } = makeGate(layout, {
        mode,
        interactive: false,
        rules: emptyRules({ deny: ["Read(./.env)"] }),
      });
      for (const command of [
        "ls -la",
        "git status",
        "cat src/a.ts | head -5",
        "grep -rn export src",
        "find src -name '*.ts'",
        "git log --oneline | head",
        "cd src && ls",
      ]) {
        assert.deepEqual(
          await gate.check(bash(command)),
          { behavior: "allow", by: "mode", readOnlyFastPath: true },
          `${mode}: ${command}`,
        );
      }
      assert.equal(prompter.requests.length, 0);
    }
  });

  test("near misses ask", async () => {
    const { gate, prompter } = makeGate(layout, { rules: emptyRules({ deny: ["Read(./.env)"] }) });
    for (const command of [
      "sort -o out src/a.ts",
      "find . -delete",
      "git diff --output=x",
      "cat ../outside/x.txt",
      "ls /",
      "grep -r SECRET .",
      "rg SECRET",
      "ls > listing.txt",
      "{ ls; } > listing.txt",
      "./ls",
    ]) {
      await gate.check(bash(command));
    }
    assert.equal(prompter.requests.length, 10);
    assert.match(prompter.request(5).reason, /needs approval/);
  });
});

describe("MCP readOnlyHint is advisory", () => {
  test("it never skips the prompt; in plan mode it counts only for an allowed server", async () => {
    const { gate, prompter } = makeGate(layout);
    await gate.check(mcpCall("mcp__db__query", { readOnly: true }));
    assert.equal(prompter.requests.length, 1);
    const plan = makeGate(layout, { mode: "plan" });
    assert.equal((await plan.gate.check(mcpCall("mcp__db__query", { readOnly: true }))).behavior, "deny");
    const allowed = makeGate(layout, { mode: "plan", rules: emptyRules({ allow: ["mcp__db"] }) });
    assert.equal((await allowed.gate.check(mcpCall("mcp__db__query", { readOnly: true }))).behavior, "allow");
    assert.equal((await allowed.gate.check(mcpCall("mcp__db__drop", { readOnly: false }))).behavior, "deny");
  });
});

describe("ALLOW_WRITE=1", () => {
  test("headless writes inside the workspace, but never what is uncertain", async () => {
    const { gate } = makeGate(layout, { interactive: false, allowWrite: true });
    assert.equal((await gate.check(bash("npm run build > build.log"))).behavior, "allow");
    const uncertain = await gate.check(bash("echo $'\\x72m' x"));
    assert.equal(uncertain.behavior, "deny");
    assert.equal((await gate.check(bash("echo x > /tmp/outside-file"))).behavior, "deny");
  });
});
