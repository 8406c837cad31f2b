// What a test passes when it wants no checks around its tool calls, said explicitly: the real gate in
// bypassPermissions mode with no rules, and the real hooks engine with no hooks configured. The runner,
// the session and subagents require both; there is no default that skips them.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHookEngine } from "../../src/hooks/index.js";
import { createPermissionGate } from "../../src/permissions/gate.js";
import { createGitConfiguredPaths } from "../../src/util/git-configured-paths.js";
import { noopTracer } from "../../src/util/trace.js";
import { plainHookProcesses } from "./no-sandbox.js";

/** Every call is allowed (deny rules: none; the mode: bypassPermissions). */
export function allowAllGate(cwd = tmpdir()) {
  return createPermissionGate({
    mode: "bypassPermissions",
    rules: { allow: [], deny: [], ask: [] },
    cwd,
    homeDir: cwd,
    shellEnv: process.env,
    gitConfigured: createGitConfiguredPaths(process.env),
    additionalDirectories: [],
    interactive: false,
    tracer: noopTracer,
  });
}

/** No hook runs: the engine has an empty configuration. */
export function noHooks(projectDir = tmpdir()) {
  return createHookEngine({
    config: { handlers: [], warnings: [] },
    processes: plainHookProcesses(projectDir),
    projectDir,
    sessionId: "session-test",
    baseEnv: {},
    spillDir: join(projectDir, ".hook-spill"),
    tracer: noopTracer,
    permissionMode: () => "bypassPermissions",
  });
}
