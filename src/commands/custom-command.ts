// The custom slash command record: a Markdown file in `.claude/commands` or `.agents/commands`
// (project or user; sub-folders are namespaces) whose body becomes the prompt. Shared by discovery,
// expansion, `/help`, the `/` menu and headless `-p "/name args"`.

export type CommandSource = "project" | "user";

export type CustomCommand = {
  /** `name`, or `folder:name` for a file in a sub-folder (`frontend/component.md` → `frontend:component`). */
  name: string;
  /** Frontmatter `description`, else the first line of the body. */
  description: string;
  /** Frontmatter `argument-hint`, e.g. `[pr-number] [priority]`. */
  argumentHint?: string;
  /** Frontmatter `allowed-tools`: permission rules allowed while the command runs. */
  allowedTools: string[];
  /** Frontmatter `arguments`: names for the words of the arguments (`$issue` for the first …). */
  argumentNames?: string[];
  /** Frontmatter `model`: the model for the command's turn. */
  model?: string;
  body: string;
  /** Absolute path of the file. */
  path: string;
  source: CommandSource;
  /** The plugin that brings the command (its name is then `plugin:name`). */
  plugin?: string;
};
