// The user prompt the REPL submits for `/<skill> args`: it asks the model to load the skill with the
// Skill tool, so the load goes through the ToolRunner (hooks, gate) like any other call.
import type { Skill } from "./skill.js";

export function skillSlashPrompt(skill: Pick<Skill, "name">, args?: string): string {
  const trimmed = args?.trim();
  const command = `/${skill.name}${trimmed ? ` ${trimmed}` : ""}`;
  const call = trimmed
    ? `Call the Skill tool with skill "${skill.name}" and args ${JSON.stringify(trimmed)}`
    : `Call the Skill tool with skill "${skill.name}"`;
  return `${command}\n\n${call}, then follow the skill's instructions.`;
}
