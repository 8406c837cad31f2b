import assert from "node:assert/strict";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { localSettingsPath, persistAllowRule } from "../../src/config/persist-rule.js";
import { createPermissionGate } from "../../src/permissions/gate.js";
import { createGitConfiguredPaths } from "../../src/util/git-configured-paths.js";
import { noopTracer } from "../../src/util/trace.js";
import {
  bash,
  emptyRules,
  fileCall,
  type Layout,
  makeGate,
  makeLayout,
  mcpCall,
  ScriptedPrompter,
} from "./support.js";

let layout: Layout;
before(async () => {
  layout = await makeLayout();
});
after(async () => {
  await rm(layout.root, { recursive: true, force: true });
});

describe("rules", () => {
  test("an allow rule must cover every simple command; a deny rule any", async () => {
    const { gate, prompter } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(npm test *)", "Bash(git status)"] }),
    });
    assert.equal((await gate.check(bash("npm test && git status"))).behavior, "allow");
    for (const attempt of [
      "npm test && rm -rf x",
      "npm test $(rm x)",
      "npm test; `rm x`",
      "git status | sh -c 'rm x'",
    ]) {
      assert.equal((await gate.check(bash(attempt))).behavior, "deny", attempt);
    }
    assert.equal(prompter.requests.length, 0);
  });

  test("deny rules win over allow rules, bypassPermissions and a hook allow; the message names rule and file", async () => {
    const { gate } = makeGate(layout, {
      mode: "bypassPermissions",
      rules: emptyRules({ allow: ["Bash"], deny: ["Bash(rm *)"] }),
    });
    const decision = await gate.check(bash("npm test && FOO=1 rm -rf x", { hookDecision: "allow" }));
    assert.deepEqual(decision, {
      behavior: "deny",
      by: "rule",
      rule: "Bash(rm *)",
      message: "Permission denied by rule Bash(rm *) in .claude/settings.json.",
    });
  });

  test("deny and ask rules see a program given by path by its name; allow rules do not", async () => {
    const denying = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash"], deny: ["Bash(rm *)"] }),
    });
    for (const attempt of ["/bin/rm x", "/usr/bin/rm -rf x", "sudo /bin/rm x", "env /bin/rm x", "\\rm x"]) {
      assert.equal((await denying.gate.check(bash(attempt))).behavior, "deny", attempt);
    }
    const asking = makeGate(layout, { rules: emptyRules({ allow: ["Bash"], ask: ["Bash(rm *)"] }) });
    await asking.gate.check(bash("command /bin/rm x"));
    assert.equal(asking.prompter.requests.length, 1);
    // An allow rule for rm covers rm as written, not any program that happens to be named rm.
    const allowing = makeGate(layout, { interactive: false, rules: emptyRules({ allow: ["Bash(rm *)"] }) });
    assert.equal((await allowing.gate.check(bash("rm x"))).behavior, "allow");
    assert.equal((await allowing.gate.check(bash("/tmp/evil/rm x"))).behavior, "deny");
    assert.equal((await allowing.gate.check(bash("sudo rm x"))).behavior, "deny");
  });

  test("ask rules win over allow rules and a hook allow; headless they deny naming the rule", async () => {
    const interactive = makeGate(layout, {
      rules: emptyRules({ allow: ["Bash"], ask: ["Bash(git push *)"] }),
    });
    await interactive.gate.check(bash("git push origin main", { hookDecision: "allow" }));
    assert.equal(interactive.prompter.requests.length, 1);
    assert.match(
      interactive.prompter.request(0).reason,
      /rule Bash\(git push \*\) in \.claude\/settings\.json/,
    );
    const headless = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash"], ask: ["Bash(git push *)"] }),
    });
    const decision = await headless.gate.check(bash("git push"));
    assert.equal(decision.behavior, "deny");
    if (decision.behavior === "deny") assert.match(decision.message, /Bash\(git push \*\).*non-interactive/);
  });

  test("a hook allow skips the prompt; a hook ask forces it (headless: deny)", async () => {
    const { gate, prompter } = makeGate(layout);
    assert.deepEqual(await gate.check(bash("make deploy", { hookDecision: "allow" })), {
      behavior: "allow",
      by: "hook",
    });
    assert.equal(prompter.requests.length, 0);
    const edits = makeGate(layout, { mode: "acceptEdits" });
    const file = join(layout.project, "src/a.ts");
    await edits.gate.check(fileCall("Edit", file, { hookDecision: "ask", hookReason: "protected file" }));
    assert.equal(edits.prompter.requests.length, 1);
    assert.match(edits.prompter.request(0).reason, /protected file/);
    const headless = makeGate(layout, { interactive: false, mode: "bypassPermissions" });
    const denied = await headless.gate.check(fileCall("Read", file, { hookDecision: "ask" }));
    assert.equal(denied.behavior, "deny");
  });

  test("plan mode denies write tools even when a hook allows them", async () => {
    const { gate } = makeGate(layout, { mode: "plan", rules: emptyRules({ allow: ["Edit"] }) });
    const decision = await gate.check(
      fileCall("Edit", join(layout.project, "src/a.ts"), { hookDecision: "allow" }),
    );
    assert.equal(decision.behavior, "deny");
    if (decision.behavior === "deny") assert.match(decision.message, /plan mode/);
  });

  test("a command that cannot be read with certainty asks, and never slips past a deny rule", async () => {
    const heredoc = "case $1 in a) cat x;; esac > out.txt\nrm -rf x";
    const plain = makeGate(layout, { rules: emptyRules({ allow: ["Bash(cat *)"] }) });
    await plain.gate.check(bash(heredoc));
    assert.equal(plain.prompter.requests.length, 1);
    assert.match(plain.prompter.request(0).reason, /could not be read with certainty.*'case' constructs/);
    const guarded = makeGate(layout, {
      interactive: false,
      mode: "bypassPermissions",
      rules: emptyRules({ allow: ["Bash"], deny: ["Bash(rm *)"] }),
    });
    const decision = await guarded.gate.check(bash(heredoc));
    assert.equal(decision.behavior, "deny");
    if (decision.behavior === "deny") assert.match(decision.message, /cannot be checked/);
    const allowAll = makeGate(layout, { interactive: false, rules: emptyRules({ allow: ["Bash"] }) });
    assert.equal((await allowAll.gate.check(bash(heredoc))).behavior, "allow");
  });

  test("redirections: writes outside the workspace ask, Edit deny rules cover them", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(echo *)"], deny: ["Edit(secrets/**)"] }),
    });
    assert.equal((await gate.check(bash("echo hi > notes.txt 2>&1"))).behavior, "allow");
    const outside = await gate.check(bash(`echo hi >> ${join(layout.outside, "x.txt")}`));
    assert.equal(outside.behavior, "deny");
    if (outside.behavior === "deny") assert.match(outside.message, /outside the workspace/);
    const secret = await gate.check(bash("echo hi > secrets/key"));
    assert.deepEqual(secret.behavior === "deny" && secret.rule, "Edit(secrets/**)");
  });

  test("path deny rules see through symlinks", async () => {
    const { gate } = makeGate(layout, {
      mode: "bypassPermissions",
      rules: emptyRules({ deny: [`Read(/${layout.outside}/**)`] }),
    });
    const decision = await gate.check(fileCall("Read", join(layout.project, "src/escape/x.txt")));
    assert.equal(decision.behavior, "deny");
  });

  test("tools denied as a whole are hidden", () => {
    const { gate } = makeGate(layout, {
      rules: emptyRules({ deny: ["Bash", "mcp__db", "Edit", "mcp__web__fetch", "Read(secrets/**)"] }),
    });
    for (const tool of ["Bash", "mcp__db__query", "Edit", "Write", "mcp__web__fetch"]) {
      assert.equal(gate.isToolHidden(tool), true, tool);
    }
    for (const tool of ["Read", "mcp__web__search", "Grep"])
      assert.equal(gate.isToolHidden(tool), false, tool);
    const partial = makeGate(layout, { rules: emptyRules({ deny: ["Bash(rm *)"] }) });
    assert.equal(partial.gate.isToolHidden("Bash"), false);
  });

  test("invalid rules are a start-up error naming the file, the field, the rule and the problem", () => {
    assert.throws(
      () =>
        createPermissionGate({
          mode: "default",
          rules: { allow: [], deny: [{ rule: "Bash(rm *", source: ".agents/settings.json" }], ask: [] },
          cwd: layout.project,
          homeDir: layout.home,
          shellEnv: process.env,
          gitConfigured: createGitConfiguredPaths(process.env),
          additionalDirectories: [],
          interactive: false,
          tracer: noopTracer,
        }),
      {
        name: "UsageError",
        message:
          'Invalid permission rule "Bash(rm *" in .agents/settings.json (permissions.deny): missing closing parenthesis (or text after it). Fix or remove the rule.',
      },
    );
    const { gate } = makeGate(layout);
    assert.throws(
      () => gate.addRule("allow", "read(x)", "--allowedTools"),
      /in --allowedTools: tool names are case-sensitive/,
    );
  });

  test("TRACE lines name tool, decision, who decided and the rule", async () => {
    const { gate, traces } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(npm test)"] }),
    });
    await gate.check(bash("npm test"));
    await gate.check(bash("make"));
    assert.deepEqual(traces, [
      '[trace] permission.decision tool=Bash decision=allow by=rule rule="Bash(npm test)"',
      "[trace] permission.decision tool=Bash decision=deny by=headless",
    ]);
  });
});

describe("prompting", () => {
  test("no with an instruction → deny and pass the user's message to the model; the turn goes on", async () => {
    const prompter = new ScriptedPrompter([{ kind: "no", message: "use the staging script" }]);
    const { gate, traces } = makeGate(layout, { prompter });
    const decision = await gate.check(bash("./deploy.sh prod"));
    assert.equal(decision.behavior, "deny");
    if (decision.behavior !== "deny") return;
    assert.equal(decision.by, "user");
    assert.equal(decision.endTurn, false);
    assert.match(
      decision.message,
      /user declined.*Bash: \.\/deploy\.sh prod.*The user said: use the staging script/,
    );
    assert.doesNotMatch(decision.message, /Do not retry/);
    assert.deepEqual(traces, [
      "[trace] permission.decision tool=Bash decision=ask by=mode",
      "[trace] permission.decision tool=Bash decision=deny by=user",
    ]);
  });

  test("offered rules: this session is broad (every edit in the project), always is narrow (the file, the command prefix)", async () => {
    const { gate, prompter } = makeGate(layout);
    await gate.check(bash("npm run test:unit -- --bail"));
    await gate.check(bash('git commit -m "msg"'));
    await gate.check(bash("npm test && ./scripts/x.sh --flag"));
    await gate.check(fileCall("Write", join(layout.project, "src/new/b.ts")));
    await gate.check(fileCall("Edit", join(layout.project, "README.md")));
    await gate.check(fileCall("Edit", join(layout.outside, "x.txt")));
    await gate.check(mcpCall("mcp__db__query"));
    assert.deepEqual(
      prompter.requests.map((request) => [request.sessionRule, request.suggestedRule]),
      [
        ["Bash(npm run test:*)", "Bash(npm run test:*)"],
        ["Bash(git commit *)", "Bash(git commit *)"],
        ["Bash(npm test *)", "Bash(npm test *)"],
        ["Edit(./**)", "Edit(src/new/b.ts)"],
        ["Edit(./**)", "Edit(./README.md)"],
        [`Edit(/${layout.outside}/**)`, `Edit(/${join(layout.outside, "x.txt")})`],
        ["mcp__db__query", "mcp__db__query"],
      ],
    );
    assert.equal(prompter.request(1).summary, 'Bash: git commit -m "msg"');
  });

  test("an always rule for one file covers that file only, also when its name has glob characters", async () => {
    const odd = join(layout.project, "src", "[id]*.ts");
    const prompter = new ScriptedPrompter([{ kind: "yes" }]);
    const { gate } = makeGate(layout, { prompter });
    await gate.check(fileCall("Edit", odd));
    const rule = prompter.requests[0]!.suggestedRule;
    gate.addRule("allow", rule, "test");
    assert.equal((await gate.check(fileCall("Edit", odd))).behavior, "allow");
    const other = new ScriptedPrompter([{ kind: "no" }]);
    const { gate: second } = makeGate(layout, { prompter: other });
    second.addRule("allow", rule, "test");
    assert.equal(
      (await second.check(fileCall("Edit", join(layout.project, "src", "i.ts")))).behavior,
      "deny",
    );
    assert.equal(other.requests.length, 1, "another file still asks");
  });

  test("this session → the broad rule applies at once, in memory only: nothing is written", async () => {
    const settingsPath = localSettingsPath(layout.project);
    const prompter = new ScriptedPrompter([{ kind: "session", rule: "Edit(./**)" }]);
    const saved: string[] = [];
    const { gate } = makeGate(layout, { prompter, persistRule: async (rule) => void saved.push(rule) });
    const first = await gate.check(fileCall("Edit", join(layout.project, "src", "a.ts")));
    assert.deepEqual(first, { behavior: "allow", by: "user", rule: "Edit(./**)" });
    const later = await gate.check(fileCall("Write", join(layout.project, "docs", "new.md")));
    assert.deepEqual(later, { behavior: "allow", by: "rule", rule: "Edit(./**)" });
    assert.equal(prompter.requests.length, 1);
    assert.deepEqual(gate.rules().allow, [{ rule: "Edit(./**)", source: "session" }]);
    assert.deepEqual(saved, []);
    await assert.rejects(readFile(settingsPath, "utf8"), /ENOENT/);
  });

  test("always → the rule applies at once and is saved to .agents/settings.local.json", async () => {
    const settingsPath = localSettingsPath(layout.project);
    const prompter = new ScriptedPrompter([{ kind: "always", rule: "Bash(npm run test:*)" }]);
    const { gate } = makeGate(layout, {
      prompter,
      persistRule: (rule) => persistAllowRule(settingsPath, rule),
    });
    const first = gate.check(bash("npm run test:unit"));
    const second = gate.check(bash("npm run test:e2e"));
    assert.deepEqual(await first, { behavior: "allow", by: "user", rule: "Bash(npm run test:*)" });
    assert.deepEqual(await second, { behavior: "allow", by: "rule", rule: "Bash(npm run test:*)" });
    assert.equal(prompter.requests.length, 1);
    assert.deepEqual(gate.rules().allow, [{ rule: "Bash(npm run test:*)", source: "session" }]);
    const saved = JSON.parse(await readFile(settingsPath, "utf8"));
    assert.deepEqual(saved, { permissions: { allow: ["Bash(npm run test:*)"] } });
  });

  test("a rule that cannot be saved still allows the call and warns", async () => {
    const warnings: string[] = [];
    const prompter = new ScriptedPrompter([{ kind: "always", rule: "Bash(make *)" }]);
    const { gate } = makeGate(layout, {
      prompter,
      persistRule: async () => {
        throw new Error("disk full");
      },
      onWarning: (message) => warnings.push(message),
    });
    assert.equal((await gate.check(bash("make all"))).behavior, "allow");
    assert.deepEqual(warnings, ["Could not save the rule Bash(make *): disk full"]);
  });

  test("interactive without a prompter behaves like headless", async () => {
    const gate = createPermissionGate({
      mode: "default",
      rules: emptyRules(),
      cwd: layout.project,
      homeDir: layout.home,
      shellEnv: process.env,
      gitConfigured: createGitConfiguredPaths(process.env),
      additionalDirectories: [],
      interactive: true,
      tracer: noopTracer,
    });
    assert.equal((await gate.check(bash("make"))).behavior, "deny");
  });
});

describe("rules across parts", () => {
  test("a redirected group is allowed when each command in it is", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(cd *)", "Bash(make)"] }),
    });
    assert.deepEqual(await gate.check(bash("(cd src && make) > build.log 2>&1")), {
      behavior: "allow",
      by: "rule",
      rule: "Bash(cd *), Bash(make)",
    });
    assert.equal((await gate.check(bash("> build.log"))).behavior, "deny");
  });
});

describe("redirections and whole-tool rules", () => {
  test("a whole-tool Edit deny rule does not deny Bash redirections; path rules do", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(echo *)"], deny: ["Edit"], ask: ["Write(src/**)"] }),
    });
    assert.equal((await gate.check(bash("echo hi > notes.txt"))).behavior, "allow");
    const asked = await gate.check(bash("echo hi > src/out.txt"));
    assert.equal(asked.behavior === "deny" && asked.rule, "Write(src/**)");
  });
});

test("removeRule takes a rule out of effect at once and reports where it came from", async () => {
  const { gate } = makeGate(layout, { interactive: false, rules: emptyRules({ allow: ["Bash(npm test)"] }) });
  assert.equal((await gate.check(bash("npm test"))).behavior, "allow");
  assert.deepEqual(gate.removeRule("allow", "Bash(npm test)"), [".claude/settings.json"]);
  assert.deepEqual(gate.removeRule("allow", "Bash(npm test)"), []);
  assert.equal((await gate.check(bash("npm test"))).behavior, "deny", "headless: no rule allows it any more");
});
