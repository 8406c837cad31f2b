// Loading a discovered skill for the conversation: its SKILL.md re-read from disk and parsed, the body
// capped at 32 KB, the arguments substituted, and its base folder named so that relative references
// resolve. The Skill tool, `/<skill> args` and an agent's preloaded skills all load it this way.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { argumentNames, errorMessage, substituteArguments } from "../util/index.js";
import type { Skill } from "./skill.js";
import { parseSkillFile } from "./skill-file.js";

export const SKILL_BODY_CAP_CHARS = 32 * 1024;

/** A loaded skill: a short confirmation (the Skill tool's result) and the skill itself (body, base
 *  folder, arguments) as the text placed in the conversation. */
type LoadedSkill = { confirmation: string; context: string; truncated: boolean };

type SkillLoad =
  | { kind: "ok"; loaded: LoadedSkill }
  | { kind: "error"; code: "skill_unreadable" | "skill_invalid"; message: string };

function formatLoadedSkill(skill: Skill, body: string, args: string | undefined): LoadedSkill {
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

export async function loadSkill(skill: Skill, args: string | undefined): Promise<SkillLoad> {
  let text: string;
  try {
    text = await readFile(skill.path, "utf8");
  } catch (error) {
    return {
      kind: "error",
      code: "skill_unreadable",
      message: `Cannot read skill "${skill.name}" at ${skill.path}: ${errorMessage(error)}`,
    };
  }
  const parsed = parseSkillFile(text, basename(skill.baseDir));
  if (parsed.kind === "error")
    return {
      kind: "error",
      code: "skill_invalid",
      message: `Skill "${skill.name}" is broken at ${skill.path}:${parsed.line}: ${parsed.message}`,
    };
  return { kind: "ok", loaded: formatLoadedSkill(skill, parsed.body, args) };
}
