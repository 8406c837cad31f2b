// Finds custom slash commands: `*.md` files under the project's `.agents/commands` and
// `.claude/commands`, then the user's `~/.agents/commands` and `~/.claude/commands`. A file in a
// sub-folder is namespaced (`frontend/component.md` → `/frontend:component`). The first place a name
// appears wins (project over user, `.agents` over `.claude`); later ones are reported as shadowed.
// Broken files are reported with file and line and skipped; discovery never throws.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { errorMessage } from "../util/index.js";
import type { CommandSource, CustomCommand } from "./custom-command.js";

/** `plugin`: the root is a plugin's, and its commands are named `plugin:name`. */
type CommandRoot = { directory: string; source: CommandSource; plugin?: string };

type CommandLevels = { user: boolean; project: boolean };

function commandRoots(options: { cwd: string; homeDir: string; levels?: CommandLevels }): CommandRoot[] {
  const levels = options.levels ?? { user: true, project: true };
  const roots: CommandRoot[] = [
    { directory: join(options.cwd, ".agents", "commands"), source: "project" },
    { directory: join(options.cwd, ".claude", "commands"), source: "project" },
    { directory: join(options.homeDir, ".agents", "commands"), source: "user" },
    { directory: join(options.homeDir, ".claude", "commands"), source: "user" },
  ];
  return roots.filter((root) => (root.source === "user" ? levels.user : levels.project));
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_DEPTH = 4;

/** Markdown files below `root`, as [path, namespace parts] (hidden entries skipped), sorted. */
async function commandFiles(root: string, parts: string[] = []): Promise<Array<[string, string[]]>> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: Array<[string, string[]]> = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".")) continue;
    const path = join(root, entry.name);
    if (entry.isDirectory() && parts.length < MAX_DEPTH)
      found.push(...(await commandFiles(path, [...parts, entry.name])));
    else if (entry.name.endsWith(".md") && !entry.isDirectory())
      found.push([path, [...parts, entry.name.slice(0, -3)]]);
  }
  return found;
}

function firstLine(body: string): string {
  const line = body.split("\n").find((text) => text.trim() !== "" && !text.trim().startsWith("<!--")) ?? "";
  const clean = line.replace(/^#+\s*/, "").trim();
  return clean.length > 100 ? `${clean.slice(0, 99)}…` : clean;
}

export async function discoverCommands(options: {
  cwd: string;
  homeDir: string;
  /** Which levels are searched (default both; `--setting-sources` may drop one). */
  levels?: CommandLevels;
  /** Search these instead of the project's and the user's folders (plugins' command folders). */
  roots?: CommandRoot[];
}): Promise<{ commands: CustomCommand[]; warnings: string[] }> {
  const commands: CustomCommand[] = [];
  const warnings: string[] = [];
  const byName = new Map<string, CustomCommand>();
  for (const root of options.roots ?? commandRoots(options)) {
    for (const [path, parts] of await commandFiles(root.directory)) {
      if (!parts.every((part) => NAME.test(part))) {
        warnings.push(
          `Command skipped: ${path}: use letters, digits, ".", "_" and "-" in command file and folder names.`,
        );
        continue;
      }
      const name = [...(root.plugin ? [root.plugin] : []), ...parts].join(":");
      let text: string;
      try {
        text = await readFile(path, "utf8");
      } catch (error) {
        warnings.push(`Cannot read command ${path}: ${errorMessage(error)}; skipped.`);
        continue;
      }
      const { parseCommandFile } = await import("./command-file.js");
      const parsed = parseCommandFile(text);
      if (parsed.kind === "error") {
        warnings.push(`Command skipped: ${path}:${parsed.line}: ${parsed.message}.`);
        continue;
      }
      for (const warning of parsed.warnings) warnings.push(`Command ${path}: ${warning}.`);
      const winner = byName.get(name);
      // As in Claude Code 2.1.197, a user command with a skill's own fields is a skill, and a skill
      // wins over a project command of the same name.
      if (winner && root.source === "user" && parsed.skillFields && winner.source === "project") {
        warnings.push(
          `Command /${name} in ${winner.path} (project) is shadowed by ${path} (user), which has a skill's fields (disable-model-invocation / user-invocable) and so wins as a skill does; rename one of them to use both.`,
        );
        commands.splice(commands.indexOf(winner), 1);
      } else if (winner) {
        warnings.push(
          `Command /${name} in ${path} (${root.source}) is shadowed by ${winner.path} (${winner.source}); rename one of them to use both.`,
        );
        continue;
      }
      const command: CustomCommand = {
        name,
        description: parsed.description || firstLine(parsed.body) || `custom command (${root.source})`,
        allowedTools: parsed.allowedTools,
        body: parsed.body,
        path,
        source: root.source,
        ...(root.plugin ? { plugin: root.plugin } : {}),
        ...(parsed.argumentHint ? { argumentHint: parsed.argumentHint } : {}),
        ...(parsed.model ? { model: parsed.model } : {}),
        ...(parsed.argumentNames.length > 0 ? { argumentNames: parsed.argumentNames } : {}),
      };
      byName.set(name, command);
      commands.push(command);
    }
  }
  return { commands, warnings };
}

/** The command a typed name refers to: the full name, or the last part of a namespaced one when only
 *  one command has it (`/component` for `frontend:component`). */
export function findCommand(commands: readonly CustomCommand[], name: string): CustomCommand | undefined {
  const exact = commands.find((command) => command.name === name);
  if (exact) return exact;
  const leaf = commands.filter((command) => command.name.split(":").at(-1) === name);
  return leaf.length === 1 ? leaf[0] : undefined;
}
