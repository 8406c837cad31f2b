import assert from "node:assert/strict";
import { test } from "node:test";
import { createToolRegistry } from "../../src/tools/registry.js";
import { testTools } from "../support/test-tools.js";

test("schemas follow rule changes during the session, and stay the same array while nothing changes", () => {
  const hidden = new Set<string>();
  const registry = createToolRegistry(testTools(), (name) => hidden.has(name));
  const first = registry.schemas();
  assert.equal(registry.schemas(), first, "same array while the visible set is unchanged");
  assert.ok(first.some((schema) => schema.name === "Note"));
  hidden.add("Note");
  const second = registry.schemas();
  assert.deepEqual(
    second.map((schema) => schema.name),
    ["Echo", "Fail", "Crash"],
  );
  assert.equal(registry.get("Note"), undefined);
  hidden.delete("Note");
  assert.ok(
    registry.schemas().some((schema) => schema.name === "Note"),
    "a removed deny rule brings it back",
  );
  assert.throws(() => registry.add(testTools()), /duplicate tool name: Echo/);
});
