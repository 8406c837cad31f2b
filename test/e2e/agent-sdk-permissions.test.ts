// The real Claude Agent SDK against reagent: the permission answers of a canUseTool callback that
// change the rules (updatedPermissions, the SDK's PermissionUpdate list) — applied at once for the
// session, saved to the settings file a destination names, and a mode change.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { type CanUseTool, type PermissionUpdate, query } from "@anthropic-ai/claude-agent-sdk";
import { collect, resultOf, sdkOptions } from "../support/agent-sdk.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const bash = (id: string, command: string) => ({ tool_calls: [{ id, name: "Bash", input: { command } }] });

type Asked = { tool: string; input: Record<string, unknown>; suggestions?: PermissionUpdate[]; id: string };

function recording(answer: (suggestions: PermissionUpdate[] | undefined) => PermissionUpdate[] | undefined) {
  const asked: Asked[] = [];
  const canUseTool: CanUseTool = async (tool, input, options) => {
    asked.push({ tool, input, suggestions: options.suggestions, id: options.toolUseID });
    const updatedPermissions = answer(options.suggestions);
    return { behavior: "allow", updatedInput: input, ...(updatedPermissions ? { updatedPermissions } : {}) };
  };
  return { asked, canUseTool };
}

test("canUseTool: allowing with the suggested rule applies it at once; the next matching call is not asked", async () => {
  const server = await serveScoped([
    bash("t1", "touch a.txt"),
    bash("t2", "touch b.txt"),
    { text: "Both made." },
  ]);
  const workspace = scopedWorkspace();
  const { asked, canUseTool } = recording((suggestions) => suggestions);
  const options = sdkOptions(server, workspace.dir, { canUseTool });
  const { messages, error } = await collect(query({ prompt: "make two files", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.equal(asked.length, 1, JSON.stringify(asked));
  assert.equal(asked[0]!.tool, "Bash");
  assert.equal(asked[0]!.id, "t1");
  assert.deepEqual(asked[0]!.suggestions, [
    {
      type: "addRules",
      rules: [{ toolName: "Bash", ruleContent: "touch *" }],
      behavior: "allow",
      destination: "session",
    },
  ]);
  assert.ok(existsSync(join(workspace.dir, "a.txt")) && existsSync(join(workspace.dir, "b.txt")));
  const result = resultOf(messages);
  assert.equal(result.subtype === "success" ? result.result : "", "Both made.");
  assert.deepEqual(result.permission_denials, []);
  assert.equal(
    existsSync(join(workspace.dir, ".agents", "settings.local.json")),
    false,
    "a session rule is not saved",
  );
});

test("canUseTool: a rule with destination localSettings is saved; a new process does not ask", async () => {
  const server = await serveScoped([
    bash("t1", "touch a.txt"),
    { text: "made a" },
    bash("t2", "touch b.txt"),
    { text: "made b" },
  ]);
  const workspace = scopedWorkspace();
  const first = recording(() => [
    {
      type: "addRules",
      rules: [{ toolName: "Bash", ruleContent: "touch *" }],
      behavior: "allow",
      destination: "localSettings",
    },
  ]);
  const firstOptions = sdkOptions(server, workspace.dir, { canUseTool: first.canUseTool });
  const run1 = await collect(query({ prompt: "make a", options: firstOptions }));
  assert.equal(run1.error, undefined, firstOptions.stderrText());
  assert.equal(first.asked.length, 1);
  const saved = JSON.parse(readFileSync(join(workspace.dir, ".agents", "settings.local.json"), "utf8"));
  assert.deepEqual(saved.permissions.allow, ["Bash(touch *)"]);

  const second = recording(() => undefined);
  const secondOptions = sdkOptions(server, workspace.dir, {
    canUseTool: async (tool, input, options) => {
      await second.canUseTool(tool, input, options);
      return { behavior: "deny", message: "should not be asked" };
    },
  });
  const run2 = await collect(query({ prompt: "make b", options: secondOptions }));
  assert.equal(run2.error, undefined, secondOptions.stderrText());
  assert.deepEqual(second.asked, [], "the saved rule allowed the call");
  assert.ok(existsSync(join(workspace.dir, "b.txt")));
});

test("canUseTool: a setMode update switches the mode for the following calls", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "w1", name: "Write", input: { file_path: "one.txt", content: "1\n" } }] },
    { tool_calls: [{ id: "w2", name: "Write", input: { file_path: "two.txt", content: "2\n" } }] },
    { text: "Written." },
  ]);
  const workspace = scopedWorkspace();
  const { asked, canUseTool } = recording(() => [
    { type: "setMode", mode: "acceptEdits", destination: "session" },
  ]);
  const options = sdkOptions(server, workspace.dir, { canUseTool });
  const { error } = await collect(query({ prompt: "write two files", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.deepEqual(
    asked.map((entry) => entry.id),
    ["w1"],
  );
  assert.equal(readFileSync(join(workspace.dir, "two.txt"), "utf8"), "2\n");
});
