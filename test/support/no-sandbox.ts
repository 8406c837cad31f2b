// What a test passes when its processes run without an OS sandbox, said explicitly: the real process
// launcher of the sandbox module with no sandbox (the environment filter still applies), sandbox
// facts saying none can start, and no redaction. The runner, the session, hooks and MCP require them.
import type { HookProcesses } from "../../src/hooks/index.js";
import type { McpProcesses } from "../../src/mcp/types.js";
import { createProcessLauncher, type RunLauncher } from "../../src/sandbox/index.js";
import type { CallContainment, SandboxFacts } from "../../src/tools/runner.js";

/** Starts processes with the environment filter only; a sandbox profile is refused. */
export function plainLauncher(project = "/", pass: readonly string[] = []): RunLauncher {
  return createProcessLauncher({
    policy: () => ({ kind: "invalid", problems: ["no sandbox in this test"] }),
    environment: { pass },
    project,
  });
}

export const NO_SANDBOX_FACTS: SandboxFacts = {
  canStart: false,
  on: false,
  mayLeave: true,
  excluded: () => false,
};

export function noSandbox(project = "/"): CallContainment {
  return { launcher: plainLauncher(project), sandbox: NO_SANDBOX_FACTS, redact: (text) => text };
}

export function plainHookProcesses(project = "/"): HookProcesses {
  return { launcher: plainLauncher(project), containmentOf: () => "none", redact: (text) => text };
}

export function plainMcpProcesses(project = "/"): McpProcesses {
  return {
    launcher: plainLauncher(project),
    placement: () => ({ containment: "none", passConfiguredEnv: true }),
  };
}
