import assert from "node:assert/strict";
import { test } from "node:test";
import { HookConfigError } from "../../src/hooks/config-types.js";
import { type HookConfigInput, loadHookConfig } from "../../src/hooks/load-config.js";

const load = (input: Partial<HookConfigInput>) =>
  loadHookConfig({ settings: [], compactFiles: [], disabled: false, projectDir: "/project", ...input });

function configError(input: Partial<HookConfigInput>): HookConfigError {
  try {
    load(input);
  } catch (error) {
    assert.ok(error instanceof HookConfigError, String(error));
    return error;
  }
  assert.fail("expected a HookConfigError");
}

test("Claude format: defaults, seconds, args, statusMessage, if and onError", () => {
  const config = load({
    settings: [
      {
        source: ".claude/settings.json",
        data: {
          hooks: {
            PreToolUse: [
              {
                matcher: "Bash",
                hooks: [
                  { type: "command", command: "a.sh" },
                  {
                    type: "command",
                    command: "node",
                    args: ["b.mjs"],
                    timeout: 2,
                    statusMessage: "B",
                    if: "Bash(rm *)",
                    onError: "deny",
                  },
                ],
              },
            ],
          },
        },
      },
    ],
  });
  const [a, b] = config.handlers;
  assert.equal(a!.timeoutMs, 60_000);
  assert.equal(a!.onError, "warn");
  assert.equal(a!.format, "claude");
  assert.equal(a!.path, "hooks.PreToolUse[0].hooks[0]");
  assert.deepEqual(b!.args, ["b.mjs"]);
  assert.equal(b!.timeoutMs, 2000);
  assert.equal(b!.statusMessage, "B");
  assert.equal(b!.ifRule, "Bash(rm *)");
  assert.equal(b!.onError, "deny");
});

test("compact format, bare and wrapped, with timeoutMs and denyOnFailure", () => {
  const bare = load({
    compactFiles: [
      { source: ".agents/hooks.json", data: { PreToolUse: [{ matcher: "Bash", command: "x" }] } },
    ],
  });
  assert.equal(bare.handlers[0]!.timeoutMs, 5000);
  assert.equal(bare.handlers[0]!.format, "compact");
  const wrapped = load({
    compactFiles: [
      {
        source: ".agents/hooks.json",
        data: { hooks: { Stop: [{ command: "y", timeoutMs: 250, denyOnFailure: true }] } },
      },
    ],
  });
  assert.equal(wrapped.handlers[0]!.event, "Stop");
  assert.equal(wrapped.handlers[0]!.timeoutMs, 250);
  assert.equal(wrapped.handlers[0]!.onError, "deny");
  assert.equal(wrapped.handlers[0]!.path, "hooks.Stop[0]");
});

test("settings layers concatenate in order, then compact files", () => {
  const group = (command: string) => ({ hooks: { Stop: [{ hooks: [{ type: "command", command }] }] } });
  const config = load({
    settings: [
      { source: "user.json", data: group("one") },
      { source: "project.json", data: group("two") },
    ],
    compactFiles: [{ source: "hooks.json", data: { Stop: [{ command: "three" }] } }],
  });
  assert.deepEqual(
    config.handlers.map((handler) => [handler.command, handler.source, handler.order]),
    [
      ["one", "user.json", 0],
      ["two", "project.json", 1],
      ["three", "hooks.json", 2],
    ],
  );
});

test("invalid entries name the file, the JSON path and the problem", () => {
  const timeout = configError({
    settings: [
      {
        source: ".claude/settings.json",
        data: {
          hooks: {
            PreToolUse: [
              {
                hooks: [
                  { type: "command", command: "a" },
                  { type: "command", command: "b", timeout: "5" },
                ],
              },
            ],
          },
        },
      },
    ],
  });
  assert.equal(timeout.source, ".claude/settings.json");
  assert.equal(timeout.jsonPath, "hooks.PreToolUse[0].hooks[1].timeout");
  assert.match(
    timeout.message,
    /^\.claude\/settings\.json: hooks\.PreToolUse\[0\]\.hooks\[1\]\.timeout: .*positive number/,
  );

  const unknownEvent = configError({
    settings: [{ source: "s.json", data: { hooks: { PreToolUsed: [] } } }],
  });
  assert.equal(unknownEvent.jsonPath, "hooks.PreToolUsed");
  assert.match(unknownEvent.message, /unknown hook event "PreToolUsed"/);

  const unknownType = configError({
    settings: [
      { source: "s.json", data: { hooks: { Stop: [{ hooks: [{ type: "agent", prompt: "x" }] }] } } },
    ],
  });
  assert.equal(unknownType.jsonPath, "hooks.Stop[0].hooks[0].type");
  assert.match(unknownType.message, /unknown handler type "agent"/);

  const regex = configError({
    compactFiles: [{ source: "h.json", data: { PreToolUse: [{ matcher: "Bash(", command: "x" }] } }],
  });
  assert.equal(regex.jsonPath, "PreToolUse[0].matcher");
  assert.match(regex.message, /invalid regular expression/);

  const missingCommand = configError({
    compactFiles: [{ source: "h.json", data: { Stop: [{ matcher: "*" }] } }],
  });
  assert.equal(missingCommand.jsonPath, "Stop[0].command");

  const onError = configError({
    compactFiles: [{ source: "h.json", data: { Stop: [{ command: "x", onError: "maybe" }] } }],
  });
  assert.equal(onError.jsonPath, "Stop[0].onError");

  const notObject = configError({ compactFiles: [{ source: "h.json", data: [1] }] });
  assert.match(notObject.message, /^h\.json: must be a JSON object/);

  const args = configError({
    compactFiles: [{ source: "h.json", data: { Stop: [{ command: "x", args: [1] }] } }],
  });
  assert.equal(args.jsonPath, "Stop[0].args");
});

test("invalid if rules are rejected through the injected validator", () => {
  const error = configError({
    validateRule: (rule) => (rule.endsWith(")") ? null : "missing closing parenthesis"),
    compactFiles: [{ source: "h.json", data: { PreToolUse: [{ command: "x", if: "Bash(rm *" }] } }],
  });
  assert.equal(error.jsonPath, "PreToolUse[0].if");
  assert.match(error.message, /missing closing parenthesis/);
});

test("disableAllHooks in any layer and HOOKS=0 turn everything off and say why", () => {
  const hooks = { hooks: { Stop: [{ hooks: [{ type: "command", command: "x" }] }] } };
  const byFile = load({
    settings: [
      { source: "a.json", data: hooks },
      { source: "b.json", data: { disableAllHooks: true } },
    ],
  });
  assert.equal(byFile.handlers.length, 0);
  assert.match(byFile.disabledBy!, /disableAllHooks.*b\.json/);
  const byEnv = load({ disabled: true, settings: [{ source: "broken.json", data: { hooks: 5 } }] });
  assert.equal(byEnv.handlers.length, 0);
  assert.equal(byEnv.disabledBy, "HOOKS=0");
});

test("unknown handler keys are accepted but warned about with the nearest known key", () => {
  const config = load({
    settings: [
      {
        source: ".claude/settings.json",
        data: {
          hooks: {
            PreToolUse: [
              {
                matchr: "Bash",
                hooks: [
                  { type: "command", command: "a.sh", timout: 5 },
                  { type: "command", command: "b.sh", timeoutMs: 5000, future: true },
                ],
              },
            ],
          },
        },
      },
    ],
    compactFiles: [
      { source: ".agents/hooks.json", data: { Stop: [{ command: "c.sh", timeout: 5, onErorr: "deny" }] } },
    ],
  });
  assert.equal(config.handlers.length, 3);
  assert.equal(config.handlers[0]!.timeoutMs, 60_000);
  assert.deepEqual(config.warnings, [
    '.claude/settings.json: hooks.PreToolUse[0]: unknown key "matchr" is ignored; did you mean "matcher"?',
    '.claude/settings.json: hooks.PreToolUse[0].hooks[0]: unknown key "timout" is ignored; did you mean "timeout"?',
    '.claude/settings.json: hooks.PreToolUse[0].hooks[1]: unknown key "timeoutMs" is ignored; did you mean "timeout" (seconds in settings files)?',
    '.claude/settings.json: hooks.PreToolUse[0].hooks[1]: unknown key "future" is ignored; known keys: type, command, args, statusMessage, if, onError, timeout, url, headers, allowedEnvVars, prompt, model',
    '.agents/hooks.json: Stop[0]: unknown key "timeout" is ignored; did you mean "timeoutMs" (milliseconds in .agents/hooks.json)?',
    '.agents/hooks.json: Stop[0]: unknown key "onErorr" is ignored; did you mean "onError"?',
  ]);
});

test("a configuration with only known keys has no warnings", () => {
  const config = load({
    settings: [
      {
        source: ".claude/settings.json",
        data: { hooks: { Stop: [{ matcher: "", hooks: [{ type: "command", command: "a", timeout: 1 }] }] } },
      },
    ],
    compactFiles: [
      { source: ".agents/hooks.json", data: { Stop: [{ matcher: "*", command: "b", timeoutMs: 9 }] } },
    ],
  });
  assert.deepEqual(config.warnings, []);
});
