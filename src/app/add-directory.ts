// `/add-dir PATH` (REPL and -p): widens the session's workspace by one existing folder — the tools
// may read and, under the same rules as in the project, change files there — and fires DirectoryAdded.
// A path that is not a folder is refused with the reason; nothing changes then.
import { stat } from "node:fs/promises";
import { realPath } from "../util/index.js";
import type { App } from "./app.js";

export async function addDirectory(
  runtime: Pick<App, "gate" | "hooks" | "cwd" | "env">,
  path: string,
): Promise<string> {
  const text = path.trim();
  if (text === "") throw new Error("usage: /add-dir PATH (a folder, absolute, relative or ~/…)");
  // The same resolution the gate and the tools use (`~`, relative to the project, symlinks followed).
  const folder = realPath(text, { cwd: runtime.cwd, homeDir: runtime.env.homeDir });
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`${text} is not a folder (${folder}); give an existing folder`);
  if (runtime.gate.workspaceRoots.includes(folder)) return `${folder} is already in the workspace.`;
  runtime.gate.addDirectory(folder);
  if (runtime.hooks.has("DirectoryAdded")) await runtime.hooks.directoryAdded(folder, "slash_command");
  return `Added ${folder} to the workspace for this session: the tools may use it under the same rules as the project.`;
}
