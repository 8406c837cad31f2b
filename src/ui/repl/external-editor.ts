// Ctrl+G: the prompt in the user's editor. The CLI resolves the command ($VISUAL, then $EDITOR, then
// vi) and passes it in; the text goes to a private temporary file, the editor runs on the terminal
// (the caller has suspended the REPL's rendering and raw mode) through `sh -c` so commands with
// arguments work (`code --wait`), and the file's text comes back without the trailing newline editors
// add. A missing or failing editor is a one-line message and the prompt is kept.
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorMessage } from "../../util/index.js";

export type EditorOutcome = { kind: "edited"; text: string } | { kind: "failed"; message: string };

type Run = (file: string, args: string[], options: { stdio: "inherit" }) => SpawnSyncReturns<Buffer>;

const kept = "the prompt is unchanged";

export function editInEditor(command: string, text: string, run: Run = spawnSync): EditorOutcome {
  const failed = (message: string): EditorOutcome => ({ kind: "failed", message });
  if (command.trim() === "") return failed(`no editor is set (set $VISUAL or $EDITOR); ${kept}`);
  let folder: string | undefined;
  try {
    folder = mkdtempSync(join(tmpdir(), "reagent-prompt-"));
    const file = join(folder, "prompt.md");
    writeFileSync(file, text, { mode: 0o600 });
    const result = run("/bin/sh", ["-c", `${command} "$1"`, "reagent-editor", file], { stdio: "inherit" });
    if (result.error)
      return failed(`could not start the editor ${command}: ${result.error.message}; ${kept}`);
    if (result.signal) return failed(`the editor ${command} was stopped by ${result.signal}; ${kept}`);
    if (result.status === 127)
      return failed(
        `editor not found: ${command} (set $VISUAL or $EDITOR to one that is installed); ${kept}`,
      );
    if (result.status !== 0)
      return failed(`the editor ${command} exited with status ${result.status}; ${kept}`);
    return { kind: "edited", text: readFileSync(file, "utf8").replace(/\r?\n$/, "") };
  } catch (error) {
    return failed(`the editor ${command} could not be used: ${errorMessage(error)}; ${kept}`);
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}
