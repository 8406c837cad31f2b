import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { z } from "zod";
import type { PermissionRequest } from "../../src/permissions/types.js";
import { createBuiltinTools } from "../../src/tools/builtin.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import { createToolRunner } from "../../src/tools/runner.js";
import { defineTool, ok, type Tool } from "../../src/tools/tool.js";
import { noopTracer } from "../../src/util/trace.js";
import { noHooks } from "../support/no-checks.js";
import { noSandbox } from "../support/no-sandbox.js";
import { makeContext } from "./context.js";

const schema = z.object({ target: z.string(), path: z.string().optional(), note: z.string().optional() });

function recordingTool(name: string, seen: unknown[], pathFields?: string[]): Tool {
  return defineTool<z.infer<typeof schema>>({
    name,
    description: "Records its input.",
    schema,
    ...(pathFields ? { pathFields } : {}),
    isReadOnly: () => true,
    async execute(input) {
      seen.push(input);
      return ok("done");
    },
  });
}

test("the runner makes exactly the tool's pathFields absolute, for the gate and the tool", async () => {
  const cwd = path.resolve("/work-root/project");
  const homeDir = path.resolve("/home-root/someone");
  const executed: unknown[] = [];
  const gated: PermissionRequest[] = [];
  const runner = createToolRunner({
    registry: createToolRegistry([
      recordingTool("Files", executed, ["target"]),
      recordingTool("mcp__server__files", executed),
    ]),
    hooks: noHooks(),
    containment: noSandbox(cwd),
    gate: {
      async check(request) {
        gated.push(request);
        return { behavior: "allow", by: "mode" };
      },
      isToolHidden: () => false,
    },
    context: (toolUseId, signal) => makeContext(cwd, { homeDir, toolUseId, signal }),
    tracer: noopTracer,
  });
  const call = (name: string, input: Record<string, unknown>) =>
    runner.run({ type: "tool_use", id: `t${executed.length}`, name, input }, new AbortController().signal);

  await call("Files", { target: "src/../a.txt", path: "rel", note: "x" });
  await call("Files", { target: "~/notes.md" });
  await call("Files", { target: "/abs/b.txt" });
  await call("Files", { target: "" });
  await call("mcp__server__files", { target: "rel.txt", path: "rel" });

  assert.deepEqual(executed, [
    { target: path.join(cwd, "a.txt"), path: "rel", note: "x" },
    { target: path.join(homeDir, "notes.md") },
    { target: path.resolve("/abs/b.txt") },
    { target: "" },
    { target: "rel.txt", path: "rel" },
  ]);
  assert.deepEqual(
    gated.map((request) => request.input),
    executed,
    "the gate sees the same input the tool runs with",
  );
});

test("the built-in file tools declare their path fields", () => {
  const declared = Object.fromEntries(
    createBuiltinTools({ ripgrepPath: null }).map((tool) => [tool.name, tool.pathFields ?? []]),
  );
  assert.deepEqual(declared, {
    Read: ["file_path"],
    Write: ["file_path"],
    Edit: ["file_path"],
    Glob: ["path"],
    Grep: ["path"],
    Bash: [],
  });
});
