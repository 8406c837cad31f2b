// Ctrl+G: the prompt in an external editor (real processes through sh), and how failures keep it.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, test } from "node:test";
import { editInEditor } from "../../../src/ui/repl/external-editor.js";
import { tempFolder } from "../../support/temp-folder.js";
import { closeAll, startRepl } from "./harness.js";

afterEach(closeAll);

/** An "editor" that appends to the file it is given (arguments before the file, like `code --wait`). */
function appendingEditor(): string {
  const dir = tempFolder("editor");
  const script = join(dir, "append.sh");
  writeFileSync(script, 'suffix="$1"; shift; printf "%s\\n" "$(cat "$1")$suffix" > "$1"\n');
  return `sh ${script} ' and more'`;
}

test("the editor's text comes back without its trailing newline; arguments in the command work", () => {
  assert.deepEqual(editInEditor(appendingEditor(), "first line\nsecond"), {
    kind: "edited",
    text: "first line\nsecond and more",
  });
});

test("a failing, missing or unset editor is one line and the prompt is kept", () => {
  const failing = editInEditor("false", "draft");
  assert.equal(failing.kind, "failed");
  assert.match(
    failing.kind === "failed" ? failing.message : "",
    /^the editor false exited with status 1; the prompt is unchanged$/,
  );
  const missing = editInEditor("no-such-editor-reagent", "draft");
  assert.match(
    missing.kind === "failed" ? missing.message : "",
    /^editor not found: no-such-editor-reagent \(set \$VISUAL or \$EDITOR/,
  );
  const unset = editInEditor("  ", "draft");
  assert.match(unset.kind === "failed" ? unset.message : "", /no editor is set/);
});

test("Ctrl+G puts the edited text back into the prompt; a failure keeps the draft", async () => {
  const repl = await startRepl([], { editorCommand: appendingEditor() });
  await repl.type("draft");
  await repl.waitFor((screen) => screen.includes("> draft"), "the draft");
  repl.press("\u0007");
  await repl.waitFor((screen) => screen.includes("> draft and more"), "the edited prompt");
  repl.press("\u0004");
  const failing = await startRepl([], { editorCommand: "exit 3" });
  await failing.type("keep me");
  await failing.waitFor((screen) => screen.includes("> keep me"), "the draft");
  failing.press("\u0007");
  const screen = await failing.waitFor((text) => text.includes("exited with status 3"), "the error");
  assert.match(screen, /> keep me/);
  failing.press("\u0003");
  failing.press("\u0003");
});
