// End-to-end (tmux, built CLI, fake model server): a background command shows in the status line and
// in /tasks with the end of its output; /tasks stop ID stops it; one that ends while the REPL is idle
// wakes the agent with its news; /exit kills what still runs.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { running, waitUntil } from "../support/processes.js";
import { openRepl, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test("background commands in the status line and /tasks; news wakes the idle REPL; /exit kills the rest", {
  skip,
}, async () => {
  const { tmux, dir, server } = await openRepl(
    cleanups,
    [
      {
        tool_calls: [
          {
            id: "toolu_server",
            name: "Bash",
            input: {
              command: "echo serving on 8080; sleep 300 & echo $! > server.pid; wait",
              run_in_background: true,
              description: "Dev server",
            },
          },
          {
            id: "toolu_build",
            name: "Bash",
            input: {
              command: "while [ ! -f go ]; do sleep 0.05; done; echo BUILD-OK",
              run_in_background: true,
            },
          },
          {
            id: "toolu_watch",
            name: "Bash",
            input: { command: "sleep 300", run_in_background: true, description: "Watcher" },
          },
        ],
      },
      { text: "Started three." },
      { text: "The build finished." },
    ],
    { args: ["--allowedTools", "Bash"] },
  );
  await sendLine(tmux, "start them");
  const started = await tmux.waitFor((screen) => screen.includes("Started three."), "the answer");
  assert.match(started, /3 background tasks · \/tasks/);
  await sendLine(tmux, "/tasks");
  const report = await tmux.waitFor((screen) => screen.includes("/tasks stop ID"), "the /tasks report");
  assert.match(report, /bash_1 {2}running \(\d+s\) {2}Dev server/);
  assert.match(report, /│ serving on 8080/);
  assert.match(report, /bash_3 {2}running \(\d+s\) {2}Watcher/);
  await sendLine(tmux, "/tasks stop bash_3");
  await tmux.waitFor((screen) => screen.includes("Stopped bash_3 (sleep 300)"), "the stop");
  await tmux.waitFor((screen) => screen.includes("2 background tasks"), "the count after the stop");
  assert.equal(server.requests.length, 2, "the stop was not news for the model");
  writeFileSync(join(dir, "go"), "");
  await tmux.waitFor((screen) => screen.includes("The build finished."), "the answer to the news");
  const news = JSON.stringify((server.requests[2]!.body as { messages: unknown[] }).messages.at(-1));
  assert.match(news, /Background command bash_2 .*completed \(exit code 0\)[^<]*BUILD-OK/);
  await tmux.waitFor((screen) => screen.includes("1 background task ·"), "one left");
  const pid = Number(readFileSync(join(dir, "server.pid"), "utf8"));
  assert.ok(running(pid));
  await sendLine(tmux, "/exit");
  assert.ok(await waitUntil(() => !running(pid)), "the dev server was killed at exit");
});
