// Splits a Markdown file with YAML frontmatter (between `---` lines, parsed with the `yaml` package)
// into its fields and body, for SKILL.md and agent files. Problems come back with the 1-based line
// in the file, so callers can report `file:line`.
import { parseDocument } from "yaml";

export type Frontmatter =
  | {
      kind: "ok";
      fields: Record<string, unknown>;
      body: string;
      /** The 1-based line of a top-level field in the file (1 when it is absent). */
      lineOf(field: string): number;
    }
  | { kind: "error"; line: number; message: string };

export function parseFrontmatter(text: string, example = "`description: …`"): Frontmatter {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines[0]?.trim() !== "---") {
    return {
      kind: "error",
      line: 1,
      message: `no YAML frontmatter: the file must start with a \`---\` line, then ${example}, then \`---\``,
    };
  }
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---");
  if (end === -1)
    return { kind: "error", line: 1, message: "frontmatter is not closed: add a `---` line after it" };
  const document = parseDocument(lines.slice(1, end).join("\n"));
  const problem = document.errors[0];
  if (problem) {
    const yamlLine = problem.linePos?.[0]?.line ?? 1;
    const message = problem.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    return { kind: "error", line: yamlLine + 1, message: `invalid YAML frontmatter: ${message}` };
  }
  const data: unknown = document.toJS();
  if (data !== null && (typeof data !== "object" || Array.isArray(data))) {
    return {
      kind: "error",
      line: 2,
      message: "frontmatter must be a mapping of fields such as `name:` and `description:`",
    };
  }
  const header = lines.slice(1, end);
  return {
    kind: "ok",
    fields: (data ?? {}) as Record<string, unknown>,
    body: lines
      .slice(end + 1)
      .join("\n")
      .replace(/^\s*\n/, ""),
    lineOf(field) {
      const index = header.findIndex((line) => line.startsWith(`${field}:`));
      return index === -1 ? 1 : index + 2;
    },
  };
}
