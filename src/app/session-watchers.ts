// What watches the session while it lives: when its model last answered (a model switch reports
// whether the prompt cache is still warm), the files FileChanged hooks name (following the shell's
// folder after each tool call), the settings files ConfigChange hooks hear of. Started with the
// session, stopped when the runtime closes (a /resume builds a new runtime: the old one's watchers
// must not keep reporting). Nothing is watched without the hooks that want it.
import type { HookEngine } from "../hooks/index.js";
import type { Session } from "../session/index.js";
import { watchAnswers } from "../session/index.js";
import { startConfigWatch } from "./config-watch.js";
import { startFileWatch } from "./file-watch.js";

export function startSessionWatchers(session: Session, hooks: HookEngine): () => void {
  const warn = (message: string) => session.emit({ type: "warning", message });
  const stopAnswers = watchAnswers(session);
  const files = startFileWatch({
    hooks,
    shell: session.options.shell,
    baseEnv: session.options.baseEnv ?? {},
    onError: warn,
  });
  // A call may have moved the shell's folder (a Bash `cd`): the watched names follow it.
  const stopFollowing = files
    ? session.subscribe((event) => {
        if (event.type === "tool-call-end") files.followFolder();
      })
    : undefined;
  const settings = startConfigWatch({
    hooks,
    projectDir: session.options.cwd,
    homeDir: session.options.homeDir,
    onError: warn,
  });
  return () => {
    stopAnswers();
    stopFollowing?.();
    files?.close();
    settings?.close();
  };
}
