// Project instructions: which AGENTS.md / CLAUDE.md files apply to a working directory, in order,
// and their `@path` imports expanded depth-first (at most MAX_IMPORT_DEPTH levels, cycles reported
// once, each file included once). Missing files are skipped silently; unreadable ones become
// warnings. Formatting and the size cap live in instructions-section.ts.
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { FileCache } from "./file-cache.js";
import { findImportReferences, looksLikeFilePath } from "./import-references.js";

export const MAX_IMPORT_DEPTH = 5;
const INSTRUCTION_FILE_NAMES = ["AGENTS.md", "CLAUDE.md"] as const;

export type InstructionDocument = {
  path: string;
  text: string;
  /** Set for files pulled in through `@path`: the file that imported it. */
  importedBy?: string;
  /** True when the file was larger than the read limit and only its head is included. */
  cut: boolean;
};

/** Every candidate file, most general first: user level, then the git root (or filesystem root
 *  outside git) down to `cwd`; in each folder AGENTS.md before CLAUDE.md. */
export function instructionFileCandidates(options: {
  cwd: string;
  homeDir: string;
  gitRoot: string | undefined;
  /** Which levels are read (default both): `--setting-sources` without user or project drops them. */
  levels?: { user: boolean; project: boolean };
}): string[] {
  const cwd = resolve(options.cwd);
  const levels = options.levels ?? { user: true, project: true };
  const user = levels.user
    ? [join(options.homeDir, ".agents", "AGENTS.md"), join(options.homeDir, ".claude", "CLAUDE.md")]
    : [];
  if (!levels.project) return user;
  const top = options.gitRoot ? resolve(options.gitRoot) : resolve(sep);
  const folders: string[] = [];
  let folder = cwd;
  for (;;) {
    folders.unshift(folder);
    const parent = dirname(folder);
    if (folder === top || parent === folder) break;
    folder = parent;
  }
  const project = folders.flatMap((directory) => INSTRUCTION_FILE_NAMES.map((name) => join(directory, name)));
  return [...user, ...project];
}

function resolveReference(reference: string, importer: string, homeDir: string): string {
  if (reference === "~") return homeDir;
  if (reference.startsWith("~/")) return join(homeDir, reference.slice(2));
  if (isAbsolute(reference)) return reference;
  return resolve(dirname(importer), reference);
}

function shortPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

/** Loads the candidates that exist and expands their imports. */
export async function loadInstructionDocuments(options: {
  candidates: readonly string[];
  cwd: string;
  homeDir: string;
  cache: FileCache;
}): Promise<{ documents: InstructionDocument[]; warnings: string[] }> {
  const { cache, homeDir, cwd } = options;
  const documents: InstructionDocument[] = [];
  const warnings = new Set<string>();
  const included = new Set<string>();
  const reportedCycles = new Set<string>();

  async function visit(path: string, chain: string[], importedBy?: { file: string; line: number }) {
    const where = importedBy ? ` (imported at ${shortPath(importedBy.file, cwd)}:${importedBy.line})` : "";
    if (chain.includes(path)) {
      const cycle = [...chain.slice(chain.indexOf(path)), path];
      const key = [...cycle.slice(0, -1)].sort().join("\n");
      if (!reportedCycles.has(key)) {
        reportedCycles.add(key);
        warnings.add(
          `Import cycle in project instructions: ${cycle.map((file) => shortPath(file, cwd)).join(" → ")}; ` +
            `each file is included once. Remove one of the @imports to silence this.`,
        );
      }
      return;
    }
    if (included.has(path)) return;
    const file = await cache.read(path);
    if (file.kind === "missing") {
      if (importedBy) {
        warnings.add(
          `Import not found: ${shortPath(path, cwd)}${where}. Fix the path or remove the @import.`,
        );
      }
      return;
    }
    if (file.kind === "error") {
      warnings.add(`Cannot read instruction file ${path}${where}: ${file.message}. Fix it or remove it.`);
      return;
    }
    included.add(path);
    documents.push({ path, text: file.text, importedBy: importedBy?.file, cut: file.cut });
    const depth = chain.length;
    const nextChain = [...chain, path];
    for (const reference of findImportReferences(file.text)) {
      const target = resolveReference(reference.path, path, homeDir);
      // A word that names no readable file (`@param`, `@scope/pkg`, a folder) is prose, not an import.
      const readable = (await cache.read(target)).kind === "ok";
      if (!readable && !looksLikeFilePath(reference.path)) continue;
      if (depth + 1 > MAX_IMPORT_DEPTH && !nextChain.includes(target) && !included.has(target)) {
        warnings.add(
          `Import depth limit (${MAX_IMPORT_DEPTH}) reached: @${reference.path} at ` +
            `${shortPath(path, cwd)}:${reference.line} was not loaded. Import it from a file nearer the top.`,
        );
        continue;
      }
      await visit(target, nextChain, { file: path, line: reference.line });
    }
  }

  for (const candidate of options.candidates) await visit(resolve(candidate), []);
  return { documents, warnings: [...warnings] };
}
