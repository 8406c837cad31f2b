// End-to-end (built CLI, fake model server): agent, command and skill files whose frontmatter strict
// YAML refuses, in the shapes people publish them (an unquoted `Triggers on: 'GDPR', …`, examples
// written into a description over several lines, a colon in a skill's description next to a nested
// `metadata:` map), load as Claude Code loads them, with a warning naming file and line, and run.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { agentCall } from "../support/agent-call.js";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const GDPR_AGENT = `---
name: gdpr-ccpa-compliance
description: Use when the user needs to understand GDPR or CCPA compliance or review data practices. Triggers on: 'GDPR', 'CCPA', 'privacy compliance', 'right to deletion'.
tools: Read, Grep, Glob
model: sonnet
---
You are the PRIVACY agent: explain obligations and close compliance gaps.
`;

const GUARDIAN_AGENT = `---
name: security-guardian
description: PROACTIVELY use this agent when implementing authentication or handling sensitive data. Examples:\\n\\n<example>\\nContext: Implementing authentication
user: "We need to add user login to our app"
assistant: "I'll use the security-guardian agent to get password handling right."
<commentary>
Authentication is where most breaches start.
</commentary>
</example>
color: red
tools: Read, Grep
---
You are the GUARDIAN agent.
`;

const HARDEN_SKILL = `---
name: harden
description: Make interfaces production-ready: error handling, empty states, overflow. Use when the user asks to harden a screen.
metadata:
    owner: design
    version: "2.1"
---
# Harden

Check every state of the screen.
`;

const COMMIT_COMMAND = `---
description: Commit: stage what changed and write a conventional message
argument-hint: [message]
allowed-tools: Bash(git add:*), Bash(git commit:*)
---
Create a commit. Message: $ARGUMENTS
`;

type Body = {
  system?: unknown;
  messages: Array<{ role: string; content: unknown }>;
  tools: Array<{ name: string }>;
};
const bodies = (server: FakeModelServer) => server.requests.map((request) => request.body as Body);

function project() {
  return scopedWorkspace({
    ".claude/agents/gdpr-ccpa-compliance.md": GDPR_AGENT,
    ".claude/agents/security-guardian.md": GUARDIAN_AGENT,
    ".claude/skills/harden/SKILL.md": HARDEN_SKILL,
    ".claude/commands/commit.md": COMMIT_COMMAND,
  });
}

test("agents list and skills list: the files load, and each unreadable line is named with file:line", async () => {
  const space = project();
  const agents = await runCli(["agents", "list"], { cwd: space.dir, env: cleanEnv() });
  assert.equal(agents.code, 0, agents.stderr);
  assert.match(
    agents.stdout,
    /^gdpr-ccpa-compliance {2}\(project: .*\)\n {2}Use when the user needs .* Triggers on: 'GDPR', 'CCPA', 'privacy compliance', 'right to deletion'\.\n {2}tools: Read, Grep, Glob · model: sonnet/m,
  );
  assert.match(agents.stdout, /^security-guardian {2}\(project: /m);
  assert.match(agents.stdout, /tools: Read, Grep · model: inherit/, "fields after the examples are fields");
  const gdpr = join(space.dir, ".claude", "agents", "gdpr-ccpa-compliance.md");
  assert.ok(
    agents.stdout.includes(`Agent gdpr-ccpa-compliance: ${gdpr}:3: YAML cannot read \`description:\``),
    agents.stdout,
  );
  assert.match(agents.stdout, /Agent security-guardian: .*security-guardian\.md:3: YAML cannot read/);
  assert.doesNotMatch(agents.stdout, /skipped|unknown field/);

  const skills = await runCli(["skills", "list"], { cwd: space.dir, env: cleanEnv() });
  assert.equal(skills.code, 0, skills.stderr);
  assert.match(skills.stdout, /^harden {2}Make interfaces production-ready: error handling, empty states/m);
  assert.match(skills.stdout, /harden\/SKILL\.md:3: YAML cannot read `description:`/);
});

test("-p: the published agent runs with its prompt and tools; the command expands; warnings on stderr", async () => {
  const space = project();
  const server = await serveScoped({
    turns: [
      { tool_calls: [agentCall("toolu_g", "gdpr-ccpa-compliance", "Check consent")] },
      { text: "Compliance reviewed." },
      { text: "committed" },
    ],
    routes: [{ match: "PRIVACY agent", turns: [{ text: "consent is recorded" }] }],
  });
  const env = cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const run = await runCli(["-p", "Is our consent flow GDPR-compliant?"], { cwd: space.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /Compliance reviewed\./);
  assert.match(run.stderr, /gdpr-ccpa-compliance\.md:3: YAML cannot read `description:`/);
  const privacy = bodies(server).find((body) => JSON.stringify(body.system).includes("PRIVACY agent"));
  assert.ok(privacy, "the subagent's request was made");
  assert.deepEqual(privacy.tools.map((tool) => tool.name).sort(), ["Glob", "Grep", "Read"]);
  const parent = bodies(server)[0];
  assert.match(JSON.stringify(parent?.tools), /Triggers on: 'GDPR'/, "the Agent tool lists its description");

  const command = await runCli(["-p", "/commit fix the typo"], { cwd: space.dir, env });
  assert.equal(command.code, 0, command.stderr);
  assert.equal(command.stdout, "committed\n");
  const sent = JSON.stringify(bodies(server).at(-1)?.messages[0]?.content);
  assert.match(sent, /Create a commit\. Message: fix the typo/);
  assert.match(command.stderr, /commit\.md: line 2: YAML cannot read `description:`/);
});
