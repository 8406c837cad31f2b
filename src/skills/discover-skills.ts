// Finds skills: `<dir>/<name>/SKILL.md` under the project's `.agents/skills` and `.claude/skills`
// (relative to cwd), then the user's `~/.agents/skills` and `~/.claude/skills`. The first place a
// name appears wins (project over user, `.agents` over `.claude`); later ones are reported as
// shadowed. Broken files are reported with file and line and skipped; discovery never throws.
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { errnoCode, errorMessage } from "../util/index.js";
import type { Skill, SkillSource } from "./skill.js";

/** `plugin`: the root is a plugin's, and its skills are named `plugin:name`. */
export type SkillRoot = { directory: string; source: SkillSource; plugin?: string };

function skillRoots(options: {
  cwd: string;
  homeDir: string;
  /** Which levels are searched (default both; `--setting-sources` may drop one). */
  levels?: { user: boolean; project: boolean };
}): SkillRoot[] {
  const levels = options.levels ?? { user: true, project: true };
  const roots: SkillRoot[] = [
    { directory: join(options.cwd, ".agents", "skills"), source: "project" },
    { directory: join(options.cwd, ".claude", "skills"), source: "project" },
    { directory: join(options.homeDir, ".agents", "skills"), source: "user" },
    { directory: join(options.homeDir, ".claude", "skills"), source: "user" },
  ];
  return roots.filter((root) => (root.source === "user" ? levels.user : levels.project));
}

async function skillFolders(root: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch {
    return [];
  }
  const folders: string[] = [];
  for (const entry of entries.sort()) {
    if (entry.startsWith(".")) continue;
    const info = await stat(join(root, entry)).catch(() => undefined);
    if (info?.isDirectory()) folders.push(entry);
  }
  return folders;
}

export async function discoverSkills(options: {
  cwd: string;
  homeDir: string;
  levels?: { user: boolean; project: boolean };
  /** Search these after the project's and the user's folders (plugins' skill folders). */
  extraRoots?: SkillRoot[];
}): Promise<{ skills: Skill[]; warnings: string[] }> {
  const skills: Skill[] = [];
  const warnings: string[] = [];
  const byName = new Map<string, Skill>();
  const seenFiles = new Set<string>();
  for (const root of [...skillRoots(options), ...(options.extraRoots ?? [])]) {
    for (const folder of await skillFolders(root.directory)) {
      const path = join(root.directory, folder, "SKILL.md");
      let text: string;
      try {
        text = await readFile(path, "utf8");
      } catch (error) {
        if (errnoCode(error) !== "ENOENT")
          warnings.push(`Cannot read skill ${path}: ${errorMessage(error)}; skipped.`);
        continue;
      }
      const real = await realpath(path).catch(() => path);
      if (seenFiles.has(real)) continue;
      seenFiles.add(real);
      // The YAML parser loads only when a project has skills (start-up cost for everyone else).
      const { parseSkillFile } = await import("./skill-file.js");
      const parsed = parseSkillFile(text, folder);
      if (parsed.kind === "error") {
        warnings.push(`Skill skipped: ${path}:${parsed.line}: ${parsed.message}.`);
        continue;
      }
      for (const warning of parsed.warnings)
        warnings.push(`Skill ${parsed.name}: ${path}:${warning.line}: ${warning.message}.`);
      const name = root.plugin ? `${root.plugin}:${parsed.name}` : parsed.name;
      const winner = byName.get(name);
      if (winner) {
        warnings.push(
          `Skill "${name}" in ${path} (${root.source}) is shadowed by ${winner.path} (${winner.source}); ` +
            `rename one of them to use both.`,
        );
        continue;
      }
      const skill: Skill = {
        name,
        description: parsed.description,
        path,
        baseDir: join(root.directory, folder),
        source: root.source,
        frontmatter: parsed.frontmatter,
      };
      byName.set(name, skill);
      skills.push(skill);
    }
  }
  return { skills, warnings };
}
