// End-to-end (tmux, built CLI, fake model server routing the subagent's requests): a background
// agent that finishes while the REPL sits idle wakes the parent, which answers its news at once
// (without the user typing anything), and the news reaches the model as a task notification; /agents
// meanwhile lists the agent types, the warnings about their files and the running background agent.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { openRepl, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Body = { messages: Array<{ role: string; content: unknown }> };

test("a background agent finishing while the REPL is idle wakes the parent with its result", {
  skip,
}, async () => {
  const { tmux, dir, server } = await openRepl(
    cleanups,
    {
      turns: [
        {
          tool_calls: [
            {
              id: "toolu_bg",
              name: "Agent",
              input: {
                description: "wait for go",
                prompt: "BGAGENT: wait for the go file",
                subagent_type: "general-purpose",
                run_in_background: true,
              },
            },
          ],
        },
        { text: "Started it; waiting for its news." },
        { text: "The background agent reported its finding." },
      ],
      routes: [
        {
          match: "BGAGENT",
          turns: [
            { tool_calls: [{ name: "Bash", input: { command: "while [ ! -f go ]; do sleep 0.05; done" } }] },
            { text: "FOUND-BG-RESULT-42" },
          ],
        },
      ],
    },
    {
      args: ["--allowedTools", "Bash"],
      files: {
        ".claude/agents/reader.md": "---\nname: reader\ndescription: Reads\ntools: Reed\n---\nRead.\n",
      },
    },
  );
  await sendLine(tmux, "start the background agent");
  await tmux.waitFor((screen) => screen.includes("Started it; waiting for its news."), "the first answer");
  // /agents: the agent types, the warnings about their files, and the running background agent.
  await sendLine(tmux, "/agents");
  const agents = await tmux.waitFor((screen) => screen.includes("Background agents:"), "the /agents report");
  assert.match(agents, /reader {2}\(project: /);
  assert.match(agents, /Warnings:\n- agent reader .*no tool is\s+named "Reed" \(did you mean "Read"\?\)/);
  assert.match(agents, /general-purpose: wait for go {2}running/);
  const mainRequests = () =>
    server.requests
      .map((request) => request.body as Body)
      .filter((body) => !JSON.stringify(body.messages[0]?.content).includes("BGAGENT"));
  assert.equal(mainRequests().length, 2, "the parent's turn ended before the agent finished");
  writeFileSync(join(dir, "go"), "");
  const screen = await tmux.waitFor(
    (text) => text.includes("The background agent reported its finding."),
    "the parent's answer to the news",
  );
  assert.match(screen, /Background agent \w+ \(general-purpose: wait for go\) completed/);
  const requests = mainRequests();
  assert.equal(requests.length, 3);
  const last = requests[2]!.messages.at(-1)!;
  assert.equal(last.role, "user");
  const text = JSON.stringify(last.content);
  assert.match(text, /<task-notification>/);
  assert.match(text, /FOUND-BG-RESULT-42/);
});
