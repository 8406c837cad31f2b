// The user prompt for `/<skill> args`, as Claude Code builds it: the typed line, then the skill itself
// (body with the arguments substituted, its base folder) in the prompt, so the model starts on the
// skill at once instead of first asking to load it. UserPromptSubmit and UserPromptExpansion hooks see it.
import { loadSkill } from "./load-skill.js";
import type { Skill } from "./skill.js";

type SkillPrompt = { ok: true; text: string } | { ok: false; message: string };

export async function skillSlashPrompt(skill: Skill, args?: string): Promise<SkillPrompt> {
  const trimmed = args?.trim();
  const command = `/${skill.name}${trimmed ? ` ${trimmed}` : ""}`;
  const load = await loadSkill(skill, trimmed);
  if (load.kind === "error") return { ok: false, message: load.message };
  return { ok: true, text: `${command}\n\n${load.loaded.context}` };
}
