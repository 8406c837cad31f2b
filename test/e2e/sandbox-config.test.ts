// End-to-end through the built CLI: the sandbox's configuration and its edges — a folder's hooks and
// MCP servers run contained, the user's outside it, both with the environment filter; a hook planted
// while sandboxed commands ran is not applied next session until trusted; leaving the sandbox is
// never allowed headless and can be taken away entirely; excluded commands run outside after the
// normal gate; where no sandbox can start the run says why (or exits 2 with failIfUnavailable);
// `reagent doctor` names what is active.
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { runCli } from "../support/cli.js";
import { needsSandbox } from "../support/sandbox.js";
import { outcomeOf, type SandboxHome, sandboxHome, sandboxSession } from "../support/sandbox-cli.js";

const machines: SandboxHome[] = [];
after(() => {
  for (const machine of machines) machine.cleanup();
});
function machineWith(files: { user?: unknown; project?: unknown; mcp?: unknown } = {}): SandboxHome {
  const machine = sandboxHome("sandbox-config");
  machines.push(machine);
  const write = (path: string, value: unknown) => {
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, JSON.stringify(value));
  };
  if (files.user) write(join(machine.home, ".claude", "settings.json"), files.user);
  if (files.project) write(join(machine.project, ".claude", "settings.json"), files.project);
  if (files.mcp) write(join(machine.project, ".mcp.json"), files.mcp);
  return machine;
}
/** The tools a model request offered. */
const bashTools = (body: unknown) =>
  (body as { tools?: Array<{ name: string; input_schema: unknown }> } | undefined)?.tools ?? [];
const startHook = (command: string) => ({
  hooks: { SessionStart: [{ hooks: [{ type: "command", command }] }] },
});

describe("hooks and MCP servers", needsSandbox, () => {
  test("the folder's hook and server run contained, the user's outside; neither sees secrets", async () => {
    const probe = (name: string, out: string) => `echo x > ${out}/${name}.txt; env > ${out}/${name}-env.txt`;
    const machine = sandboxHome("sandbox-config");
    machines.push(machine);
    const { outside, project } = machine;
    mkdirSync(join(machine.home, ".claude"), { recursive: true });
    writeFileSync(
      join(machine.home, ".claude", "settings.json"),
      JSON.stringify({ sandbox: { enabled: true }, ...startHook(probe("user-hook", outside)) }),
    );
    mkdirSync(join(project, ".claude"), { recursive: true });
    writeFileSync(
      join(project, ".claude", "settings.json"),
      JSON.stringify(startHook(`${probe("project-hook", outside)}; ${probe("project-hook", project)}`)),
    );
    writeFileSync(
      join(project, ".mcp.json"),
      JSON.stringify({
        mcpServers: {
          local: { command: "/bin/sh", args: ["-c", `${probe("project-mcp", outside)}; exit 1`] },
        },
      }),
    );
    const run = await sandboxSession(machine, [], { env: { MY_SERVICE_TOKEN: "tok-fake-fake-fake-1234" } });
    assert.ok(existsSync(join(outside, "user-hook.txt")), "the user's hook runs outside the sandbox");
    assert.equal(existsSync(join(outside, "project-hook.txt")), false, "the folder's hook is contained");
    assert.ok(existsSync(join(project, "project-hook.txt")), "inside the workspace it may write");
    assert.equal(existsSync(join(outside, "project-mcp.txt")), false, "the folder's MCP server is contained");
    for (const file of [join(outside, "user-hook-env.txt"), join(project, "project-hook-env.txt")]) {
      const env = readFileSync(file, "utf8");
      assert.match(env, /PATH=/);
      assert.doesNotMatch(env, /ANTHROPIC_API_KEY|MY_SERVICE_TOKEN|tok-fake/, file);
    }
    assert.match(run.stderr, /MCP server "local" failed/);
  });
});

describe("the next session is not the sandbox's way out", needsSandbox, () => {
  test("a hook written during a sandboxed session is withheld next time until trusted", async () => {
    const machine = machineWith();
    const marker = join(machine.outside, "planted-hook-ran");
    const settings = JSON.stringify(startHook(`touch ${marker}`));
    const planted = await sandboxSession(
      machine,
      [
        {
          id: "plant",
          name: "Write",
          input: { file_path: join(machine.project, ".claude", "settings.json"), content: settings },
        },
      ],
      { args: ["--sandbox", "--permission-mode", "bypassPermissions"] },
    );
    assert.equal(outcomeOf(planted, "plant").isError, false, "bypassPermissions lets the Write through");
    assert.equal(existsSync(marker), false, "written after SessionStart");
    const next = await sandboxSession(machine, []);
    assert.equal(existsSync(marker), false, "not applied in the next (headless, unsandboxed) session");
    assert.match(next.stderr, /changed since a session here with the sandbox on/);
    assert.match(next.stderr, /SessionStart hook: touch /);
    const trusted = await runCli(["trust"], { cwd: machine.project, env: machine.env() });
    assert.equal(trusted.code, 0, trusted.stderr);
    await sandboxSession(machine, []);
    assert.ok(existsSync(marker), "applied once trusted");
  });
});

describe("leaving the sandbox", needsSandbox, () => {
  test("headless, dangerouslyDisableSandbox is denied even in bypassPermissions", async () => {
    const machine = machineWith();
    const run = await sandboxSession(
      machine,
      [{ id: "leave", input: { command: `touch ${machine.outside}/left`, dangerouslyDisableSandbox: true } }],
      { args: ["--sandbox", "--permission-mode", "bypassPermissions"] },
    );
    const left = outcomeOf(run, "leave");
    assert.equal(left.denied, true);
    assert.match(left.text, /only a person can allow/);
    assert.equal(existsSync(join(machine.outside, "left")), false);
    const tools = bashTools(run.model.requests[0]?.body);
    const bashSchema = JSON.stringify(tools.find((tool) => tool.name === "Bash")?.input_schema);
    assert.match(bashSchema, /dangerouslyDisableSandbox/);
  });

  test("allowUnsandboxedCommands: false takes the option out of the tool", async () => {
    const machine = machineWith({ project: { sandbox: { allowUnsandboxedCommands: false } } });
    const run = await sandboxSession(machine, [], { args: ["--sandbox"] });
    const tools = bashTools(run.model.requests[0]?.body);
    assert.doesNotMatch(
      JSON.stringify(tools.find((tool) => tool.name === "Bash")),
      /dangerouslyDisableSandbox/,
    );
  });

  test("an excluded command runs outside after the normal gate, never auto-allowed", async () => {
    const machine = machineWith({ user: { sandbox: { enabled: true, excludedCommands: ["node"] } } });
    const target = join(machine.outside, "excluded.txt");
    const call = {
      id: "node",
      input: { command: `node -e 'require("fs").writeFileSync("${target}", "x")'` },
    };
    const denied = await sandboxSession(machine, [call]);
    assert.equal(outcomeOf(denied, "node").denied, true, "not auto-allowed because sandboxed");
    const allowed = await sandboxSession(machine, [call], { args: ["--allowedTools", "Bash(node:*)"] });
    assert.equal(outcomeOf(allowed, "node").isError, false, outcomeOf(allowed, "node").text);
    assert.ok(existsSync(target), "it ran outside the sandbox");
  });
});

describe("where no sandbox can start", () => {
  /** A bwrap that reports a version and refuses every sandbox, first on the PATH. */
  function refusingBwrap(machine: SandboxHome): string {
    const bin = join(machine.root, "fake-bin");
    mkdirSync(bin, { recursive: true });
    const path = join(bin, "bwrap");
    writeFileSync(
      path,
      '#!/bin/sh\n[ "$1" = --version ] && { echo "bubblewrap 0.8.0"; exit 0; }\necho "bwrap: setting up uid map: Permission denied" >&2\nexit 1\n',
    );
    chmodSync(path, 0o755);
    return `${bin}:${machine.env().PATH}`;
  }

  test("one warning with the reason and the fix; commands are not auto-allowed", async () => {
    const machine = machineWith();
    const run = await sandboxSession(machine, [{ id: "make", input: { command: "touch made.txt" } }], {
      args: ["--sandbox"],
      env: { PATH: refusingBwrap(machine) },
    });
    const warnings = run.stderr.match(/the sandbox is enabled but no sandbox can start here/g) ?? [];
    assert.equal(warnings.length, 1, run.stderr);
    assert.match(run.stderr, /user namespaces refused: .*fix: allow unprivileged user namespaces/);
    assert.equal(outcomeOf(run, "make").denied, true);
    assert.equal(existsSync(join(machine.project, "made.txt")), false);
  });

  test("failIfUnavailable: true exits 2 naming why", async () => {
    const machine = machineWith();
    const run = await runCli(
      ["-p", "hi", "--settings", JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: true } })],
      {
        cwd: machine.project,
        env: machine.env({ PATH: refusingBwrap(machine), ANTHROPIC_API_KEY: "test-key" }),
      },
    );
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /sandbox\.failIfUnavailable is set and no sandbox can start here: user namespaces refused/,
    );
  });

  test("reagent doctor says there is none, why, and what runs how", async () => {
    const machine = machineWith({ user: { sandbox: { enabled: true } } });
    const run = await runCli(["doctor"], {
      cwd: machine.project,
      env: machine.env({ PATH: refusingBwrap(machine) }),
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^sandbox: none can start here: user namespaces refused/m);
    assert.match(
      run.stdout,
      /commands run unsandboxed through the normal gate \(nothing is allowed because sandboxed\)/,
    );
    assert.match(run.stdout, /read-only commands \(strict\): no sandbox contains them here/);
  });
});

describe("reagent doctor", needsSandbox, () => {
  test("names the layer, the mode, the trust and where each hook and server would run", async () => {
    const machine = machineWith({
      user: {
        sandbox: { enabled: true, network: { allowedDomains: ["github.com"] } },
        ...startHook("echo mine"),
      },
      project: startHook("echo theirs"),
      mcp: { mcpServers: { db: { command: "db-mcp" } } },
    });
    const run = await runCli(["doctor"], { cwd: machine.project, env: machine.env() });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^sandbox: bwrap \d+\.\d+\.\d+ \(/m);
    assert.match(run.stdout, /on: every command runs in the workspace-write profile/);
    assert.match(run.stdout, /read-only commands \(enforced\): .* inside the sandbox's read-only profile/);
    assert.match(run.stdout, /sandbox\.network is not supported/);
    assert.match(run.stdout, /^permission mode: default$/m);
    assert.match(run.stdout, /SessionStart echo mine .*outside the sandbox, environment filtered/);
    assert.match(run.stdout, /SessionStart echo theirs .*in the sandbox \(workspace-write\)/);
    assert.match(run.stdout, /db \(stdio; .*\.mcp\.json; in the sandbox \(workspace-write\)\)/);
  });
});
