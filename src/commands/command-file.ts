// Parses one custom command file: optional YAML frontmatter (`description`, `argument-hint`,
// `allowed-tools` as a list or a comma-separated string, `model`; other Claude Code fields are kept
// quiet) and the Markdown body. A file without frontmatter is all body. Published commands often write
// `argument-hint: [pr] [priority]`, which is not YAML: such frontmatter is read as plain `key: value`
// lines, and `argument-hint` is always taken as written. Frontmatter that is not even that is an error
// with its line; a field of the wrong type is a warning and ignored.
import { type Frontmatter, parseFrontmatter } from "../util/frontmatter.js";
import { splitRules } from "../util/rule-list.js";

export type ParsedCommandFile =
  | {
      kind: "ok";
      description?: string;
      argumentHint?: string;
      allowedTools: string[];
      model?: string;
      body: string;
      warnings: string[];
    }
  | { kind: "error"; line: number; message: string };

/** `Bash(git add:*), Bash(git status:*)`, `Read Grep` or a YAML list → rules (see rule-list.ts). */
function ruleList(value: unknown): string[] | undefined {
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return value.map((v) => v.trim());
  return typeof value === "string" ? splitRules(value) : undefined;
}

/** `key: value` lines (and `- item` lines under a key): the reading of frontmatter YAML rejects. */
function plainFrontmatter(text: string): Frontmatter {
  const lines = text.split(/\r?\n/);
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---");
  if (end === -1)
    return { kind: "error", line: 1, message: "frontmatter is not closed: add a `---` line after it" };
  const fields: Record<string, unknown> = {};
  const at: Record<string, number> = {};
  let last: string | undefined;
  for (let index = 1; index < end; index++) {
    const line = lines[index]!;
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    const item = /^\s+-\s*(.*)$/.exec(line);
    if (item && last) {
      fields[last] = [...(Array.isArray(fields[last]) ? (fields[last] as string[]) : []), unquote(item[1]!)];
      continue;
    }
    const pair = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!pair)
      return { kind: "error", line: index + 1, message: "invalid frontmatter: expected `key: value`" };
    last = pair[1]!;
    fields[last] = pair[2] === "" ? [] : unquote(pair[2]!);
    at[last] = index + 1;
  }
  return {
    kind: "ok",
    fields,
    body: lines
      .slice(end + 1)
      .join("\n")
      .replace(/^\s*\n/, ""),
    lineOf: (field) => at[field] ?? 1,
  };
}

function unquote(value: string): string {
  const trimmed = value.trim();
  return /^(["']).*\1$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
}

/** The raw text of a top-level `key:` line (YAML would read `[pr] [priority]` as a list, or fail). */
function rawValue(text: string, key: string): string | undefined {
  const match = new RegExp(`^${key}\\s*:\\s*(.+)$`, "m").exec(text.split(/\r?\n---/)[0] ?? "");
  return match ? unquote(match[1]!) : undefined;
}

export function parseCommandFile(text: string): ParsedCommandFile {
  const clean = text.replace(/^\uFEFF/, "");
  if (!/^---\s*\r?\n/.test(clean)) return { kind: "ok", allowedTools: [], body: clean, warnings: [] };
  let parsed = parseFrontmatter(clean);
  if (parsed.kind === "error") {
    const plain = plainFrontmatter(clean);
    if (plain.kind === "error") return parsed;
    parsed = plain;
  }
  const { fields } = parsed;
  const warnings: string[] = [];
  const text_ = (key: string): string | undefined => {
    const value = fields[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string" || typeof value === "number") return String(value).trim();
    warnings.push(`line ${parsed.lineOf(key)}: "${key}" must be text; ignored`);
    return undefined;
  };
  let allowedTools: string[] = [];
  if (fields["allowed-tools"] !== undefined && fields["allowed-tools"] !== null) {
    const rules = ruleList(fields["allowed-tools"]);
    if (rules) allowedTools = rules;
    else
      warnings.push(
        `line ${parsed.lineOf("allowed-tools")}: "allowed-tools" must be a list of rules; ignored`,
      );
  }
  return {
    kind: "ok",
    description: text_("description"),
    argumentHint: rawValue(clean, "argument-hint"),
    allowedTools,
    model: text_("model"),
    body: parsed.body,
    warnings,
  };
}
