// A subagent's gate: the parent's rules, prompter and headless policy, a mode that can narrow the
// parent's but never widen it, rules anchored at a worktree as well as the project, and the Agent
// tool's old name Task in rules.
import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { narrowerMode } from "../../src/permissions/gate-scope.js";
import type { PermissionMode } from "../../src/permissions/types.js";
import { bash, emptyRules, fileCall, makeGate, makeLayout, ScriptedPrompter } from "./support.js";

test("narrowerMode keeps the narrower of parent and agent modes", () => {
  const cases: Array<[PermissionMode, PermissionMode | undefined, PermissionMode]> = [
    ["default", "bypassPermissions", "default"],
    ["default", "acceptEdits", "default"],
    ["bypassPermissions", "plan", "plan"],
    ["acceptEdits", "default", "default"],
    ["default", "dontAsk", "dontAsk"],
    ["dontAsk", "plan", "plan"],
    ["plan", "bypassPermissions", "plan"],
    ["acceptEdits", undefined, "acceptEdits"],
  ];
  for (const [parent, own, expected] of cases)
    assert.equal(narrowerMode(parent, own), expected, `${parent}+${own}`);
});

test("a bypassPermissions agent under a default parent still asks; headless it is denied", async () => {
  const layout = await makeLayout();
  const prompter = new ScriptedPrompter([{ kind: "no" }]);
  const { gate } = makeGate(layout, { prompter });
  const agent = gate.scoped({ mode: "bypassPermissions", agent: "fixer" });
  assert.equal(agent.mode, "default");
  const decision = await agent.check(bash("npm install"));
  assert.equal(decision.behavior, "deny");
  assert.equal(prompter.requests.length, 1, "the prompt reached the user");
  assert.equal(prompter.request(0).summary, "[agent fixer] Bash: npm install");
  const headless = makeGate(layout, { interactive: false });
  const denied = await headless.gate.scoped({ mode: "bypassPermissions" }).check(bash("npm install"));
  assert.equal(denied.behavior, "deny");
  assert.match(denied.behavior === "deny" ? denied.message : "", /not allowed in non-interactive mode/);
});

test("the agent's mode narrows and follows the parent's mode as it changes", async () => {
  const layout = await makeLayout();
  const { gate } = makeGate(layout, { mode: "bypassPermissions", interactive: false });
  const planner = gate.scoped({ mode: "plan" });
  const edit = await planner.check(fileCall("Edit", join(layout.project, "src", "a.ts")));
  assert.equal(edit.behavior, "deny");
  assert.match(edit.behavior === "deny" ? edit.message : "", /plan mode/);
  const inherit = gate.scoped({});
  assert.equal((await inherit.check(bash("npm install"))).behavior, "allow", "bypass is inherited");
  gate.setMode("default");
  assert.equal(inherit.mode, "default");
  assert.equal((await inherit.check(bash("npm install"))).behavior, "deny", "headless default denies");
});

test("deny rules, and Task / Agent(type) rules, hold for subagents", async () => {
  const layout = await makeLayout();
  const { gate } = makeGate(layout, {
    mode: "bypassPermissions",
    rules: emptyRules({ deny: ["Bash(rm *)", "Agent(Explore)"] }),
  });
  const agent = gate.scoped({});
  const rm = await agent.check(bash("rm -rf src"));
  assert.equal(rm.behavior, "deny");
  assert.match(rm.behavior === "deny" ? rm.message : "", /Bash\(rm \*\)/);
  const agentCall = (subagentType?: string) => ({
    toolName: "Agent",
    input: { description: "d", prompt: "Explore", ...(subagentType ? { subagent_type: subagentType } : {}) },
    toolUseId: "a1",
    readOnly: true,
    paths: [],
    hookDecision: "none" as const,
  });
  assert.equal((await gate.check(agentCall("Explore"))).behavior, "deny");
  assert.equal((await gate.check(agentCall())).behavior, "allow", "the prompt text is not the agent type");
  const hidden = makeGate(layout, { rules: emptyRules({ deny: ["Task"] }) }).gate;
  assert.equal(hidden.isToolHidden("Agent"), true, "a Task deny rule hides the Agent tool");
});

test("a worktree agent: rules anchored at the worktree, project deny rules still hold", async () => {
  const layout = await makeLayout();
  const worktree = join(layout.root, "worktree");
  await mkdir(join(worktree, "src"), { recursive: true });
  await mkdir(join(worktree, "secrets"), { recursive: true });
  await writeFile(join(worktree, "secrets", "key"), "k");
  await writeFile(join(layout.project, "secrets", "key"), "k");
  const prompter = new ScriptedPrompter([{ kind: "no" }]);
  const { gate } = makeGate(layout, {
    prompter,
    rules: emptyRules({ allow: ["Edit(src/**)"], deny: ["Read(/secrets/**)"] }),
  });
  const agent = gate.scoped({ cwd: worktree });
  assert.equal((await agent.check(fileCall("Edit", join(worktree, "src", "b.ts")))).behavior, "allow");
  assert.equal((await agent.check(fileCall("Read", join(worktree, "secrets", "key")))).behavior, "deny");
  assert.equal(
    (await agent.check(fileCall("Read", join(layout.project, "secrets", "key")))).behavior,
    "deny",
  );
  assert.equal(agent.readDeniedBy(join(worktree, "secrets", "key")), "Read(/secrets/**)");
  assert.equal(agent.readDeniedBy(join(layout.project, "secrets", "key")), "Read(/secrets/**)");
  const outside = await agent.check(fileCall("Edit", join(layout.project, "src", "a.ts")));
  assert.equal(
    outside.behavior,
    "deny",
    "the main checkout is outside the worktree agent's workspace: asked, and declined",
  );
  assert.match(prompter.requests[0]?.reason ?? "", /outside the workspace/);
  const bypass = makeGate(layout, {
    mode: "bypassPermissions",
    rules: emptyRules({ deny: ["Read(/secrets/**)"] }),
  }).gate.scoped({ cwd: worktree });
  assert.equal(
    (await bypass.check(fileCall("Read", join(layout.project, "secrets", "key")))).behavior,
    "deny",
    "a project deny rule holds even in bypass mode",
  );
});

test("a worktree agent's workspace follows the directories added and removed later in the session", async () => {
  const layout = await makeLayout();
  const worktree = join(layout.root, "worktree");
  await mkdir(worktree, { recursive: true });
  const file = join(layout.extra, "notes.md");
  await writeFile(file, "n");
  const { gate } = makeGate(layout, { interactive: false });
  const agent = gate.scoped({ cwd: worktree });
  assert.equal((await agent.check(fileCall("Read", file))).behavior, "deny", "outside at first");
  gate.addDirectory(layout.extra);
  assert.equal((await agent.check(fileCall("Read", file))).behavior, "allow", "added: inside now");
  assert.equal(gate.removeDirectory(layout.extra), true);
  const again = await agent.check(fileCall("Read", file));
  assert.equal(again.behavior, "deny", "removed: the agent must not keep a folder the session gave up");
  assert.match(again.behavior === "deny" ? again.message : "", /outside the workspace/);
});

test("a worktree agent's Bash command is held to the project's deny rules too", async () => {
  const layout = await makeLayout();
  const worktree = join(layout.root, "worktree");
  await mkdir(join(worktree, "secrets"), { recursive: true });
  await writeFile(join(worktree, "secrets", "key"), "k");
  await writeFile(join(layout.project, "secrets", "key"), "k");
  const { gate } = makeGate(layout, {
    mode: "bypassPermissions",
    rules: emptyRules({ deny: ["Read(/secrets/**)"] }),
  });
  const agent = gate.scoped({ cwd: worktree });
  const project = await agent.check(bash(`cat ${join(layout.project, "secrets", "key")}`));
  assert.equal(project.behavior, "deny", "the project's copy: the project-anchored rule");
  assert.match(project.behavior === "deny" ? project.message : "", /Read\(\/secrets\/\*\*\)/);
  const own = await agent.check(bash("cat secrets/key"));
  assert.equal(own.behavior, "deny", "the worktree's copy: the rule anchored at the worktree");
  assert.equal((await agent.check(bash("ls"))).behavior, "allow");
});
