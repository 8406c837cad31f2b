// The Skill record shared by discovery, the Skill tool, `reagent skills list` and the REPL.

export type SkillSource = "project" | "user";

export type Skill = {
  /** From frontmatter `name`, or the folder name. */
  name: string;
  description: string;
  /** Absolute path of the SKILL.md file. */
  path: string;
  /** The skill's folder: relative references inside the skill resolve against it. */
  baseDir: string;
  source: SkillSource;
  /** Every frontmatter field as written (for example `argument-hint`, `allowed-tools`). */
  frontmatter: Record<string, unknown>;
};
