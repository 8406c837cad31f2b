// Finds file output styles: `*.md` in `~/.claude/output-styles` and `~/.agents/output-styles` (user),
// then `.claude/output-styles` and `.agents/output-styles` of the project, plus any folders a caller
// adds (a plugin's `output-styles/`, namespaced `plugin:name`). A file's frontmatter may give `name`
// (default: the file name), `description` and `keep-coding-instructions` (default false); the body
// is the instructions. A later folder's style of the same name wins. Broken files are reported with
// file and line and skipped; discovery never throws.
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { errnoCode, errorMessage, parseFrontmatter } from "../util/index.js";
import type { OutputStyle, OutputStyleSource } from "./output-style.js";

export type OutputStyleFolder = {
  dir: string;
  source: Exclude<OutputStyleSource, "built-in">;
  /** Put before each style's name (`plugin` → `plugin:name`). */
  namespace?: string;
};

type LoadedOutputStyles = { styles: OutputStyle[]; warnings: string[] };

/** The user's and the project's style folders, in the order they are read (later wins). */
export function outputStyleFolders(options: {
  cwd: string;
  homeDir: string;
  levels?: { user: boolean; project: boolean };
}): OutputStyleFolder[] {
  const levels = options.levels ?? { user: true, project: true };
  const at = (root: string, source: "user" | "project"): OutputStyleFolder[] =>
    [".claude", ".agents"].map((folder) => ({ dir: join(root, folder, "output-styles"), source }));
  return [
    ...(levels.user ? at(options.homeDir, "user") : []),
    ...(levels.project ? at(options.cwd, "project") : []),
  ];
}

type Parsed = { kind: "ok"; style: OutputStyle; warnings: string[] } | { kind: "error"; message: string };

async function parseStyleFile(text: string, path: string, folder: OutputStyleFolder): Promise<Parsed> {
  const clean = text.replace(/^\uFEFF/, "");
  const prefix = folder.namespace ? `${folder.namespace}:` : "";
  const fileName = basename(path).replace(/\.md$/i, "");
  const base = { description: "", keepCodingInstructions: false, source: folder.source, path };
  if (!/^---\s*\r?\n/.test(clean))
    return {
      kind: "ok",
      style: { ...base, name: prefix + fileName, instructions: clean.trim() },
      warnings: [],
    };
  const parsed = parseFrontmatter(clean);
  if (parsed.kind === "error") return { kind: "error", message: `${path}:${parsed.line}: ${parsed.message}` };
  const warnings = parsed.warnings.map((warning) => `${path}:${warning.line}: ${warning.message}`);
  const field = (key: string, kind: "string" | "boolean") => {
    const value = parsed.fields[key];
    if (value === undefined || value === null) return undefined;
    if (kind === "boolean" && (value === "true" || value === "false")) return value === "true";
    if (typeof value === kind) return value;
    warnings.push(
      `${path}:${parsed.lineOf(key)}: "${key}" must be ${kind === "string" ? "text" : "true or false"}; ignored`,
    );
    return undefined;
  };
  const name = String(field("name", "string") ?? "").trim() || fileName;
  return {
    kind: "ok",
    style: {
      ...base,
      name: prefix + name,
      description: String(field("description", "string") ?? "").trim(),
      keepCodingInstructions: field("keep-coding-instructions", "boolean") === true,
      instructions: parsed.body.trim(),
    },
    warnings,
  };
}

async function markdownFiles(dir: string, warnings: string[]): Promise<string[]> {
  try {
    return (await readdir(dir))
      .filter((entry) => entry.toLowerCase().endsWith(".md") && !entry.startsWith("."))
      .sort();
  } catch (error) {
    const code = errnoCode(error);
    if (code !== "ENOENT" && code !== "ENOTDIR")
      warnings.push(`Cannot read output styles in ${dir}: ${errorMessage(error)}; skipped.`);
    return [];
  }
}

/** Reads the styles of `folders` in order; for plugins, pass their `output-styles/` folders. */
export async function loadOutputStyleFolders(
  folders: readonly OutputStyleFolder[],
): Promise<LoadedOutputStyles> {
  const styles: OutputStyle[] = [];
  const warnings: string[] = [];
  for (const folder of folders) {
    for (const entry of await markdownFiles(folder.dir, warnings)) {
      const path = join(folder.dir, entry);
      let text: string;
      try {
        text = await readFile(path, "utf8");
      } catch (error) {
        warnings.push(`Cannot read output style ${path}: ${errorMessage(error)}; skipped.`);
        continue;
      }
      const parsed = await parseStyleFile(text, path, folder);
      if (parsed.kind === "error") {
        warnings.push(`Output style skipped: ${parsed.message}.`);
        continue;
      }
      warnings.push(...parsed.warnings.map((warning) => `Output style ${parsed.style.name}: ${warning}.`));
      styles.push(parsed.style);
    }
  }
  return { styles, warnings };
}
