import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { PermissionMode, PermissionRequest } from "../../src/permissions/types.js";
import { bash, fileCall, type Layout, makeGate, makeLayout, mcpCall } from "./support.js";

type Outcome = "allow" | "ask" | "deny";
type Kind = "read" | "edit" | "bash" | "mcp";

// Expected outcome with no rules and no hooks, per mode and tool kind (interactive / headless).
const matrix: Record<PermissionMode, Record<Kind, [interactive: Outcome, headless: Outcome]>> = {
  default: { read: ["allow", "allow"], edit: ["ask", "deny"], bash: ["ask", "deny"], mcp: ["ask", "deny"] },
  acceptEdits: {
    read: ["allow", "allow"],
    edit: ["allow", "allow"],
    bash: ["ask", "deny"],
    mcp: ["ask", "deny"],
  },
  plan: { read: ["allow", "allow"], edit: ["deny", "deny"], bash: ["deny", "deny"], mcp: ["deny", "deny"] },
  bypassPermissions: {
    read: ["allow", "allow"],
    edit: ["allow", "allow"],
    bash: ["allow", "allow"],
    mcp: ["allow", "allow"],
  },
  dontAsk: {
    read: ["allow", "allow"],
    edit: ["deny", "deny"],
    bash: ["deny", "deny"],
    mcp: ["deny", "deny"],
  },
};

let layout: Layout;
before(async () => {
  layout = await makeLayout();
});
after(async () => {
  await rm(layout.root, { recursive: true, force: true });
});

function request(kind: Kind): PermissionRequest {
  if (kind === "read") return fileCall("Read", join(layout.project, "src/a.ts"));
  if (kind === "edit") return fileCall("Edit", join(layout.project, "src/a.ts"));
  if (kind === "bash") return bash("npm test");
  return mcpCall("mcp__db__query");
}

describe("mode × tool matrix", () => {
  for (const [mode, row] of Object.entries(matrix) as [PermissionMode, Record<Kind, [Outcome, Outcome]>][]) {
    for (const [kind, [interactiveOutcome, headlessOutcome]] of Object.entries(row) as [
      Kind,
      [Outcome, Outcome],
    ][]) {
      test(`${mode} ${kind} interactive → ${interactiveOutcome}`, async () => {
        const { gate, prompter } = makeGate(layout, { mode });
        const decision = await gate.check(request(kind));
        const outcome: Outcome = prompter.requests.length > 0 ? "ask" : decision.behavior;
        assert.equal(outcome, interactiveOutcome);
        if (interactiveOutcome === "ask") assert.equal(decision.by, "user");
      });
      test(`${mode} ${kind} headless → ${headlessOutcome}`, async () => {
        const { gate, prompter } = makeGate(layout, { mode, interactive: false });
        const decision = await gate.check(request(kind));
        assert.equal(prompter.requests.length, 0);
        assert.equal(decision.behavior, headlessOutcome);
        if (decision.behavior === "deny" && mode === "default") {
          assert.match(
            decision.message,
            /not allowed in non-interactive mode; use --allowedTools or --permission-mode/,
          );
          assert.equal(decision.by, "headless");
        }
        if (decision.behavior === "deny" && mode === "plan") {
          assert.match(decision.message, /plan mode/);
          assert.equal(decision.by, "mode");
        }
        if (decision.behavior === "deny" && mode === "dontAsk") assert.match(decision.message, /dontAsk/);
      });
    }
  }

  test("setMode switches behaviour at once", async () => {
    const { gate } = makeGate(layout, { interactive: false });
    assert.equal((await gate.check(request("edit"))).behavior, "deny");
    gate.setMode("acceptEdits");
    assert.equal(gate.mode, "acceptEdits");
    assert.equal((await gate.check(request("edit"))).behavior, "allow");
  });

  test("ALLOW_WRITE lets headless runs use write tools inside the workspace only", async () => {
    const { gate } = makeGate(layout, { interactive: false, allowWrite: true });
    assert.deepEqual(await gate.check(request("edit")), { behavior: "allow", by: "mode" });
    assert.equal((await gate.check(request("bash"))).behavior, "allow");
    const outside = await gate.check(fileCall("Write", join(layout.outside, "new.txt")));
    assert.equal(outside.behavior, "deny");
    if (outside.behavior === "deny") assert.match(outside.message, /outside the workspace.*--add-dir/);
  });

  test("ALLOW_WRITE does not override dontAsk, plan or deny rules", async () => {
    for (const mode of ["dontAsk", "plan"] as const) {
      const { gate } = makeGate(layout, { interactive: false, allowWrite: true, mode });
      assert.equal((await gate.check(request("edit"))).behavior, "deny", mode);
    }
  });
});

describe("workspace boundary", () => {
  test("reads outside the workspace ask (interactive) and are denied headless", async () => {
    const interactive = makeGate(layout);
    await interactive.gate.check(fileCall("Read", join(layout.outside, "x.txt")));
    assert.equal(interactive.prompter.requests.length, 1);
    assert.match(interactive.prompter.request(0).reason, /outside the workspace/);
    const headless = makeGate(layout, { interactive: false });
    const decision = await headless.gate.check(fileCall("Read", join(layout.outside, "x.txt")));
    assert.equal(decision.behavior, "deny");
  });

  test("symlink and .. escapes are seen as outside", async () => {
    const { gate } = makeGate(layout, { interactive: false, mode: "acceptEdits" });
    const viaLink = await gate.check(fileCall("Edit", join(layout.project, "src/escape/x.txt")));
    assert.equal(viaLink.behavior, "deny");
    const viaDots = await gate.check(fileCall("Read", join(layout.project, "src/../../outside/x.txt")));
    assert.equal(viaDots.behavior, "deny");
  });

  test("additionalDirectories (--add-dir) widen the workspace", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      mode: "acceptEdits",
      additionalDirectories: [layout.outside, "../extra"],
    });
    assert.equal((await gate.check(fileCall("Read", join(layout.outside, "x.txt")))).behavior, "allow");
    assert.equal((await gate.check(fileCall("Edit", join(layout.extra, "y.txt")))).behavior, "allow");
    assert.deepEqual(gate.workspaceRoots, [layout.project, layout.outside, layout.extra]);
  });

  test("an allow rule for an absolute path reaches outside the workspace", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      rules: {
        allow: [{ rule: `Write(/${layout.outside}/**)`, source: "--allowedTools" }],
        deny: [],
        ask: [],
      },
    });
    assert.equal((await gate.check(fileCall("Write", join(layout.outside, "new.txt")))).behavior, "allow");
    assert.equal((await gate.check(fileCall("Write", join(layout.extra, "new.txt")))).behavior, "deny");
  });
});
