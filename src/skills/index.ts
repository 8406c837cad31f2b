// SKILL.md discovery and the Skill tool (module entry).

export { discoverSkills, type SkillRoot } from "./discover-skills.js";
export { formatSkillsList } from "./format-skills-list.js";
export { loadSkill } from "./load-skill.js";
export type { Skill } from "./skill.js";
export { skillSlashPrompt } from "./skill-slash-prompt.js";
export { createSkillTool, skillSchema } from "./skill-tool.js";
