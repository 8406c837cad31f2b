// End-to-end (tmux, built CLI, fake model server): in the REPL, `/plugin` lists the plugins of the
// session (a --plugin-dir one here) with what each brings, and the plugin's `/kit:greet` command runs.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { writePlugin } from "../support/plugin-fixture.js";
import { openRepl, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";
import { tempFolder } from "../support/temp-folder.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test("/plugin lists the session's plugins; a plugin's command runs from the prompt", { skip }, async () => {
  const root = writePlugin(tempFolder("repl-plugins"));
  const { tmux, server } = await openRepl(cleanups, [{ text: "greeted" }], {
    args: ["--plugin-dir", root],
    columns: 160,
  });
  await sendLine(tmux, "/plugin");
  const screen = await tmux.waitFor((text) => text.includes("kit@inline 1.2.0"), "the plugin list");
  assert.match(screen.replace(/\s+/g, " "), /commands, agents, skills, hooks, MCP servers \(1\)/);
  await sendLine(tmux, "/kit:greet Bob");
  await tmux.waitFor((text) => text.includes("greeted"), "the answer");
  assert.match(
    JSON.stringify((server.requests[0]!.body as { messages: unknown[] }).messages),
    /KIT-GREETING to Bob/,
  );
});
