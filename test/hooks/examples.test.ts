import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { createHookEngine } from "../../src/hooks/engine.js";
import { loadHookConfig } from "../../src/hooks/load-config.js";
import type { HookNotice } from "../../src/hooks/types.js";
import { scriptSchema } from "../../src/providers/script-format.js";
import { noopTracer } from "../../src/util/trace.js";
import { plainHookProcesses } from "../support/no-sandbox.js";
import { tempFolder } from "../support/temp-folder.js";
import { standInMatchRule } from "./harness.js";

const repo = fileURLToPath(new URL("../../", import.meta.url)).replace(/\/$/, "");
const readJson = async (path: string) => JSON.parse(await readFile(`${repo}/${path}`, "utf8"));

async function exampleEngine(config: { settings?: unknown; compact?: unknown }) {
  const notices: HookNotice[] = [];
  const engine = createHookEngine({
    config: loadHookConfig({
      settings: config.settings ? [{ source: "examples/hooks/settings.json", data: config.settings }] : [],
      compactFiles: config.compact ? [{ source: "examples/hooks/hooks.json", data: config.compact }] : [],
      disabled: false,
      projectDir: repo,
    }),
    projectDir: repo,
    processes: plainHookProcesses(repo),
    sessionId: "demo",
    baseEnv: { PATH: process.env.PATH },
    spillDir: tempFolder("hooks"),
    tracer: noopTracer,
    permissionMode: () => "default",
    matchRule: standInMatchRule,
    onNotice: (notice) => notices.push(notice),
  });
  return { engine, notices };
}

test("examples/hooks/hooks.json: Bash is denied, results are logged, Stop asks once", async () => {
  const { engine, notices } = await exampleEngine({ compact: await readJson("examples/hooks/hooks.json") });
  const denied = await engine.preToolUse({ toolName: "Bash", toolInput: { command: "ls" }, toolUseId: "t1" });
  assert.equal(denied.decision, "deny");
  assert.match(denied.reason!, /^examples\/hooks: Bash blocked by PreToolUse demo/);
  assert.equal(
    (
      await engine.preToolUse({
        toolName: "Read",
        toolInput: { file_path: `${repo}/README.md` },
        toolUseId: "t2",
      })
    ).decision,
    "none",
  );
  await engine.postToolUse({
    toolName: "Read",
    toolInput: { file_path: `${repo}/README.md` },
    toolUseId: "t2",
    toolResponse: {},
    toolResult: "# reagent",
    isError: false,
    durationMs: 2,
  });
  assert.match(notices.at(-1)!.text, /says: examples\/hooks: Read .*README\.md -> ok, 9 chars in 2 ms/);
  const first = await engine.stop({ stopHookActive: false, lastAssistantMessage: "Done." });
  assert.match(first.block!.reason, /say in one line what you verified/);
  assert.equal(
    (await engine.stop({ stopHookActive: true, lastAssistantMessage: "Verified." })).block,
    undefined,
  );
});

test("examples/hooks/settings.json: .env writes are denied with JSON; if-rule guards rm -rf", async () => {
  const { engine } = await exampleEngine({ settings: await readJson("examples/hooks/settings.json") });
  const env = await engine.preToolUse({
    toolName: "Write",
    toolInput: { file_path: `${repo}/.env`, content: "" },
    toolUseId: "t",
  });
  assert.equal(env.decision, "deny");
  assert.match(env.reason!, /holds secrets/);
  const other = await engine.preToolUse({
    toolName: "Write",
    toolInput: { file_path: `${repo}/a.ts`, content: "" },
    toolUseId: "t",
  });
  assert.equal(other.decision, "none");
  const rm = await engine.preToolUse({
    toolName: "Bash",
    toolInput: { command: "rm -rf build" },
    toolUseId: "t",
  });
  assert.equal(rm.decision, "deny");
  const ls = await engine.preToolUse({ toolName: "Bash", toolInput: { command: "ls" }, toolUseId: "t" });
  assert.equal(ls.decision, "none");
});

test("examples/hooks/demo.json follows the scripted-model format", async () => {
  const script = scriptSchema.parse(await readJson("examples/hooks/demo.json"));
  assert.deepEqual(
    script[0]!.tool_calls!.map((call) => call.name),
    ["Bash", "Read"],
  );
});
