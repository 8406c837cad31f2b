// The hook JSON schema: the shapes hooks in the wild print stay accepted (nulls, legacy "approve",
// extra fields, non-string tool output, PermissionRequest's updatedInput inside or beside decision),
// and a bad field is reported with its path and what it got.
import assert from "node:assert/strict";
import { test } from "node:test";
import { validateHookJson } from "../../src/hooks/hook-json-schema.js";

test("accepted shapes map to the flat typed fields", () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    ["PreToolUse", {}, {}],
    ["Stop", { continue: false, stopReason: "budget" }, { continue: false, stopReason: "budget" }],
    ["PreToolUse", { decision: "approve", reason: "fine" }, { decision: "approve", reason: "fine" }],
    ["Stop", { decision: "block", reason: "run the tests" }, { decision: "block", reason: "run the tests" }],
    ["Stop", { decision: null, reason: null, systemMessage: null, hookSpecificOutput: null }, {}],
    [
      "PreToolUse",
      {
        suppressOutput: true,
        extra: { any: ["thing"] },
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "no .env",
          somethingNew: 1,
        },
      },
      { suppressOutput: true, permissionDecision: "deny", permissionDecisionReason: "no .env" },
    ],
    [
      "PreToolUse",
      { hookSpecificOutput: { permissionDecision: "ask", updatedInput: { command: "ls -la" } } },
      { permissionDecision: "ask", updatedInput: { command: "ls -la" } },
    ],
    [
      "PostToolUse",
      { hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { lines: 2 } } },
      { updatedToolOutput: '{"lines":2}' },
    ],
    [
      "PostToolUse",
      { hookSpecificOutput: { updatedMCPToolOutput: "redacted", additionalContext: "note" } },
      { updatedToolOutput: "redacted", additionalContext: "note" },
    ],
    [
      "UserPromptSubmit",
      { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "branch main" } },
      { additionalContext: "branch main" },
    ],
    [
      "PermissionRequest",
      {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", message: "not on main", interrupt: true },
        },
      },
      { permissionBehavior: "deny", permissionMessage: "not on main", permissionInterrupt: true },
    ],
    [
      "PermissionRequest",
      { hookSpecificOutput: { decision: { behavior: "allow" }, updatedInput: { command: "npm test" } } },
      { permissionBehavior: "allow", updatedInput: { command: "npm test" } },
    ],
    [
      "PermissionRequest",
      {
        hookSpecificOutput: { decision: { behavior: "ask", updatedInput: { a: 1 } }, updatedInput: { b: 2 } },
      },
      { updatedInput: { a: 1 } },
    ],
  ];
  for (const [event, raw, expected] of cases)
    assert.deepEqual(validateHookJson(event as never, raw), expected, `${event} ${JSON.stringify(raw)}`);
});

test("a bad field is reported with its path and what it got", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["PreToolUse", { continue: "no" }, 'continue must be a boolean, got "no"'],
    ["Stop", { systemMessage: 5 }, "systemMessage must be a string, got 5"],
    ["PreToolUse", { decision: "deny" }, 'decision must be "block" or "approve", got "deny"'],
    ["PreToolUse", { hookSpecificOutput: "deny" }, 'hookSpecificOutput must be an object, got "deny"'],
    [
      "PreToolUse",
      { hookSpecificOutput: { permissionDecision: "maybe" } },
      'hookSpecificOutput.permissionDecision must be "allow", "deny" or "ask", got "maybe"',
    ],
    [
      "PreToolUse",
      { hookSpecificOutput: { hookEventName: "PostToolUse" } },
      'hookSpecificOutput.hookEventName is "PostToolUse", expected "PreToolUse"',
    ],
    [
      "PostToolUse",
      { hookSpecificOutput: { permissionDecision: "allow" } },
      "hookSpecificOutput.permissionDecision is only valid for PreToolUse and PreModelSwitch",
    ],
    [
      "Stop",
      { hookSpecificOutput: { updatedToolOutput: "x" } },
      "hookSpecificOutput.updatedToolOutput is only valid for PostToolUse",
    ],
    [
      "PreToolUse",
      { hookSpecificOutput: { updatedInput: "rm -rf /" } },
      'hookSpecificOutput.updatedInput must be an object, got "rm -rf /"',
    ],
    [
      "PermissionRequest",
      { hookSpecificOutput: { decision: { behavior: "maybe" } } },
      'hookSpecificOutput.decision.behavior must be "allow" or "deny", got "maybe"',
    ],
    [
      "PermissionRequest",
      { hookSpecificOutput: { decision: { behavior: "deny", interrupt: "yes" } } },
      'hookSpecificOutput.decision.interrupt must be a boolean, got "yes"',
    ],
  ];
  for (const [event, raw, expected] of cases)
    assert.equal(validateHookJson(event as never, raw), expected, `${event} ${JSON.stringify(raw)}`);
});
