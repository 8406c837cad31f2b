// Background subagents and interrupts: an agent started with run_in_background returns at once, keeps
// working while the parent goes on, finishes after the parent's next turn, and the parent is told
// (a note with its next request) and can read the result (TaskOutput); interrupting the parent stops
// a subagent's running command.
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { createSubagentHarness, lastResults } from "../support/subagent-harness.js";
import { createWorkspace } from "../support/workspace.js";

async function until(condition: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test("a background agent finishes after the parent's next turn; the parent is told and reads its output", async () => {
  const workspace = createWorkspace({});
  const { session, model, events } = await createSubagentHarness({
    cwd: workspace.dir,
    mode: "bypassPermissions",
    newAgentId: () => "bg1",
    script: {
      turns: [
        {
          tool_calls: [
            {
              name: "Agent",
              input: {
                description: "slow job",
                prompt: "BG-TASK: wait for the release",
                run_in_background: true,
              },
            },
          ],
        },
        { tool_calls: [{ name: "Bash", input: { command: "echo the parent goes on" } }] },
        { text: "Waiting for the background agent." },
        { tool_calls: [{ name: "TaskOutput", input: { task_id: "bg1" } }] },
        { text: "The answer is 42." },
      ],
      routes: [
        {
          match: "BG-TASK:",
          turns: [
            {
              tool_calls: [
                {
                  name: "Bash",
                  input: {
                    command:
                      "i=0; while [ ! -f release ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done; test -f release && echo released",
                  },
                },
              ],
            },
            { text: "BG RESULT 42" },
          ],
        },
      ],
    },
  });
  const running = session.submit("start it");
  // The agent is released only once the parent has made its next two requests.
  await until(
    () => model.requests.filter((request) => request.route === "main").length >= 3,
    "the parent's turns",
  );
  writeFileSync(join(workspace.dir, "release"), "");
  const turn = await running;
  assert.equal(turn.result, "The answer is 42.");
  const main = model.requests.filter((request) => request.route === "main");
  const [, first, second, third, fourth] = main;
  assert.ok(first && second && third && fourth, "five requests of the parent");
  const launched = lastResults(first)[0];
  assert.match(String(launched?.content), /^Started background agent bg1 \(general-purpose: slow job\)/);
  const bgFinal = model.requests.findIndex(
    (request) => request.route === "BG-TASK:" && request.messages.length === 3,
  );
  const bgFinalRequest = model.requests[bgFinal];
  assert.ok(bgFinalRequest, "the background agent's final request");
  assert.match(String(lastResults(bgFinalRequest)[0]?.content), /released/);
  assert.ok(
    bgFinal > model.requests.indexOf(second),
    "the background agent finished after the parent's next turns",
  );
  // The parent ended its turn while the agent ran: the notification continued it.
  assert.match(
    JSON.stringify(third.messages.at(-1)),
    /<task-notification>\\nBackground agent bg1 \(general-purpose: slow job\) completed\.\\nBG RESULT 42/,
  );
  assert.match(
    String(lastResults(fourth)[0]?.content),
    /^Background agent bg1 \(general-purpose: slow job\): completed\n\nBG RESULT 42$/,
  );
  const end = events.find((event) => event.type === "subagent-end");
  assert.equal(end?.type === "subagent-end" && end.agent.background, true);
  // The background agent's usage is in the totals of the turn it ran in.
  let own = 0;
  let sub = 0;
  for (const event of events) {
    if (event.type === "assistant-message") own += event.usage.input_tokens;
    if (event.type === "subagent-event" && event.event.type === "assistant-message")
      sub += event.event.usage.input_tokens;
  }
  assert.ok(sub > 0);
  assert.equal(turn.usage.input_tokens, own + sub);
  workspace.cleanup();
});

test("interrupting the parent stops a subagent and kills the command it runs", async () => {
  const workspace = createWorkspace({});
  const pidFile = join(workspace.dir, "child.pid");
  const { session, model } = await createSubagentHarness({
    cwd: workspace.dir,
    mode: "bypassPermissions",
    script: {
      turns: [{ tool_calls: [{ name: "Agent", input: { description: "long", prompt: "LONG: run it" } }] }],
      routes: [
        {
          match: "LONG:",
          turns: [
            { tool_calls: [{ name: "Bash", input: { command: `sleep 60 & echo $! > ${pidFile}; wait` } }] },
          ],
        },
      ],
    },
  });
  const running = session.submit("go");
  await until(
    () => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "",
    "the subagent's command",
  );
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  assert.ok(alive(pid));
  session.abort();
  const turn = await running;
  assert.equal(turn.terminal.reason, "aborted");
  await until(() => !alive(pid), "the command to be killed");
  const agentResult = session.messages.at(-1);
  assert.equal(agentResult?.role, "user");
  const block = agentResult?.content[0];
  assert.ok(block?.type === "tool_result" && block.is_error === true);
  assert.equal(model.requests.filter((request) => request.route === "LONG:").length, 1);
  workspace.cleanup();
});

test("interrupting the parent also stops its background agents; TaskStop stops one", async () => {
  const workspace = createWorkspace({});
  const ids = ["b1", "b2"];
  const { session, subagents } = await createSubagentHarness({
    cwd: workspace.dir,
    mode: "bypassPermissions",
    waitBeforeEnd: false,
    newAgentId: () => ids.shift() ?? "bx",
    script: {
      turns: [
        {
          tool_calls: [
            { name: "Agent", input: { description: "one", prompt: "SLEEPER one", run_in_background: true } },
            { name: "Agent", input: { description: "two", prompt: "SLEEPER two", run_in_background: true } },
          ],
        },
        { tool_calls: [{ name: "TaskStop", input: { task_id: "b1" } }] },
        { text: "left them running" },
      ],
      routes: [
        {
          match: "SLEEPER one",
          turns: [{ tool_calls: [{ name: "Bash", input: { command: "touch one.started; sleep 60" } }] }],
        },
        {
          match: "SLEEPER two",
          turns: [{ tool_calls: [{ name: "Bash", input: { command: "touch two.started; sleep 60" } }] }],
        },
      ],
    },
  });
  const turn = await session.submit("go");
  assert.equal(turn.result, "left them running");
  await until(() => existsSync(join(workspace.dir, "two.started")), "the second agent's command");
  await until(() => subagents.get("b1")?.status === "stopped", "b1 to stop");
  assert.equal(subagents.get("b2")?.status, "running");
  session.abort();
  await until(() => subagents.get("b2")?.status === "stopped", "b2 to stop with the parent");
  await subagents.close();
  workspace.cleanup();
});
