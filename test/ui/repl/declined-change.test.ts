// Saying no to an Edit in the REPL: the person sees the change they refused (the file relative to the
// project, its hunks), not the message written for the model with its absolute path.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { closeAll, startRepl } from "./harness.js";

afterEach(closeAll);

test("Esc on an Edit shows the refused change, relative, and not the model's message", async () => {
  const repl = await startRepl(
    [
      { tool_calls: [{ name: "Read", input: { file_path: "src/app.ts" } }] },
      {
        tool_calls: [
          {
            name: "Edit",
            input: { file_path: "src/app.ts", old_string: "return 1;", new_string: "return 2;" },
          },
        ],
      },
      { text: "never reached" },
    ],
    { files: { "src/app.ts": "export function one() {\n  return 1;\n}\n" }, rules: { allow: ["Read"] } },
  );
  await repl.type("change it");
  repl.press("\r");
  await repl.waitFor((screen) => screen.includes("Do you want to proceed?"), "the dialog");
  repl.press("\u001b");
  const screen = await repl.waitFor((text) => text.includes("Type a message"), "the prompt after no");
  assert.doesNotMatch(screen, new RegExp(repl.dir.replace(/[/.]/g, "\\$&")), "no absolute path");
  assert.doesNotMatch(screen, /The user declined this tool call/, "not the model's message");
  assert.doesNotMatch(screen, /Do not retry it/);
  assert.match(screen, /⊘ Edit\(src\/app\.ts\)/);
  assert.match(screen, /⎿ Declined: you refused this change to src\/app\.ts/);
  assert.match(screen, /2 - {3}return 1;/);
  assert.match(screen, /2 \+ {3}return 2;/);
  assert.equal(repl.client.requests.length, 2, "the turn ended: no request after the no");
});
