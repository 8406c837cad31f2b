// Parses a SKILL.md: a YAML frontmatter block between `---` lines followed by the Markdown body.
// `description` is required; `name` defaults to the folder name. Problems come back with the
// 1-based line in the file so the warning can point at it.
import { parseFrontmatter } from "../util/frontmatter.js";

export type ParsedSkillFile =
  | { kind: "ok"; name: string; description: string; frontmatter: Record<string, unknown>; body: string }
  | { kind: "error"; line: number; message: string };

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function error(line: number, message: string): ParsedSkillFile {
  return { kind: "error", line, message };
}

export function parseSkillFile(text: string, folderName: string): ParsedSkillFile {
  const parsed = parseFrontmatter(text);
  if (parsed.kind === "error") return parsed;
  const frontmatter = parsed.fields;
  const description = frontmatter.description;
  if (typeof description !== "string" || description.trim() === "") {
    return error(
      frontmatter.description === undefined ? 1 : parsed.lineOf("description"),
      "missing `description` in the frontmatter: say in one or two sentences what the skill does and when to use it",
    );
  }
  const rawName = frontmatter.name ?? folderName;
  const name = typeof rawName === "string" || typeof rawName === "number" ? String(rawName).trim() : "";
  if (!NAME_PATTERN.test(name)) {
    return error(
      frontmatter.name === undefined ? 1 : parsed.lineOf("name"),
      `invalid skill name ${JSON.stringify(rawName)}: use letters, digits, '.', '_' or '-' (no spaces)`,
    );
  }
  return { kind: "ok", name, description: description.trim(), frontmatter, body: parsed.body };
}
