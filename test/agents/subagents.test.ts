// Subagents at the session level, against one routed scripted model: parallel agents, what the
// parent sees, usage roll-up, deny rules and PreToolUse hooks inside a subagent, SubagentStart and
// SubagentStop (blocking once), tool limits and the depth limit, prompts reaching the user.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { AgentDefinition } from "../../src/agents/agent-definition.js";
import { BUILT_IN_AGENTS } from "../../src/agents/built-in-agents.js";
import type { PromptRequest } from "../../src/permissions/types.js";
import { hookScript, onEvent } from "../support/hook-engine.js";
import { createSubagentHarness, lastResults } from "../support/subagent-harness.js";
import { createWorkspace } from "../support/workspace.js";

const waitFor = (flag: string, other: string) =>
  `touch ${flag}; i=0; while [ ! -f ${other} ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done; test -f ${other} && echo saw-${other}`;

test("two Agent calls in one response run at the same time; the parent sees only their final messages", async () => {
  const workspace = createWorkspace({});
  const { session, model, events } = await createSubagentHarness({
    cwd: workspace.dir,
    mode: "bypassPermissions",
    script: {
      turns: [
        {
          tool_calls: [
            { name: "Agent", input: { description: "alpha", prompt: "ALPHA: wait for beta" } },
            { name: "Agent", input: { description: "beta", prompt: "BETA: wait for alpha" } },
          ],
        },
        { text: "both done" },
      ],
      routes: [
        {
          match: "ALPHA:",
          turns: [
            {
              text: "alpha thinking aloud",
              tool_calls: [{ name: "Bash", input: { command: waitFor("alpha", "beta") } }],
            },
            { text: "ALPHA DONE" },
          ],
        },
        {
          match: "BETA:",
          turns: [
            {
              text: "beta thinking aloud",
              tool_calls: [{ name: "Bash", input: { command: waitFor("beta", "alpha") } }],
            },
            { text: "BETA DONE" },
          ],
        },
      ],
    },
  });
  const turn = await session.submit("do both");
  assert.equal(turn.result, "both done");
  const alphaSecond = model.requests.find(
    (request) => request.route === "ALPHA:" && request.messages.length === 3,
  )!;
  const betaSecond = model.requests.find(
    (request) => request.route === "BETA:" && request.messages.length === 3,
  )!;
  assert.match(String(lastResults(alphaSecond)[0]?.content), /saw-beta/, "alpha ran while beta ran");
  assert.match(String(lastResults(betaSecond)[0]?.content), /saw-alpha/, "beta ran while alpha ran");
  const parentSecond = model.requests.filter((request) => request.route === "main")[1];
  assert.ok(parentSecond, "a second request of the parent");
  const results = lastResults(parentSecond);
  assert.deepEqual(
    results.map((block) => block.content),
    ["ALPHA DONE", "BETA DONE"],
  );
  assert.doesNotMatch(JSON.stringify(parentSecond.messages), /thinking aloud|saw-/);
  // Usage: the turn's totals are the parent's requests plus every subagent request.
  let input = 0;
  for (const event of events) {
    if (event.type === "assistant-message") input += event.usage.input_tokens;
    if (event.type === "subagent-event" && event.event.type === "assistant-message")
      input += event.event.usage.input_tokens;
  }
  assert.equal(model.requests.length, 6);
  assert.equal(turn.usage.input_tokens, input);
  assert.ok(turn.usage.input_tokens > session.usage.input_tokens - 1 && input > 0);
  const starts = events.filter((event) => event.type === "subagent-start");
  assert.equal(starts.length, 2);
  workspace.cleanup();
});

test("inside a subagent, a deny rule and a PreToolUse hook deny; every payload names the agent", async () => {
  const workspace = createWorkspace({ "secret.txt": "s3cret\n", "src/a.ts": "x\n" });
  const log = join(workspace.dir, "pre.jsonl");
  const denyRead = hookScript(
    workspace.dir,
    "deny-read.sh",
    `cat >> ${log}; echo >> ${log}; echo "no reading secrets" >&2; exit 2`,
  );
  const record = hookScript(workspace.dir, "record.sh", `cat >> ${log}; echo >> ${log}`);
  const { session, model, app } = await createSubagentHarness({
    cwd: workspace.dir,
    mode: "bypassPermissions",
    rules: { deny: ["Bash(rm *)"] },
    settings: [onEvent("PreToolUse", denyRead, "Read"), onEvent("PreToolUse", record, "Task")],
    newAgentId: () => "agent-one",
    script: {
      turns: [
        {
          tool_calls: [
            {
              name: "Agent",
              input: {
                description: "cleanup",
                prompt: "CLEAN: remove src",
                subagent_type: "general-purpose",
              },
            },
          ],
        },
        { text: "reported" },
      ],
      routes: [
        {
          match: "CLEAN:",
          turns: [
            {
              tool_calls: [
                { name: "Bash", input: { command: "rm -rf src" } },
                { name: "Read", input: { file_path: "secret.txt" } },
              ],
            },
            { text: "I was not allowed" },
          ],
        },
      ],
    },
  });
  const turn = await session.submit("clean up");
  assert.ok(existsSync(join(workspace.dir, "src", "a.ts")), "rm did not run");
  assert.deepEqual(
    turn.permissionDenials.map((denial) => denial.tool_name),
    ["Bash", "Read"],
    "a subagent's denials are the run's denials",
  );
  const sub = model.requests.filter((request) => request.route === "CLEAN:")[1];
  assert.ok(sub, "a second request of the subagent");
  const [bash, read] = lastResults(sub);
  assert.ok(bash && read);
  assert.equal(bash.is_error, true);
  assert.match(String(bash.content), /Permission denied by rule Bash\(rm \*\)/);
  assert.equal(read.is_error, true);
  assert.match(String(read.content), /denied by a PreToolUse hook: no reading secrets/);
  const payloads = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
  const agentCall = payloads.find((payload) => payload.tool_name === "Agent");
  assert.ok(agentCall, "a hook with matcher Task sees the Agent tool");
  assert.equal(agentCall.agent_id, undefined, "the parent's own call carries no agent_id");
  const readCall = payloads.find((payload) => payload.tool_name === "Read");
  assert.equal(readCall.agent_id, "agent-one");
  assert.equal(readCall.agent_type, "general-purpose");
  assert.equal(readCall.session_id, app.sessionId);
  workspace.cleanup();
});

test("SubagentStart adds context; SubagentStop blocks once and the subagent continues", async () => {
  const workspace = createWorkspace({});
  const start = hookScript(
    workspace.dir,
    "start.sh",
    `cat > start.json; echo '{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"Mind the tests folder."}}'`,
  );
  const stop = hookScript(
    workspace.dir,
    "stop.sh",
    `cat >> stop.jsonl; echo >> stop.jsonl; if [ ! -f blocked ]; then touch blocked; echo "List the test files too" >&2; exit 2; fi`,
  );
  const made = await createSubagentHarness({
    cwd: workspace.dir,
    newAgentId: () => "agent-two",
    settings: [onEvent("SubagentStart", start, "Explore"), onEvent("SubagentStop", stop)],
    script: {
      turns: [
        {
          tool_calls: [
            {
              name: "Agent",
              input: { description: "look", prompt: "LOOK: find things", subagent_type: "Explore" },
            },
          ],
        },
        { text: "ok" },
      ],
      routes: [{ match: "LOOK:", turns: [{ text: "first answer" }, { text: "second answer, with tests" }] }],
    },
  });
  const { session, model } = made;
  await session.submit("look");
  const subRequests = model.requests.filter((request) => request.route === "LOOK:");
  const [subFirst, subSecond] = subRequests;
  assert.ok(subRequests.length === 2 && subFirst && subSecond);
  assert.match(JSON.stringify(subFirst.messages[0]), /Mind the tests folder\./);
  assert.match(JSON.stringify(subSecond.messages.at(-1)), /List the test files too/);
  const parentSecond = model.requests.filter((request) => request.route === "main")[1];
  assert.ok(parentSecond, "a second request of the parent");
  assert.equal(lastResults(parentSecond)[0]?.content, "second answer, with tests");
  const startPayload = JSON.parse(readFileSync(join(workspace.dir, "start.json"), "utf8"));
  assert.equal(startPayload.hook_event_name, "SubagentStart");
  assert.deepEqual([startPayload.agent_id, startPayload.agent_type], ["agent-two", "Explore"]);
  const stops = readFileSync(join(workspace.dir, "stop.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
  assert.equal(stops.length, 2);
  assert.deepEqual(
    stops.map((payload) => [payload.stop_hook_active, payload.last_assistant_message]),
    [
      [false, "first answer"],
      [true, "second answer, with tests"],
    ],
  );
  const transcripts = join(String(made.transcriptPath).replace(/\.jsonl$/, ""), "subagents");
  assert.equal(stops[0].agent_transcript_path, join(transcripts, "agent-agent-two.jsonl"));
  const saved = readFileSync(stops[0].agent_transcript_path, "utf8");
  assert.match(saved, /LOOK: find things/);
  assert.match(saved, /second answer, with tests/);
  workspace.cleanup();
});

test("an agent's tool list limits what it is offered and can run; without Agent in it, no subagents", async () => {
  const workspace = createWorkspace({ "notes.md": "remember\n" });
  const reader: AgentDefinition = {
    name: "reader",
    description: "reads",
    prompt: "You are the READER agent.",
    tools: ["Read", "Grep"],
    disallowedTools: [],
    skills: [],
    source: "project",
  };
  const noShell: AgentDefinition = {
    ...reader,
    name: "no-shell",
    prompt: "NO-SHELL agent",
    tools: undefined,
    disallowedTools: ["Bash"],
  };
  const { session, model } = await createSubagentHarness({
    cwd: workspace.dir,
    agents: [reader, noShell, ...BUILT_IN_AGENTS],
    script: {
      turns: [
        {
          tool_calls: [
            { name: "Agent", input: { description: "read", prompt: "read notes", subagent_type: "reader" } },
            { name: "Agent", input: { description: "other", prompt: "anything", subagent_type: "no-shell" } },
            { name: "Agent", input: { description: "bad", prompt: "x", subagent_type: "nobody" } },
          ],
        },
        { text: "done" },
      ],
      routes: [
        {
          match: "READER agent",
          turns: [
            {
              tool_calls: [
                { name: "Bash", input: { command: "touch ran" } },
                { name: "Agent", input: { description: "nested", prompt: "nested work" } },
                { name: "Read", input: { file_path: "notes.md" } },
              ],
            },
            { text: "read it" },
          ],
        },
        { match: "NO-SHELL agent", turns: [{ text: "fine" }] },
      ],
    },
  });
  await session.submit("go");
  const readerRequests = model.requests.filter((request) => request.route === "READER agent");
  const [readerFirst, readerSecond] = readerRequests;
  assert.ok(readerFirst && readerSecond, "two requests of the reader");
  assert.deepEqual(
    readerFirst.tools.map((tool) => tool.name),
    ["Read", "Grep"],
  );
  const [bash, nested, read] = lastResults(readerSecond);
  assert.ok(bash && nested && read);
  assert.match(String(bash.content), /Unknown tool "Bash"\. Available tools: Read, Grep/);
  assert.match(String(nested.content), /This agent cannot start subagents/);
  assert.equal(nested.is_error, true);
  assert.match(String(read.content), /remember/);
  assert.ok(!existsSync(join(workspace.dir, "ran")));
  const noShellTools = model.requests
    .find((request) => request.route === "NO-SHELL agent")!
    .tools.map((tool) => tool.name);
  assert.ok(noShellTools.includes("Read") && noShellTools.includes("TaskCreate"));
  assert.ok(!noShellTools.includes("Bash"));
  // No `tools` list: as in Claude Code, it may start agents of its own (one level deeper).
  for (const name of ["Agent", "TaskOutput", "TaskStop"]) assert.ok(noShellTools.includes(name), name);
  const parentSecond = model.requests.filter((request) => request.route === "main")[1];
  assert.ok(parentSecond, "a second request of the parent");
  const unknownAgent = lastResults(parentSecond)[2];
  assert.ok(unknownAgent);
  assert.match(
    String(unknownAgent.content),
    /Unknown agent type "nobody"\. Available: reader, no-shell, general-purpose, Explore/,
  );
  assert.equal(unknownAgent.is_error, true);
  workspace.cleanup();
});

test("a subagent's permission prompt reaches the user, and its bypassPermissions cannot widen a default parent", async () => {
  const workspace = createWorkspace({});
  const asked: PromptRequest[] = [];
  const fixer: AgentDefinition = {
    name: "fixer",
    description: "fixes",
    prompt: "FIXER agent",
    disallowedTools: [],
    skills: [],
    permissionMode: "bypassPermissions",
    source: "project",
  };
  const { session, model } = await createSubagentHarness({
    cwd: workspace.dir,
    mode: "default",
    agents: [fixer],
    prompter: {
      async ask(request) {
        asked.push(request);
        return { kind: "yes" };
      },
    },
    script: {
      turns: [
        {
          tool_calls: [
            { name: "Agent", input: { description: "fix", prompt: "fix it", subagent_type: "fixer" } },
          ],
        },
        { text: "done" },
      ],
      routes: [
        {
          match: "FIXER agent",
          turns: [
            { tool_calls: [{ name: "Write", input: { file_path: "out.txt", content: "fixed\n" } }] },
            { text: "wrote it" },
          ],
        },
      ],
    },
  });
  await session.submit("fix");
  const [question] = asked;
  assert.ok(asked.length === 1 && question, "the Agent call itself is not asked; the subagent's Write is");
  assert.equal(question.toolName, "Write");
  assert.match(question.summary, /^\[agent fixer\] /);
  assert.equal(question.agent, "fixer");
  assert.equal(readFileSync(join(workspace.dir, "out.txt"), "utf8"), "fixed\n");
  assert.equal(lastResults(model.requests.at(-1)!)[0]?.content, "wrote it");
  workspace.cleanup();
});

test("hook payloads from inside a subagent carry its own permission mode (Explore: plan)", async () => {
  const workspace = createWorkspace({ "a.txt": "a\n" });
  const log = join(workspace.dir, "modes.jsonl");
  const record = hookScript(workspace.dir, "record.sh", `cat >> ${log}; echo >> ${log}`);
  const { session } = await createSubagentHarness({
    cwd: workspace.dir,
    mode: "default",
    settings: [onEvent("PreToolUse", record, "Read|Agent"), onEvent("SubagentStart", record)],
    script: {
      turns: [
        {
          tool_calls: [
            {
              name: "Agent",
              input: { description: "look", prompt: "LOOK: read a.txt", subagent_type: "Explore" },
            },
          ],
        },
        { text: "done" },
      ],
      routes: [
        {
          match: "LOOK:",
          turns: [{ tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] }, { text: "a" }],
        },
      ],
    },
  });
  await session.submit("look");
  const payloads = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
  const mode = (event: string, tool?: string) =>
    payloads.find((payload) => payload.hook_event_name === event && (!tool || payload.tool_name === tool))
      ?.permission_mode;
  assert.equal(mode("PreToolUse", "Agent"), "default", "the parent's own call");
  assert.equal(mode("SubagentStart"), "plan");
  assert.equal(mode("PreToolUse", "Read"), "plan", "the Explore agent's call");
  workspace.cleanup();
});

test("a subagent's narrower permissionMode applies (a plan agent under a bypassPermissions parent cannot write); the parent hears of its calls", async () => {
  const workspace = createWorkspace({});
  const planner: AgentDefinition = {
    name: "planner",
    description: "plans",
    prompt: "PLANNER agent",
    disallowedTools: [],
    skills: [],
    permissionMode: "plan",
    source: "project",
  };
  const { session, model, events } = await createSubagentHarness({
    cwd: workspace.dir,
    mode: "bypassPermissions",
    agents: [planner],
    script: {
      turns: [
        {
          tool_calls: [
            { name: "Agent", input: { description: "plan", prompt: "plan it", subagent_type: "planner" } },
          ],
        },
        { text: "done" },
      ],
      routes: [
        {
          match: "PLANNER agent",
          turns: [
            { tool_calls: [{ name: "Write", input: { file_path: "plan.txt", content: "step 1\n" } }] },
            { text: "could not write" },
          ],
        },
      ],
    },
  });
  await session.submit("plan");
  assert.equal(existsSync(join(workspace.dir, "plan.txt")), false, "plan mode refused the write");
  const agentResults = lastResults(model.requests.filter((request) => request.route !== "main").at(-1)!);
  assert.equal(agentResults[0]?.is_error, true);
  assert.match(String(agentResults[0]?.content), /plan/i);
  // The parent hears of the subagent's call from start to end (the UIs show it under the agent).
  const heard = events.flatMap((event) =>
    event.type === "subagent-event" && event.event.type.startsWith("tool-call-")
      ? [[event.agent.agentType, event.event.type]]
      : [],
  );
  assert.deepEqual(heard, [
    ["planner", "tool-call-start"],
    ["planner", "tool-call-end"],
  ]);
  workspace.cleanup();
});
