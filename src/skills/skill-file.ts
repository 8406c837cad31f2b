// Parses a SKILL.md: a YAML frontmatter block between `---` lines (parsed with the `yaml` package)
// followed by the Markdown body. `description` is required; `name` defaults to the folder name.
// Problems come back with the 1-based line in the file so the warning can point at it.
import { parseDocument } from "yaml";

export type ParsedSkillFile =
  | { kind: "ok"; name: string; description: string; frontmatter: Record<string, unknown>; body: string }
  | { kind: "error"; line: number; message: string };

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function error(line: number, message: string): ParsedSkillFile {
  return { kind: "error", line, message };
}

export function parseSkillFile(text: string, folderName: string): ParsedSkillFile {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines[0]?.trim() !== "---") {
    return error(
      1,
      "no YAML frontmatter: the file must start with a `---` line, then `description: …`, then `---`",
    );
  }
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---");
  if (end === -1) return error(1, "frontmatter is not closed: add a `---` line after it");
  const document = parseDocument(lines.slice(1, end).join("\n"));
  const problem = document.errors[0];
  if (problem) {
    const yamlLine = problem.linePos?.[0]?.line ?? 1;
    const message = problem.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    return error(yamlLine + 1, `invalid YAML frontmatter: ${message}`);
  }
  const data: unknown = document.toJS();
  if (data !== null && (typeof data !== "object" || Array.isArray(data))) {
    return error(2, "frontmatter must be a mapping of fields such as `name:` and `description:`");
  }
  const frontmatter = (data ?? {}) as Record<string, unknown>;
  const fieldLine = (field: string) => {
    const index = lines.slice(1, end).findIndex((line) => line.startsWith(`${field}:`));
    return index === -1 ? 1 : index + 2;
  };
  const description = frontmatter.description;
  if (typeof description !== "string" || description.trim() === "") {
    return error(
      frontmatter.description === undefined ? 1 : fieldLine("description"),
      "missing `description` in the frontmatter: say in one or two sentences what the skill does and when to use it",
    );
  }
  const rawName = frontmatter.name ?? folderName;
  const name = typeof rawName === "string" || typeof rawName === "number" ? String(rawName).trim() : "";
  if (!NAME_PATTERN.test(name)) {
    return error(
      frontmatter.name === undefined ? 1 : fieldLine("name"),
      `invalid skill name ${JSON.stringify(rawName)}: use letters, digits, '.', '_' or '-' (no spaces)`,
    );
  }
  const body = lines
    .slice(end + 1)
    .join("\n")
    .replace(/^\s*\n/, "");
  return { kind: "ok", name, description: description.trim(), frontmatter, body };
}
