// Protected paths: reagent's and Claude Code's configuration (settings, hooks, skills, commands,
// agents, MCP servers), git's own folder and hooks, and the shell and tool startup files that run
// code later. Writing any of them always needs an explicit prompt (except in bypassPermissions):
// not acceptEdits, not an allow rule, not ALLOW_WRITE, and never silently through Bash.
import { lstatSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, sep } from "node:path";
import { firstPart } from "./first-part.js";
import { isInside } from "./path-resolution.js";

/** Folders whose contents configure an agent, git or an editor (at any depth). */
const PROTECTED_FOLDERS = new Set([
  ".agents",
  ".claude",
  ".git",
  ".husky",
  ".vscode",
  ".idea",
  // Other agents' and editors' configuration (MCP servers, hooks, tasks that run programs).
  ".cursor",
  ".gemini",
  ".codex",
  ".zed",
]);

/** Startup files that only the home folder's copy of runs anything (shells, git and agents read
 *  them from ~, never from a project). */
const HOME_ONLY_FILES = new Set([
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".profile",
  ".gitconfig",
  ".claude.json",
  ".ripgreprc",
]);

/** Git hook managers' configuration (it names the programs the next commit runs). */
const HOOK_MANAGER_FILES = [".pre-commit-config.yaml", "lefthook.yml", ".lefthook.yml", "lefthook-local.yml"];

/** Files that configure tools or shells (at any depth). */
const PROTECTED_FILES = new Set([
  ...HOME_ONLY_FILES,
  ".mcp.json",
  ".gitmodules",
  ".envrc",
  ...HOOK_MANAGER_FILES,
]);

/**
 * Why writing `path` (real, absolute) needs an explicit prompt, or null. A recursive write to a
 * folder is protected when the folder holds a protected entry or holds a workspace root.
 */
export function protectedWrite(
  path: string,
  recursive: boolean,
  workspaceRoots: readonly string[],
  /** Everything else the same call writes (a command line's other writes count as made). */
  alsoWritten: readonly string[] = [],
): string | null {
  // Names compare without case: on a case-insensitive file system (macOS, Windows) `.Claude/` is
  // `.claude/`, and the gate cannot know which kind of file system it is on.
  const parts = path.split(sep).map((part) => part.toLowerCase());
  const folder = parts.find((part) => PROTECTED_FOLDERS.has(part));
  if (folder !== undefined) return `${path} is inside ${folder}/, which configures ${describe(folder)}`;
  const name = basename(path).toLowerCase();
  if (PROTECTED_FILES.has(name)) return `${path} is ${name}, which configures ${describe(name)}`;
  const repository = repositoryFolderOf(path, alsoWritten);
  if (repository !== null)
    return `${path} is inside ${repository}, which git takes for a repository (HEAD, objects/, refs/) like .git/, whose config and hooks run programs`;
  // A file with other hard links is also those other names (`cp -l .claude/settings.json x` made
  // earlier), which cannot be found from here: writing it could change protected configuration.
  const links = hardLinks(path);
  if (links > 1) return `${path} has ${links} hard links, and the gate cannot know where the others are`;
  if (!recursive) return null;
  const root = workspaceRoots.find((candidate) => isInside(path, candidate));
  if (root !== undefined) return `${path} holds the workspace ${root} (with its configuration)`;
  let entries: string[];
  try {
    entries = readdirSync(path);
  } catch {
    return null;
  }
  const inside = entries
    .map((entry) => entry.toLowerCase())
    .find((entry) => PROTECTED_FOLDERS.has(entry) || PROTECTED_FILES.has(entry));
  return inside === undefined ? null : `${path} holds ${inside}, which configures ${describe(inside)}`;
}

/** What makes a folder a git repository to git's discovery (`git status` inside it uses its config). */
const REPOSITORY_PARTS = [
  { name: "head", folder: false },
  { name: "objects", folder: true },
  { name: "refs", folder: true },
] as const;

/**
 * The folder above `path` (or `path` itself) that git would take for a repository once `path` is
 * written: it holds HEAD, objects/ and refs/, counting the one this write creates. Writing into such a
 * folder is writing a `.git/` folder under another name (its config can set `core.fsmonitor`).
 */
export function repositoryFolderOf(path: string, alsoWritten: readonly string[] = []): string | null {
  const writes = [path, ...alsoWritten];
  for (let folder = path; ; folder = dirname(folder)) {
    const within = folder === sep ? sep : folder + sep;
    // What the writes create or change just below `folder`.
    const below = new Set(
      writes
        .filter((written) => written.startsWith(within))
        .map((written) => firstPart(written.slice(within.length), sep).toLowerCase()),
    );
    const complete = REPOSITORY_PARTS.every(
      (part) =>
        below.has(part.name) || entryIs(join(folder, part.name === "head" ? "HEAD" : part.name), part.folder),
    );
    if (complete) return folder;
    const parent = dirname(folder);
    if (parent === folder) return null;
  }
}

function entryIs(path: string, folder: boolean): boolean {
  try {
    const stat = statSync(path);
    return folder ? stat.isDirectory() : stat.isFile();
  } catch {
    return false;
  }
}

const literal = (name: string) => name.replace(/[.]/g, "\\.");
/** A protected name standing as a path component inside any text (a word, a program's argument). */
const MENTION = new RegExp(
  `(?:^|[\\s/'"=:(,<>])(${[...PROTECTED_FOLDERS, ...PROTECTED_FILES].map(literal).join("|")})(?=$|[\\s/'"),;])`,
  "i",
);

/**
 * The protected name a text mentions as a path component (`.claude/settings.json`, `x/.git/hooks`,
 * `open(".mcp.json")`), or null. Used for programs the gate does not model: naming a protected path
 * is reason enough to ask, since what the program does with it cannot be seen.
 */
export function protectedMention(text: string): string | null {
  return MENTION.exec(text)?.[1] ?? null;
}

/** The link count of a regular file (0 when it is missing or not a regular file). */
function hardLinks(path: string): number {
  try {
    const stat = lstatSync(path);
    return stat.isFile() ? stat.nlink : 0;
  } catch {
    return 0;
  }
}

function describe(name: string): string {
  if (name === ".agents" || name === ".claude" || name === ".mcp.json" || name === ".claude.json") {
    return "the agent (settings, hooks, skills, MCP servers)";
  }
  if (
    name.startsWith(".git") ||
    name === ".husky" ||
    name.includes("lefthook") ||
    name.startsWith(".pre-commit")
  ) {
    return "git (hooks and configuration run programs)";
  }
  if (name === ".vscode" || name === ".idea" || name === ".zed") return "the editor (tasks run programs)";
  if (name === ".cursor" || name === ".gemini" || name === ".codex")
    return "another agent (MCP servers, hooks)";
  return "a shell or tool that runs it";
}

/** Further places of a home folder whose contents run later or grant access. */
const HOME_STARTUP_PLACES = [".ssh", ".config/git", ".config/autostart", ".config/systemd", ".config/fish"];

/** Run only through git's hooks (`.git/hooks`, `core.hooksPath`), which stay protected: a new one is
 *  inert, so only an existing one is kept read-only. direnv runs no `.envrc` it was not allowed. */
const INERT_WHEN_NEW = new Set([".husky", ".gitmodules", ".envrc", ...HOOK_MANAGER_FILES]);

/** A protected entry of a writable folder; `missing: "block"` puts a placeholder where it is missing. */
export type SandboxProtectedEntry = { path: string; missing: "block" | "allow" };

type SandboxProtectedEntries = {
  /** At the top of every folder a sandboxed command may write. */
  everyRoot: SandboxProtectedEntry[];
  /** At the home folder, when a writable folder holds it. */
  home: SandboxProtectedEntry[];
};

/**
 * The entries an OS sandbox keeps read-only (the lists above, as relative paths): `.git` itself
 * stays writable so commits work, but its hooks and its config, which name programs git runs
 * later, do not. Shell startup files matter only in the home folder.
 */
export function sandboxProtectedEntries(): SandboxProtectedEntries {
  const entry = (path: string): SandboxProtectedEntry => ({
    path,
    missing: INERT_WHEN_NEW.has(path) ? "allow" : "block",
  });
  const folders = [...PROTECTED_FOLDERS].filter((folder) => folder !== ".git");
  const projectFiles = [...PROTECTED_FILES].filter((file) => !HOME_ONLY_FILES.has(file));
  return {
    everyRoot: [".git/hooks", ".git/config", ...folders, ...projectFiles].map(entry),
    home: [...HOME_ONLY_FILES, ...HOME_STARTUP_PLACES].map(entry),
  };
}
