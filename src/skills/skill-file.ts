// Parses a SKILL.md: optional YAML frontmatter between `---` lines, then the Markdown body. As in
// Claude Code 2.1.197 the skill is named after its folder (a different `name` is reported, not used) and
// every field is optional: `description` defaults to the body's first paragraph. Frontmatter YAML refuses
// is read line by line with warnings. Problems come back with the 1-based line so the warning can point at it.
import { type FrontmatterWarning, parseFrontmatter } from "../util/index.js";

export type ParsedSkillFile =
  | {
      kind: "ok";
      name: string;
      description: string;
      frontmatter: Record<string, unknown>;
      body: string;
      /** What strict YAML could not read, and how it was read instead. */
      warnings: FrontmatterWarning[];
    }
  | { kind: "error"; line: number; message: string };

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function error(line: number, message: string): ParsedSkillFile {
  return { kind: "error", line, message };
}

/** The body's first paragraph, headings' `#` marks dropped: the description of a skill without one. */
function firstParagraph(body: string): string {
  const paragraph = body
    .replace(/<!--[\s\S]*?-->/g, "")
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .find((part) => part !== "");
  return (paragraph ?? "")
    .replace(/^#+\s*/gm, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function parseSkillFile(text: string, folderName: string): ParsedSkillFile {
  const clean = text.replace(/^\uFEFF/, "");
  const parsed = /^---\s*\r?\n/.test(clean)
    ? parseFrontmatter(clean, { asWritten: ["argument-hint"] })
    : { kind: "ok" as const, fields: {}, body: clean, lineOf: () => 1, warnings: [] };
  if (parsed.kind === "error") return parsed;
  const frontmatter = parsed.fields;
  const described = frontmatter.description;
  const description =
    typeof described === "string" && described.trim() !== "" ? described.trim() : firstParagraph(parsed.body);
  if (description === "") {
    return error(
      frontmatter.description === undefined ? 1 : parsed.lineOf("description"),
      "missing `description` in the frontmatter (and no text in the body to take it from): say in one or two sentences what the skill does and when to use it",
    );
  }
  // As in Claude Code 2.1.197, a skill is named after its folder; a different `name` is said, not used.
  const name = folderName;
  if (!NAME_PATTERN.test(name))
    return error(
      1,
      `invalid skill folder name ${JSON.stringify(name)}: use letters, digits, '.', '_' or '-'`,
    );
  const warnings = [...parsed.warnings];
  const given = frontmatter.name;
  if (given !== undefined && given !== null && String(given).trim() !== name)
    warnings.push({
      line: parsed.lineOf("name"),
      message: `"name: ${String(given).trim()}" is not used: a skill is named after its folder (${name}), as in Claude Code`,
    });
  return { kind: "ok", name, description, frontmatter, body: parsed.body, warnings };
}
