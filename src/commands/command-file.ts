// Parses one custom command file: optional YAML frontmatter (`description`, `argument-hint`, `arguments`,
// `allowed-tools` as a list or a comma-separated string, `model`; other Claude Code fields are kept
// quiet) and the Markdown body. A file without frontmatter is all body. `argument-hint` is always taken
// as written (`[pr] [priority]`, as Claude Code's documentation writes it, is not YAML); frontmatter YAML
// refuses is read line by line with a warning (util/frontmatter.ts); a field of the wrong type is a
// warning and ignored.
import { argumentNames, parseFrontmatter, splitRules } from "../util/index.js";

export type ParsedCommandFile =
  | {
      kind: "ok";
      description?: string;
      argumentHint?: string;
      argumentNames: string[];
      allowedTools: string[];
      model?: string;
      /** Carries a skill's own fields (`disable-model-invocation`, `user-invocable`). */
      skillFields: boolean;
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

export function parseCommandFile(text: string): ParsedCommandFile {
  const clean = text.replace(/^\uFEFF/, "");
  if (!/^---\s*\r?\n/.test(clean))
    return { kind: "ok", allowedTools: [], argumentNames: [], skillFields: false, body: clean, warnings: [] };
  const parsed = parseFrontmatter(clean, { asWritten: ["argument-hint"] });
  if (parsed.kind === "error") return parsed;
  const { fields } = parsed;
  const warnings = parsed.warnings.map((warning) => `line ${warning.line}: ${warning.message}`);
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
    argumentHint: text_("argument-hint") || undefined,
    argumentNames: argumentNames(fields.arguments),
    allowedTools,
    model: text_("model"),
    skillFields: fields["disable-model-invocation"] !== undefined || fields["user-invocable"] !== undefined,
    body: parsed.body,
    warnings,
  };
}
