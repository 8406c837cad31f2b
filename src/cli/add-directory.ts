// `/add-dir PATH` (REPL and -p): widens the session's workspace by one existing folder — the tools
// may read and, under the same rules as in the project, change files there — and fires DirectoryAdded.
// A path that is not a folder is refused with the reason; nothing changes then.
import { realpath, stat } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
import type { Runtime } from "./compose.js";

export async function addDirectory(
  runtime: Pick<Runtime, "gate" | "hooks" | "cwd" | "env">,
  path: string,
  source: "slash_command" | "register_repo_root" = "slash_command",
): Promise<string> {
  const text = path.trim();
  if (text === "") throw new Error("usage: /add-dir PATH");
  const expanded =
    text === "~"
      ? runtime.env.homeDir
      : text.startsWith("~/")
        ? join(runtime.env.homeDir, text.slice(2))
        : text;
  const absolute = isAbsolute(expanded) ? expanded : resolve(runtime.cwd, expanded);
  const info = await stat(absolute).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`${text} is not a folder (${absolute})`);
  const folder = await realpath(absolute);
  if (runtime.gate.workspaceRoots.includes(folder)) return `${folder} is already in the workspace.`;
  runtime.gate.addDirectory(folder);
  if (runtime.hooks.has("DirectoryAdded")) await runtime.hooks.directoryAdded(folder, source);
  return `Added ${folder} to the workspace for this session: the tools may use it under the same rules as the project.`;
}
