// The Skill tool: `Skill {skill, args?}` loads a discovered skill (load-skill.ts: re-read from disk,
// capped at 32 KB, with its base folder) into the conversation next to a short result.
// Read-only; runs through the ToolRunner like every tool, so hooks and the gate see it.
import { z } from "zod";
import { defineTool, fail, type Tool } from "../tools/index.js";
import { loadSkill } from "./load-skill.js";
import type { Skill } from "./skill.js";

const schema = z.object({
  skill: z.string().min(1).describe('The skill name as listed under Skills, e.g. "add-builtin-tool"'),
  args: z.string().optional().describe("Optional arguments for the skill, as the user gave them"),
});

/** For prebuilt-tool-schemas.ts (its JSON Schema is computed at build time). */
export { schema as skillSchema };

type SkillToolInput = z.infer<typeof schema>;

/** What the UI and hooks get in `data` of a successful call. */
type SkillToolData = {
  name: string;
  path: string;
  baseDir: string;
  source: Skill["source"];
  args?: string;
  truncated: boolean;
};

function findSkill(skills: readonly Skill[], requested: string): Skill | undefined {
  const name = requested.trim().replace(/^\//, "");
  return (
    skills.find((skill) => skill.name === name) ??
    skills.find((skill) => skill.name.toLowerCase() === name.toLowerCase())
  );
}

export function createSkillTool(options: {
  skills: readonly Skill[] | (() => readonly Skill[]);
}): Tool<SkillToolInput> {
  const list = () => (typeof options.skills === "function" ? options.skills() : options.skills);
  return defineTool<SkillToolInput>({
    name: "Skill",
    description:
      "Load a skill (a named workflow listed under Skills in the system prompt) by name. Its instructions come " +
      "back as the result; follow them. Use it when the user's task matches a skill's description or the user " +
      "names one (e.g. /skill-name).",
    schema,
    isReadOnly: () => true,
    summary: (input) => input.skill,
    async execute(input) {
      const skills = list();
      const skill = findSkill(skills, input.skill);
      if (!skill) {
        const available = skills.map((entry) => entry.name).join(", ");
        return fail(
          "unknown_skill",
          `Unknown skill "${input.skill}". ${available ? `Available skills: ${available}.` : "No skills are available."}`,
          { available: skills.map((entry) => entry.name) },
        );
      }
      const load = await loadSkill(skill, input.args);
      if (load.kind === "error") return fail(load.code, load.message);
      const { loaded } = load;
      const data: SkillToolData = {
        name: skill.name,
        path: skill.path,
        baseDir: skill.baseDir,
        source: skill.source,
        args: input.args,
        truncated: loaded.truncated,
      };
      return { isError: false, content: loaded.confirmation, data, context: [loaded.context] };
    },
  });
}
