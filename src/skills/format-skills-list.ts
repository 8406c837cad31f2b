// Text output of `reagent skills list`: one block per skill with name, source and description,
// followed by any discovery warnings, without a final newline. The CLI prints it.
import type { Skill } from "./skill.js";

export function formatSkillsList(skills: readonly Skill[], warnings: readonly string[] = []): string {
  const lines: string[] = [];
  if (skills.length === 0) {
    lines.push(
      "No skills found. Add one as .agents/skills/<name>/SKILL.md with a `description:` in its frontmatter.",
    );
  } else {
    const width = Math.max(...skills.map((skill) => skill.name.length));
    for (const skill of skills) {
      const description = skill.description.replace(/\s+/g, " ");
      lines.push(`${skill.name.padEnd(width)}  ${description}`);
      lines.push(`${" ".repeat(width)}  (${skill.source}: ${skill.path})`);
    }
  }
  if (warnings.length > 0) {
    lines.push("", "Warnings:", ...warnings.map((warning) => `- ${warning}`));
  }
  return lines.join("\n");
}
