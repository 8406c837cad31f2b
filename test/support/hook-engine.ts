// Builds the real hooks engine from Claude-format settings objects and compact hooks files (each one
// layer), the way the CLI does, and writes real hook scripts: tests run real hook processes.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createHookEngine, type HookEngineOptions, loadHookConfig } from "../../src/hooks/index.js";
import { matchRule } from "../../src/permissions/match-rule.js";
import { noopTracer } from "../../src/util/trace.js";
import { plainHookProcesses } from "./no-sandbox.js";

export type TestHookConfig = {
  projectDir: string;
  /** Claude-format settings objects (`{ hooks: … }`), one layer each. */
  settings?: Array<Record<string, unknown>>;
  /** Compact `.agents/hooks.json` objects, one file each. */
  compactHooks?: Array<Record<string, unknown>>;
};

export function createTestHookEngine(config: TestHookConfig, extra: Partial<HookEngineOptions> = {}) {
  const hookConfig = loadHookConfig({
    settings: (config.settings ?? []).map((data, index) => ({ source: `settings-${index}.json`, data })),
    compactFiles: (config.compactHooks ?? []).map((data, index) => ({ source: `hooks-${index}.json`, data })),
    disabled: false,
    projectDir: config.projectDir,
  });
  return createHookEngine({
    config: hookConfig,
    processes: plainHookProcesses(config.projectDir),
    projectDir: config.projectDir,
    sessionId: "session-test",
    baseEnv: { PATH: process.env.PATH, HOME: config.projectDir },
    spillDir: join(config.projectDir, ".hook-spill"),
    tracer: noopTracer,
    permissionMode: () => "default",
    matchRule: (rule, toolName, input) =>
      matchRule(rule, toolName, input, { cwd: config.projectDir, homeDir: config.projectDir }),
    ...extra,
  });
}

/** Writes an executable `/bin/sh` hook script under `dir/hooks/` and returns its path. */
export function hookScript(dir: string, name: string, body: string): string {
  mkdirSync(join(dir, "hooks"), { recursive: true });
  const path = join(dir, "hooks", name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** A hook that reads its payload and answers with `output` as JSON on stdout. */
export function hookAnswering(dir: string, name: string, output: Record<string, unknown>): string {
  return hookScript(dir, name, `cat > /dev/null; printf '%s' '${JSON.stringify(output)}'`);
}

/** One Claude-format settings layer: `event` → one matcher group with one command hook. */
export function onEvent(event: string, command: string, matcher?: string): Record<string, unknown> {
  return { hooks: { [event]: [{ ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command }] }] } };
}
