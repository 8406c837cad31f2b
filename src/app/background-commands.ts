// The session's background commands (Bash with run_in_background): their output files go to the
// run's temporary folder (removed at exit), each start and end is an event (the REPL's status line and
// /tasks), and a command that ends on its own is news for the model (an idle REPL starts a turn for
// it). Those still running are stopped when the app closes, and killed should the process exit first.
import { join } from "node:path";
import { shellEndedNote } from "../agents/index.js";
import type { NewsInbox, SessionEvents } from "../session/index.js";
import { BackgroundShells } from "../tools/index.js";
import { spillDirFor } from "../transcript/index.js";

/** Characters of a finished command's output the notification carries (TaskOutput has more). */
const NOTE_TAIL_CHARS = 2_000;

export function createBackgroundCommands(input: {
  sessionId: string;
  events: SessionEvents;
  news: NewsInbox;
  atExit: (cleanup: () => void) => () => void;
}): { shells: BackgroundShells; close(): Promise<void> } {
  const { events, news } = input;
  const shells: BackgroundShells = new BackgroundShells({
    outputDir: join(spillDirFor(input.sessionId), "tasks"),
    onChange(view, change, stopped) {
      events.emit({
        type: "background-commands",
        running: shells.running(),
        changed: {
          id: view.id,
          command: view.command,
          description: view.description,
          status: view.status,
          change,
          stopped,
          outputFile: view.outputFile,
          exitCode: view.exitCode,
          ...(view.toolUseId ? { toolUseId: view.toolUseId } : {}),
          ...(view.endedAt ? { durationMs: view.endedAt - view.startedAt } : {}),
          ...(view.note ? { note: view.note } : {}),
        },
      });
      if (change !== "ended" || stopped) return;
      news.note(shellEndedNote(view, NOTE_TAIL_CHARS));
      events.emit({ type: "news-waiting" });
    },
  });
  const unregister = input.atExit(() => shells.killAll());
  return {
    shells,
    async close() {
      await shells.close();
      unregister();
    },
  };
}
