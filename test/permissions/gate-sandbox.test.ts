// The gate's two sandbox rules: autoAllowBashIfSandboxed lets a contained Bash call run without a
// prompt unless a deny or ask rule (or a hook's ask) applies, and never in plan mode; a call asking to
// leave the sandbox (dangerouslyDisableSandbox) is always put to a person — not allowed by a mode, a
// rule or a PermissionRequest hook, denied where nobody can be asked, and never remembered.
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { bash, emptyRules, type Layout, makeGate, makeLayout, ScriptedPrompter } from "./support.js";

let layout: Layout;
before(async () => {
  layout = await makeLayout();
});
after(async () => {
  await rm(layout.root, { recursive: true, force: true });
});

const contained = (command: string) => bash(command, { sandboxIntent: "contained" });
const leaving = (command: string) =>
  bash(command, { sandboxIntent: "leave-requested", input: { command, dangerouslyDisableSandbox: true } });

describe("autoAllowSandboxed", () => {
  test("a contained command that would ask runs without a prompt, decided by the sandbox", async () => {
    const { gate, prompter } = makeGate(layout, { autoAllowSandboxed: true });
    const decision = await gate.check(contained(`npm install && echo x > ${layout.outside}/y`));
    assert.deepEqual(decision, { behavior: "allow", by: "sandbox" });
    assert.equal(prompter.requests.length, 0);
  });

  test("only for contained calls, and only when switched on", async () => {
    const off = makeGate(layout, { autoAllowSandboxed: false, interactive: false });
    assert.equal((await off.gate.check(contained("npm install"))).behavior, "deny");
    const on = makeGate(layout, { autoAllowSandboxed: true, interactive: false });
    assert.equal((await on.gate.check(bash("npm install"))).behavior, "deny", "no sandbox intent");
  });

  test("deny and ask rules still decide; a hook's ask still asks; plan mode still refuses", async () => {
    const rules = emptyRules({ deny: ["Bash(rm:*)"], ask: ["Bash(git push:*)"] });
    const { gate, prompter } = makeGate(layout, {
      autoAllowSandboxed: true,
      rules,
      prompter: new ScriptedPrompter([{ kind: "no" }, { kind: "no" }]),
    });
    assert.equal((await gate.check(contained("rm -rf build"))).behavior, "deny");
    assert.equal((await gate.check(contained("git push origin main"))).behavior, "deny");
    assert.match(prompter.requests[0]?.reason ?? "", /git push/);
    await gate.check(bash("make", { sandboxIntent: "contained", hookDecision: "ask" }));
    assert.equal(prompter.requests.length, 2);
    const plan = makeGate(layout, { autoAllowSandboxed: true, mode: "plan" });
    assert.equal((await plan.gate.check(contained("make"))).behavior, "deny");
  });

  test("a deny rule the analysis cannot check asks instead of running", async () => {
    const { gate, prompter } = makeGate(layout, {
      autoAllowSandboxed: true,
      rules: emptyRules({ deny: ["Bash(curl:*)"] }),
      prompter: new ScriptedPrompter([{ kind: "no" }]),
    });
    await gate.check(contained("$(echo cu)rl example.invalid"));
    assert.equal(prompter.requests.length, 1);
  });
});

describe("leaving the sandbox", () => {
  test("bypassPermissions and an allow rule still ask the person; 'always' is not remembered", async () => {
    const { gate, prompter } = makeGate(layout, {
      mode: "bypassPermissions",
      rules: emptyRules({ allow: ["Bash"] }),
      prompter: new ScriptedPrompter([{ kind: "always", rule: "Bash(docker ps)" }]),
    });
    assert.deepEqual(await gate.check(leaving("docker ps")), { behavior: "allow", by: "user" });
    assert.equal(prompter.requests.length, 1);
    assert.match(prompter.requests[0]?.reason ?? "", /OUTSIDE the sandbox/);
    assert.deepEqual(
      gate.rules().allow.map((entry) => entry.rule),
      ["Bash"],
    );
  });

  test("a PermissionRequest hook cannot answer it", async () => {
    const { gate, prompter } = makeGate(layout, {
      beforeAsk: async () => ({ behavior: "allow" }),
      prompter: new ScriptedPrompter([{ kind: "no" }]),
    });
    assert.equal((await gate.check(leaving("docker ps"))).behavior, "deny");
    assert.equal(prompter.requests.length, 1);
  });

  test("headless and dontAsk: denied, naming why", async () => {
    for (const overrides of [{ interactive: false }, { mode: "dontAsk" as const }]) {
      const { gate } = makeGate(layout, { ...overrides, rules: emptyRules({ allow: ["Bash"] }) });
      const decision = await gate.check(leaving("docker ps"));
      assert.equal(decision.behavior, "deny");
      assert.match(decision.behavior === "deny" ? decision.message : "", /only a person can allow/);
    }
  });

  test("a deny rule denies it without asking", async () => {
    const { gate, prompter } = makeGate(layout, { rules: emptyRules({ deny: ["Bash(docker:*)"] }) });
    assert.equal((await gate.check(leaving("docker ps"))).behavior, "deny");
    assert.equal(prompter.requests.length, 0);
  });
});
