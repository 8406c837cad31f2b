// The read-only fast path as the runner sees it: a Bash call allowed only because the analysis
// filed it read-only carries `readOnlyFastPath` (the runner runs it in the sandbox's read-only
// profile); calls a rule, a hook or the mode allowed do not. The gate says which fast path it has.
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { fastPathNotice } from "../../src/permissions/gate.js";
import { bash, emptyRules, type Layout, makeGate, makeLayout } from "./support.js";

let layout: Layout;
before(async () => {
  layout = await makeLayout();
});
after(async () => {
  await rm(layout.root, { recursive: true, force: true });
});

describe("readOnlyFastPath on the allow decision", () => {
  test("set for a read-only command in default and plan mode, strict or enforced", async () => {
    for (const readOnlyEnforced of [false, true]) {
      for (const mode of ["default", "plan"] as const) {
        const { gate } = makeGate(layout, { mode, interactive: false, readOnlyEnforced });
        assert.deepEqual(await gate.check(bash("ls src")), {
          behavior: "allow",
          by: "mode",
          readOnlyFastPath: true,
        });
      }
    }
  });

  test("a read-only line is contained even where a rule would allow it", async () => {
    const { gate } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash", "Bash(ls:*)"] }),
    });
    assert.equal((await gate.check(bash("ls src"))).behavior, "allow");
    assert.deepEqual(await gate.check(bash("ls src")), {
      behavior: "allow",
      by: "mode",
      readOnlyFastPath: true,
    });
  });

  test("not set when a rule, a hook or the mode allowed the call", async () => {
    const ruled = makeGate(layout, { interactive: false, rules: emptyRules({ allow: ["Bash(npm test)"] }) });
    assert.deepEqual(await ruled.gate.check(bash("npm test")), {
      behavior: "allow",
      by: "rule",
      rule: "Bash(npm test)",
    });
    const mixed = await ruled.gate.check(bash("npm test && ls"));
    assert.equal(mixed.behavior === "allow" && mixed.readOnlyFastPath, undefined);
    const hooked = makeGate(layout, { interactive: false });
    assert.deepEqual(await hooked.gate.check(bash("ls", { hookDecision: "allow" })), {
      behavior: "allow",
      by: "hook",
    });
    const bypass = makeGate(layout, { interactive: false, mode: "bypassPermissions" });
    assert.deepEqual(await bypass.gate.check(bash("ls")), { behavior: "allow", by: "mode" });
  });

  test("the gate names its fast path, and the start-up notice says which guarantee holds", () => {
    assert.equal(makeGate(layout).gate.fastPath, "strict");
    assert.equal(makeGate(layout, { readOnlyEnforced: true }).gate.fastPath, "enforced");
    assert.match(fastPathNotice("enforced"), /read-only profile/);
    assert.match(fastPathNotice("strict"), /no sandbox contains them/);
  });
});
