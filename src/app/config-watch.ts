// ConfigChange hooks: the settings files reagent reads (user, project, local; also ones created during
// the session) are watched, and a change fires ConfigChange with Claude Code's `source` and
// `file_path` once the file has been quiet for a moment. reagent reads settings when it starts, so the
// session keeps the configuration it started with either way: the event is for auditing and alerts.
// Nothing starts without a ConfigChange hook; watchers never keep the process alive.
import { settingsFiles } from "../config/index.js";
import type { HookEngine } from "../hooks/index.js";
import { createFileWatcher, errorMessage, type FileWatcher } from "../util/index.js";

const QUIET_MS = 500;
const SOURCE = { user: "user_settings", project: "project_settings", local: "local_settings" } as const;

export function startConfigWatch(options: {
  hooks: Pick<HookEngine, "has" | "configChange">;
  projectDir: string;
  homeDir: string;
  onError?: (message: string) => void;
  quietMs?: number;
}): FileWatcher | undefined {
  const { hooks } = options;
  if (!hooks.has("ConfigChange")) return undefined;
  const files = settingsFiles(options.projectDir, options.homeDir).filter((file) => file.scope !== "flag");
  let queue = Promise.resolve();
  const watcher = createFileWatcher((path) => {
    const file = files.find((candidate) => candidate.path === path);
    if (!file || file.scope === "flag") return;
    const source = SOURCE[file.scope];
    queue = queue
      .then(() => hooks.configChange(source, path))
      .then(() => undefined)
      .catch((error: unknown) =>
        options.onError?.(`ConfigChange hooks could not run: ${errorMessage(error)}`),
      );
  }, options.quietMs ?? QUIET_MS);
  watcher.set(files.map((file) => file.path));
  return watcher;
}
