// A subagent's steps in the REPL read like the main agent's: one line per call, paths relative to the
// project, no output preview under each (the agent's own report is what the main agent gets).
import assert from "node:assert/strict";
import { join } from "node:path";
import { afterEach, test } from "node:test";
import { closeAll, startRepl } from "./harness.js";

afterEach(closeAll);

test("a subagent's calls show as one relative line each, without their output", async () => {
  // The subagent names the file by its absolute path, as models do; the script is read per request.
  const subagentRead = { name: "Read", input: { file_path: "notes.txt" } };
  const repl = await startRepl(
    [
      {
        tool_calls: [
          {
            name: "Agent",
            input: { description: "look around", prompt: "read notes", subagent_type: "general-purpose" },
          },
        ],
      },
      { tool_calls: [subagentRead] },
      { text: "The notes say hello." },
      { tool_calls: [{ name: "Read", input: { file_path: "notes.txt" } }] },
      { text: "done" },
    ],
    { files: { "notes.txt": "SECRET-LINE-ONE\nSECRET-LINE-TWO\n" }, rules: { allow: ["Read"] } },
  );
  subagentRead.input.file_path = join(repl.dir, "notes.txt");
  await repl.type("go");
  repl.press("\r");
  const screen = await repl.waitFor((text) => text.includes("done"), "the end of the turn");
  assert.match(screen, /✓ ↳ general-purpose: Read\(notes\.txt\)/, screen);
  assert.doesNotMatch(screen, new RegExp(repl.dir.replace(/[/.]/g, "\\$&")), "no absolute paths");
  const lines = screen.split("\n");
  const step = lines.findIndex((line) => line.includes("↳ general-purpose: Read"));
  assert.doesNotMatch(lines[step + 1] ?? "", /SECRET-LINE-ONE/, "no preview under a subagent's step");
  assert.match(
    screen,
    /✓ Read\(notes\.txt\)[^\n]*\n\s+⎿ 1 {2}SECRET-LINE-ONE/,
    "the main agent's keeps its preview",
  );
});
