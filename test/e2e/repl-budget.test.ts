// End-to-end (tmux, built CLI, fake model server): a spend cap in the REPL. The warnings at 80% and
// 95% show as lines and in the status line, the cap ends the turn mid-way and says how to go on, a new
// prompt is refused before anything is sent, and `/budget session USD` lets the session continue.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { openRepl, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const MODEL = "claude-sonnet-4-6";
/** One input token costs a cent. */
const SETTINGS = {
  budget: { sessionUsd: 0.2 },
  modelPricing: { [MODEL]: { input: 10_000, output: 0, cacheRead: 0, cacheWrite: 0 } },
};
const read = (cents: number) => ({
  tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }],
  usage: { input_tokens: cents, output_tokens: 0 },
});

test("REPL: warnings and the status line near the cap, a clean stop, /budget to go on", {
  skip,
}, async () => {
  const script = [
    read(17),
    read(2),
    read(5),
    { text: "carried on", usage: { input_tokens: 1, output_tokens: 0 } },
  ];
  const { tmux, server } = await openRepl(cleanups, script, {
    files: { "a.txt": "alpha\n" },
    args: ["--model", MODEL, "--settings", JSON.stringify(SETTINGS)],
    columns: 140,
  });
  await sendLine(tmux, "read it three times");
  const stopped = await tmux.waitFor(
    (screen) => screen.includes("Stopped: this session has cost $0.2400"),
    "the stop at the cap",
  );
  assert.match(stopped, /budget: 80% of the session cap used \(\$0\.1700 of \$0\.2000/);
  assert.match(stopped, /budget: 95% of the session cap used \(\$0\.1900 of \$0\.2000/);
  // The REPL wraps long lines with a two-space indent.
  assert.match(
    stopped.replace(/\n {2}/g, " "),
    /To go on, raise it for this session with \/budget session <usd>\./,
  );
  assert.equal(server.requests.length, 3, "no fourth request");
  await tmux.waitFor(
    (screen) => screen.includes("budget $0.2400/$0.2000 session"),
    "the status line's budget",
  );
  // A new prompt is refused before anything is sent.
  await sendLine(tmux, "go on");
  await tmux.waitFor(
    (screen) => (screen.match(/Stopped: this session has cost \$0\.2400/g) ?? []).length >= 2,
    "the refused prompt",
  );
  assert.equal(server.requests.length, 3);
  await sendLine(tmux, "/budget session 1");
  const raised = await tmux.waitFor(
    (screen) => screen.includes("the session cap is now $1.00"),
    "the new cap",
  );
  assert.match(raised, /the session cap: \$0\.2400 of \$1\.00 \(24%, \/budget\)/);
  await sendLine(tmux, "go on");
  await tmux.waitFor((screen) => screen.includes("carried on"), "the answer after raising the cap");
  assert.equal(server.requests.length, 4);
});
