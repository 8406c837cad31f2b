// The one containment choice (tools/runner/containment.ts): the read-only profile for the gate's
// read-only fast path wherever a sandbox can start, with the sandbox on or off; workspace-write for a
// contained Bash call with the sandbox on; none for calls that leave it at a person's word, excluded
// commands, and everything where no sandbox can start.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  chooseContainment,
  commandPlan,
  type SandboxFacts,
  sandboxIntent,
} from "../../src/tools/runner/containment.js";

const facts = (overrides: Partial<SandboxFacts> = {}): SandboxFacts => ({
  canStart: true,
  on: true,
  mayLeave: true,
  excluded: (command) => command.startsWith("docker "),
  ...overrides,
});
const byMode = { behavior: "allow", by: "mode" } as const;
const fastPath = { behavior: "allow", by: "mode", readOnlyFastPath: true } as const;

test("the plan of a call: contained, leave-requested, excluded, uncontained, or no command", () => {
  assert.equal(commandPlan("Bash", { command: "make" }, facts(), "/"), "contained");
  assert.equal(
    commandPlan("Bash", { command: "make", dangerouslyDisableSandbox: true }, facts(), "/"),
    "leave-requested",
  );
  assert.equal(
    commandPlan(
      "Bash",
      { command: "make", dangerouslyDisableSandbox: true },
      facts({ mayLeave: false }),
      "/",
    ),
    "contained",
    "allowUnsandboxedCommands: false takes the option away",
  );
  assert.equal(commandPlan("Bash", { command: "docker ps" }, facts(), "/"), "excluded");
  assert.equal(commandPlan("Bash", { command: "make" }, facts({ on: false }), "/"), "uncontained");
  assert.equal(commandPlan("Read", { file_path: "/x" }, facts(), "/"), "no-command");
  assert.equal(sandboxIntent("contained"), "contained");
  assert.equal(sandboxIntent("leave-requested"), "leave-requested");
  assert.equal(sandboxIntent("excluded"), undefined);
  assert.equal(sandboxIntent("uncontained"), undefined);
});

test("the read-only fast path runs read-only wherever a sandbox can start, on or off", () => {
  for (const on of [true, false])
    for (const plan of ["contained", "uncontained", "excluded"] as const)
      assert.equal(chooseContainment(plan, fastPath, facts({ on })), "read-only", `${plan} on=${on}`);
});

test("with the sandbox on, the rest of the contained calls run in workspace-write; the others in none", () => {
  assert.equal(chooseContainment("contained", byMode, facts()), "workspace-write");
  assert.equal(
    chooseContainment("contained", { behavior: "allow", by: "sandbox" }, facts()),
    "workspace-write",
  );
  assert.equal(chooseContainment("leave-requested", { behavior: "allow", by: "user" }, facts()), "none");
  assert.equal(chooseContainment("excluded", { behavior: "allow", by: "rule" }, facts()), "none");
  assert.equal(chooseContainment("uncontained", byMode, facts({ on: false })), "none");
});

test("where no sandbox can start, nothing is contained, not even the fast path", () => {
  const none = facts({ canStart: false, on: false });
  assert.equal(chooseContainment("uncontained", fastPath, none), "none");
  assert.equal(chooseContainment("contained", byMode, none), "none");
});
