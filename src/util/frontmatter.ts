// Splits a Markdown file with YAML frontmatter (between `---` lines, parsed with the `yaml` package)
// into its fields and body, for agent, command and SKILL.md files. Frontmatter strict YAML refuses is
// read line by line (frontmatter-lines.ts) with warnings, never refused: Claude Code loads such files.
// Problems come back with the 1-based line in the file, so callers can report `file:line`.
import { type FrontmatterWarning, readFrontmatterLines, readYaml } from "./frontmatter-lines.js";

export type { FrontmatterWarning } from "./frontmatter-lines.js";

type Frontmatter =
  | {
      kind: "ok";
      fields: Record<string, unknown>;
      body: string;
      /** The 1-based line of a top-level field in the file (1 when it is absent). */
      lineOf(field: string): number;
      /** What could not be read as YAML and how it was read instead, by line. */
      warnings: FrontmatterWarning[];
    }
  | { kind: "error"; line: number; message: string };

type FrontmatterOptions = {
  /** The fields a file needs, for the message when there is no frontmatter. */
  example?: string;
  /** Fields always taken as the text after `key:`, YAML or not (`argument-hint: [pr] [priority]`). */
  asWritten?: readonly string[];
};

/** The header with the lines of the `asWritten` fields left out (so strict YAML judges the rest). */
function withoutWritten(header: readonly string[], asWritten: readonly string[]): string {
  let skipping = false;
  const kept: string[] = [];
  for (const line of header) {
    const key = /^([A-Za-z_][\w.-]*)\s*:/.exec(line)?.[1];
    if (key !== undefined) skipping = asWritten.includes(key);
    else if (!/^\s/.test(line)) skipping = false;
    kept.push(skipping ? "" : line);
  }
  return kept.join("\n");
}

/** The header's fields, or `undefined` when it is YAML but not a mapping. */
function readHeader(header: readonly string[], asWritten: readonly string[]) {
  const strict = readYaml(header.join("\n"));
  if (strict.kind === "ok") {
    if (strict.value !== null && (typeof strict.value !== "object" || Array.isArray(strict.value)))
      return undefined;
    const fields = { ...((strict.value ?? {}) as Record<string, unknown>) };
    if (asWritten.some((key) => key in fields)) {
      const written = readFrontmatterLines(header, 2, asWritten).fields;
      for (const key of asWritten) if (key in fields && key in written) fields[key] = written[key];
    }
    return { fields, warnings: [] as FrontmatterWarning[] };
  }
  const read = readFrontmatterLines(header, 2, asWritten);
  if (read.warnings.length === 0) {
    const rest = readYaml(withoutWritten(header, asWritten));
    if (rest.kind === "error")
      read.warnings.push({
        line: rest.line + 1,
        message: `${rest.message}; the frontmatter was read line by line (of a repeated field, the last one counts)`,
      });
  }
  return { fields: read.fields, warnings: read.warnings };
}

export function parseFrontmatter(text: string, options: FrontmatterOptions = {}): Frontmatter {
  const example = options.example ?? "`description: …`";
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
  const header = lines.slice(1, end);
  const read = readHeader(header, options.asWritten ?? []);
  if (!read) {
    return {
      kind: "error",
      line: 2,
      message: "frontmatter must be a mapping of fields such as `name:` and `description:`",
    };
  }
  return {
    kind: "ok",
    fields: read.fields,
    body: lines
      .slice(end + 1)
      .join("\n")
      .replace(/^\s*\n/, ""),
    lineOf(field) {
      const index = header.findIndex((line) => line.startsWith(`${field}:`));
      return index === -1 ? 1 : index + 2;
    },
    warnings: read.warnings,
  };
}
