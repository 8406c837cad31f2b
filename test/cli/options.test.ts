import assert from "node:assert/strict";
import { test } from "node:test";
import { normaliseOptions } from "../../src/cli/options.js";

test("rule lists split on commas and spaces outside parentheses", () => {
  const options = normaliseOptions(
    { allowedTools: ["Bash(git commit *),Read", "Edit(src/**) Write"] },
    undefined,
  );
  assert.deepEqual(options.allowedTools, ["Bash(git commit *)", "Read", "Edit(src/**)", "Write"]);
  assert.deepEqual(normaliseOptions({ disallowedTools: "Bash(npm test" }, undefined).disallowedTools, [
    "Bash(npm test",
  ]);
});

test("flags are validated with messages that say what to fix", () => {
  assert.throws(
    () => normaliseOptions({ maxTurns: "0" }, undefined),
    /--max-turns 0: expected a positive whole number/,
  );
  assert.throws(
    () => normaliseOptions({ provider: "gemini" }, undefined),
    /--provider gemini: use anthropic or openai/,
  );
  assert.equal(
    normaliseOptions({ dangerouslySkipPermissions: true }, undefined).permissionMode,
    "bypassPermissions",
  );
});
