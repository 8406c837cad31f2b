// The Skill tool: `Skill {skill, args?}` loads a discovered skill's body (re-read from disk, capped at
// 32 KB) into the conversation together with its base folder, so relative references resolve.
// Read-only; runs through the ToolRunner like every tool, so hooks and the gate see it.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { z } from "zod";
import { defineTool, fail, type Tool } from "../tools/tool.js";
import { errorMessage } from "../util/errors.js";
import { argumentNames, substituteArguments } from "../util/substitute-arguments.js";
import type { Skill } from "./skill.js";

export const SKILL_BODY_CAP_CHARS = 32 * 1024;

const schema = z.object({
  skill: z.string().min(1).describe('The skill name as listed under Skills, e.g. "add-builtin-tool"'),
  args: z.string().optional().describe("Optional arguments for the skill, as the user gave them"),
});

/** For prebuilt-tool-schemas.ts (its JSON Schema is computed at build time). */
export { schema as skillSchema };

export type SkillToolInput = z.infer<typeof schema>;

/** What the UI and hooks get in `data` of a successful call. */
export type SkillToolData = {
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

/** A loaded skill: a short confirmation for the tool result, and the skill itself (body, base folder,
 *  arguments) as context the runner places in the conversation next to that result. */
export function formatLoadedSkill(skill: Skill, body: string, args: string | undefined) {
  let text = body.trim();
  const truncated = text.length > SKILL_BODY_CAP_CHARS;
  if (truncated) {
    text = `${text.slice(0, SKILL_BODY_CAP_CHARS)}\n[… skill truncated at 32 KB; read the rest from ${skill.path}]`;
  }
  // As for custom commands: `$ARGUMENTS`, `$0` …, named `arguments`; else `ARGUMENTS: …` appended.
  text = substituteArguments(text, args?.trim() ?? "", argumentNames(skill.frontmatter.arguments));
  const parts = [
    `Base directory for this skill: ${skill.baseDir}\nRelative paths in the skill resolve against this directory.`,
    text,
  ];
  const confirmation = `Loaded skill "${skill.name}" (${text.length} characters${truncated ? ", truncated" : ""}); its instructions follow. Follow them for the current task.`;
  return {
    confirmation,
    context: `<skill name="${skill.name}">\n${parts.join("\n\n")}\n</skill>`,
    truncated,
  };
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
      let text: string;
      try {
        text = await readFile(skill.path, "utf8");
      } catch (error) {
        return fail(
          "skill_unreadable",
          `Cannot read skill "${skill.name}" at ${skill.path}: ${errorMessage(error)}`,
        );
      }
      const { parseSkillFile } = await import("./skill-file.js");
      const parsed = parseSkillFile(text, basename(skill.baseDir));
      if (parsed.kind === "error") {
        return fail(
          "skill_invalid",
          `Skill "${skill.name}" is broken at ${skill.path}:${parsed.line}: ${parsed.message}`,
        );
      }
      const loaded = formatLoadedSkill(skill, parsed.body, input.args);
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
