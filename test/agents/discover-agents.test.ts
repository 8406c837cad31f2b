import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import {
  agentMayDelegate,
  agentMayUse,
  delegateTypes,
  unknownToolEntries,
} from "../../src/agents/agent-tools.js";
import { parseAgentsJson } from "../../src/agents/agents-json.js";
import { discoverAgents } from "../../src/agents/discover-agents.js";
import { formatAgentsList } from "../../src/agents/format-agents-list.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

const agentFile = (fields: string, body = "You review code.\n") => `---\n${fields}---\n${body}`;

test("finds project and user agent files, sub-folders included; project wins and shadows are named", async () => {
  const cwd = tempFolder("prompt");
  const home = tempFolder("home");
  await writeTree(cwd, {
    ".agents/agents/reviewer.md": agentFile(
      "name: reviewer\ndescription: Reviews diffs\ntools: Read, Grep, Glob\nmodel: inherit\npermissionMode: plan\nskills: [style]\nmaxTurns: 7\n",
    ),
    ".agents/agents/team/tester.md": agentFile("description: Runs tests\ndisallowedTools: [Write, Edit]\n"),
    ".claude/agents/reviewer.md": agentFile("name: reviewer\ndescription: Claude reviewer\n"),
    ".claude/agents/notes.txt": "not an agent",
  });
  await writeTree(home, {
    ".claude/agents/helper.md": agentFile(
      "name: helper\ndescription: Helps\nmodel: haiku\nbackground: true\n",
    ),
  });
  const { agents, warnings } = await discoverAgents({ cwd, homeDir: home });
  assert.deepEqual(
    agents.map((agent) => [agent.name, agent.source]),
    [
      ["reviewer", "project"],
      ["tester", "project"],
      ["helper", "user"],
      ["general-purpose", "built-in"],
      ["Explore", "built-in"],
    ],
  );
  const [reviewer, second, third] = agents;
  assert.ok(reviewer && second && third);
  assert.deepEqual(reviewer.tools, ["Read", "Grep", "Glob"]);
  assert.equal(reviewer.model, undefined, "inherit means the parent's model");
  assert.equal(reviewer.permissionMode, "plan");
  assert.deepEqual(reviewer.skills, ["style"]);
  assert.equal(reviewer.maxTurns, 7);
  assert.equal(reviewer.prompt, "You review code.");
  assert.equal(reviewer.path, join(cwd, ".agents", "agents", "reviewer.md"));
  assert.deepEqual(second.disallowedTools, ["Write", "Edit"]);
  assert.equal(third.model, "haiku");
  assert.equal(third.background, true);
  assert.equal(warnings.length, 1, warnings.join("\n"));
  assert.match(
    warnings[0] ?? "",
    /"reviewer" in .*\.claude\/agents\/reviewer\.md \(project\) is shadowed by .*\.agents\/agents\/reviewer\.md/,
  );
});

test("broken agent files are reported with file:line and skipped; YAML slips are read as written", async () => {
  const cwd = tempFolder("prompt");
  const home = tempFolder("home");
  await writeTree(cwd, {
    ".agents/agents/a.md": "---\nname: a\ndescription: [unclosed\n---\nbody",
    ".agents/agents/a2.md": "---\nname: a2\ndescription: never closed\nbody",
    ".agents/agents/b.md": "---\nname: b\n---\nbody",
    ".agents/agents/c.md": "# no frontmatter",
    ".agents/agents/d.md": "---\nname: d\ndescription: ok\npermissionMode: yolo\n---\n",
    ".agents/agents/e.md": "---\nname: e\ndescription: ok\ntools: Bash(git *)\n---\n",
    ".agents/agents/f.md": "---\nname: f\ndescription: ok\nmaxTurns: -1\n---\n",
    ".agents/agents/g.md": "---\nname: g\ndescription: fine\ntool: Read\nmemory: user\ncolor: red\n---\nbody",
    ".agents/agents/h.md": "---\nname: h\ndescription: ok\nhooks: [a]\n---\n",
  });
  const { agents, warnings } = await discoverAgents({ cwd, homeDir: home });
  assert.deepEqual(
    agents.map((agent) => agent.name),
    ["a", "g", "general-purpose", "Explore"],
  );
  assert.equal(agents[0]?.description, "[unclosed");
  const file = (name: string) => join(cwd, ".agents", "agents", `${name}.md`);
  assert.ok(
    warnings.some((w) => w.startsWith(`Agent a: ${file("a")}:3: YAML cannot read \`description:\``)),
    warnings.join("\n"),
  );
  assert.ok(warnings.some((w) => w.startsWith(`Agent skipped: ${file("a2")}:1: frontmatter is not closed`)));
  assert.ok(warnings.some((w) => w.startsWith(`Agent skipped: ${file("b")}:1: missing \`description\``)));
  assert.ok(warnings.some((w) => w.startsWith(`Agent skipped: ${file("c")}:1: no YAML frontmatter`)));
  assert.ok(
    warnings.some((w) => w.startsWith(`Agent skipped: ${file("d")}:4: unknown permissionMode "yolo"`)),
  );
  assert.ok(warnings.some((w) => w.startsWith(`Agent skipped: ${file("e")}:4: \`Bash(git *)\``)));
  assert.ok(warnings.some((w) => w.startsWith(`Agent skipped: ${file("f")}:4: \`maxTurns\``)));
  assert.ok(
    warnings.some((w) =>
      w.includes(`${file("g")}:4: unknown field \`tool\` is ignored (did you mean \`tools\`?)`),
    ),
  );
  assert.ok(warnings.some((w) => w.includes(`${file("g")}:5: \`memory\` is not supported`)));
  assert.ok(warnings.some((w) => w.startsWith(`Agent skipped: ${file("h")}:4: \`hooks\` must map`)));
  assert.ok(!warnings.some((w) => w.includes("color")), "display-only fields are accepted quietly");
});

test("a project agent named like a built-in replaces it; --agents definitions win over files", async () => {
  const cwd = tempFolder("prompt");
  const home = tempFolder("home");
  await writeTree(cwd, {
    ".agents/agents/explore.md": agentFile("name: Explore\ndescription: Our own explorer\n"),
    ".agents/agents/reviewer.md": agentFile("name: reviewer\ndescription: File reviewer\n"),
  });
  const json = parseAgentsJson(
    JSON.stringify({ reviewer: { description: "Session reviewer", prompt: "Review.", tools: ["Read"] } }),
  );
  assert.equal(json.kind, "ok");
  if (json.kind !== "ok") return;
  const { agents, warnings } = await discoverAgents({ cwd, homeDir: home, extra: json.agents });
  const byName = Object.fromEntries(agents.map((agent) => [agent.name, agent]));
  assert.equal(byName.reviewer?.description, "Session reviewer");
  assert.equal(byName.reviewer?.source, "cli");
  assert.equal(byName.Explore?.description, "Our own explorer");
  assert.equal(agents.filter((agent) => agent.name === "Explore").length, 1);
  assert.match(warnings.join("\n"), /reviewer\.md \(project\) is shadowed by the --agents definition/);
});

test("--agents JSON errors name the agent and the field", () => {
  const cases: Array<[string, RegExp]> = [
    ["{", /--agents: invalid JSON/],
    ["[]", /expected an object of agents by name/],
    ['{"x": 1}', /agent "x" must be an object/],
    ['{"x": {"description": "d"}}', /agent "x", field "prompt"/],
    ['{"x": {"prompt": "p"}}', /agent "x", field "description"/],
    ['{"x": {"prompt": "p", "description": "d", "tools": 3}}', /agent "x", field "tools"/],
    ['{"bad name": {"prompt": "p", "description": "d"}}', /agent "bad name", field "name"/],
  ];
  for (const [text, expected] of cases) {
    const result = parseAgentsJson(text);
    assert.equal(result.kind, "error", text);
    if (result.kind === "error") assert.match(result.message, expected);
  }
});

test("tool limits: allowlist, denylist, MCP server entries, and never the Agent tool", () => {
  const base = {
    name: "a",
    description: "d",
    prompt: "",
    disallowedTools: [],
    skills: [],
    source: "project" as const,
  };
  const all = { ...base };
  assert.equal(agentMayUse(all, "Bash"), true);
  assert.equal(agentMayUse(all, "mcp__gh__list"), true);
  for (const name of ["Agent", "TaskOutput", "TaskStop"]) assert.equal(agentMayUse(all, name), false, name);
  const limited = { ...base, tools: ["Read", "mcp__gh", "Task"], disallowedTools: ["mcp__gh__delete"] };
  assert.equal(agentMayUse(limited, "Read"), true);
  assert.equal(agentMayUse(limited, "Edit"), false);
  assert.equal(agentMayUse(limited, "mcp__gh__list"), true);
  assert.equal(agentMayUse(limited, "mcp__gh__delete"), false);
  assert.equal(agentMayUse(limited, "mcp__ghx__list"), false);
  assert.equal(agentMayUse(limited, "Agent"), false, "never the parent's Agent tool: its own");
  // Claude Code 2.1.197: Agent goes to agents without `tools` and to those listing Task/Agent.
  assert.equal(agentMayDelegate(limited), true, "Task in tools: the Agent tool of its own");
  assert.equal(agentMayDelegate(all), true, "no tools list");
  assert.equal(agentMayDelegate({ ...base, tools: ["Read", "Bash"] }), false);
  assert.equal(agentMayDelegate({ ...base, disallowedTools: ["Task"] }), false);
  assert.deepEqual(delegateTypes({ ...base, tools: ["Read", "Agent(Explore, reviewer)"] }), [
    "Explore",
    "reviewer",
  ]);
  assert.equal(delegateTypes(limited), undefined);
  // Old names as Claude Code 2.1.197 maps them; gone ones give nothing.
  const old = { ...base, tools: ["KillShell", "ListMcpResourcesTool", "MultiEdit", "TodoWrite", "LS"] };
  assert.equal(agentMayUse(old, "ListMcpResources"), true);
  for (const name of ["Edit", "TaskCreate", "Glob", "TaskStop"])
    assert.equal(agentMayUse(old, name), false, name);
  assert.deepEqual(unknownToolEntries(old, ["Read"]), [], "Claude Code's names are no typos");
  assert.equal(agentMayUse({ ...base, disallowedTools: ["mcp__*"] }, "mcp__gh__list"), false);
  assert.equal(agentMayUse({ ...base, tools: [] }, "Read"), false, "an empty list means no tools");
  assert.deepEqual(unknownToolEntries({ ...base, tools: ["Read", "Reed", "mcp__none"] }, ["Read", "Bash"]), [
    "Reed",
    "mcp__none",
  ]);
});

test("agents list shows source, tools, model, mode and warnings", async () => {
  const cwd = tempFolder("prompt");
  await writeTree(cwd, {
    ".agents/agents/reviewer.md": agentFile(
      "name: reviewer\ndescription: Reviews diffs\ntools: Read, Grep\npermissionMode: plan\n",
    ),
  });
  const { agents } = await discoverAgents({ cwd, homeDir: tempFolder("home") });
  const text = formatAgentsList(agents, ["something odd"]);
  assert.match(
    text,
    /^reviewer {2}\(project: .*reviewer\.md\)\n {2}Reviews diffs\n {2}tools: Read, Grep · model: inherit · permission mode: plan/,
  );
  assert.match(text, /general-purpose {2}\(built-in\)/);
  assert.match(
    text,
    /Explore {2}\(built-in\)\n.*\n {2}tools: Read, Glob, Grep · model: inherit · permission mode: plan/,
  );
  assert.match(text, /Warnings:\n- something odd$/);
});

test("the example agent of this repository loads without warnings", async () => {
  const repo = join(import.meta.dirname, "..", "..");
  const { agents, warnings } = await discoverAgents({
    cwd: repo,
    homeDir: tempFolder("home"),
  });
  const reviewer = agents.find((agent) => agent.name === "code-reviewer");
  assert.ok(reviewer, "found .agents/agents/code-reviewer.md");
  assert.deepEqual(reviewer.tools, ["Read", "Grep", "Glob", "Bash"]);
  assert.deepEqual(warnings, []);
});
