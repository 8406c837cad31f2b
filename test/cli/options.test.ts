import assert from "node:assert/strict";
import { test } from "node:test";
import { normaliseOptions } from "../../src/cli/options.js";
import { readEnv, withThinkingFlags } from "../../src/config/env.js";

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
    /--provider gemini: use anthropic, openai, openai-responses, bedrock/,
  );
  assert.equal(
    normaliseOptions({ dangerouslySkipPermissions: true }, undefined).permissionMode,
    "bypassPermissions",
  );
});

test("--max-thinking-tokens and --thinking: validated, then they win over MAX_THINKING_TOKENS", () => {
  assert.equal(normaliseOptions({ maxThinkingTokens: "8000" }, undefined).maxThinkingTokens, 8000);
  assert.equal(normaliseOptions({ maxThinkingTokens: "0" }, undefined).maxThinkingTokens, 0);
  for (const bad of ["-1", "1.5", "many", "", "1e4"])
    assert.throws(
      () => normaliseOptions({ maxThinkingTokens: bad }, undefined),
      /--max-thinking-tokens .*: expected a whole number of tokens/,
    );
  assert.equal(normaliseOptions({ thinking: "disabled" }, undefined).thinking, "off");
  assert.equal(normaliseOptions({ thinking: "adaptive" }, undefined).thinking, "on");
  assert.throws(() => normaliseOptions({ thinking: "maybe" }, undefined), /--thinking maybe: use adaptive/);
  assert.deepEqual(normaliseOptions({ maxThinkingTokens: "1" }, undefined).ignoredFlags, []);

  const env = readEnv({ MAX_THINKING_TOKENS: "6000", HOME: "/h" }, () => "/h");
  assert.equal(withThinkingFlags(env, {}).maxThinkingTokens, 6000);
  assert.equal(withThinkingFlags(env, { maxThinkingTokens: 2000 }).maxThinkingTokens, 2000);
  assert.equal(withThinkingFlags(env, { thinking: "off" }).maxThinkingTokens, 0);
  const off = readEnv({ MAX_THINKING_TOKENS: "0", HOME: "/h" }, () => "/h");
  assert.deepEqual(
    [
      withThinkingFlags(off, { thinking: "on" }).maxThinkingTokens,
      withThinkingFlags(off, { thinking: "on" }).thinkingOn,
    ],
    [undefined, true],
  );
});
