// The skills summary of the system prompt: each available skill's name and description only; the
// body is loaded on demand by the Skill tool (src/skills/skill-tool.ts).

/** What the system prompt needs to know about a skill (src/skills' Skill satisfies it). */
export type SkillSummary = { readonly name: string; readonly description: string };

const DESCRIPTION_LIMIT = 300;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > DESCRIPTION_LIMIT ? `${flat.slice(0, DESCRIPTION_LIMIT - 1)}…` : flat;
}

export function formatSkillsSection(skills: readonly SkillSummary[]): string | undefined {
  if (skills.length === 0) return undefined;
  const lines = skills.map((skill) => `- ${skill.name}: ${oneLine(skill.description)}`);
  return [
    "# Skills",
    "Named workflows you can load with the Skill tool when a task matches one (load it before starting):",
    ...lines,
  ].join("\n");
}
