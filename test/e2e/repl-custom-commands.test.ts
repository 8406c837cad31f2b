// End-to-end (tmux, built CLI, fake model server): a custom command whose `` !`…` `` line fails ends in
// the REPL as in Claude Code: an error naming the line, and no request to the model; the session goes on.
// `/skill args` sends the skill itself with the prompt, in one request.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { openRepl, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test("a failing !`…` line in a custom command shows the error and sends nothing; the next prompt works", {
  skip,
}, async () => {
  const { tmux, server } = await openRepl(cleanups, [{ text: "plain answer" }], {
    files: {
      ".claude/commands/commit.md":
        "---\nallowed-tools: Bash(git status:*)\ndescription: Create a git commit\n---\n- Current git status: !`git status`\n\nCreate a single commit.\n",
    },
  });
  await sendLine(tmux, "/commit");
  const screen = await tmux.waitFor(
    (text) => text.replace(/\s+/g, " ").includes("The command was not run"),
    "the command's error",
  );
  assert.match(
    screen.replace(/\s+/g, " "),
    /✗ Error: \/commit: its shell line !`git status` failed \(Exit code 128/,
  );
  assert.equal(server.requests.length, 0, "nothing was sent to the model");
  await sendLine(tmux, "hello");
  await tmux.waitFor((text) => text.includes("plain answer"), "the next answer");
  assert.equal(server.requests.length, 1);
});

test("/skill args in the REPL puts the skill itself in the prompt: one request, no load asked for", {
  skip,
}, async () => {
  const { tmux, server } = await openRepl(cleanups, [{ text: "Notes written." }], {
    files: {
      ".claude/skills/release-notes/SKILL.md":
        "---\nname: release-notes\ndescription: Write release notes\n---\nList the changes since the last tag.\n",
    },
  });
  await sendLine(tmux, "/release-notes v2.0");
  await tmux.waitFor((text) => text.includes("Notes written."), "the answer");
  assert.equal(server.requests.length, 1, "one request");
  const sent = JSON.stringify(server.requests[0]?.body);
  assert.match(sent, /List the changes since the last tag\./, "the skill's body is in the prompt");
  assert.match(sent, /ARGUMENTS: v2\.0/);
  assert.doesNotMatch(sent, /Call the Skill tool/, "no request to load it");
});
