// Where a marketplace comes from, in the shape Claude Code writes under `extraKnownMarketplaces.<name>
// .source`: `directory` (a local folder), `file` (a local marketplace.json), `github` (`owner/repo`) and
// `git` (any URL or path git can clone), the last two with an optional `ref`. Also the argument of
// `reagent plugin marketplace add`, read as Claude Code reads it.
import { statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { isObject } from "./read-json.js";

export type MarketplaceSource =
  | { source: "directory"; path: string }
  | { source: "file"; path: string }
  | { source: "github"; repo: string; ref?: string }
  | { source: "git"; url: string; ref?: string };

/** The source object of a settings entry, or a problem saying what is wrong with it. */
export function readMarketplaceSource(value: unknown): MarketplaceSource | string {
  const source = isObject(value) && isObject(value.source) ? value.source : value;
  if (!isObject(source) || typeof source.source !== "string")
    return 'expected {"source": {"source": "directory", "path": "…"}} (or github, git, file)';
  const ref = typeof source.ref === "string" ? { ref: source.ref } : {};
  switch (source.source) {
    case "directory":
    case "file":
      return typeof source.path === "string"
        ? { source: source.source, path: source.path }
        : `"${source.source}" needs a "path"`;
    case "github":
      return typeof source.repo === "string" && /^[\w.-]+\/[\w.-]+$/.test(source.repo)
        ? { source: "github", repo: source.repo, ...ref }
        : '"github" needs "repo": "owner/name"';
    case "git":
      return typeof source.url === "string"
        ? { source: "git", url: source.url, ...ref }
        : '"git" needs a "url"';
    default:
      return `source "${source.source}" is not supported by reagent (use directory, file, github or git)`;
  }
}

/** The URL git clones for a remote source (undefined for local ones). */
export function cloneUrl(source: MarketplaceSource): string | undefined {
  if (source.source === "github") return `https://github.com/${source.repo}.git`;
  if (source.source === "git") return source.url;
  return undefined;
}

/** `reagent plugin marketplace add <source>`: a local folder or marketplace.json, `owner/repo`, or a
 *  git URL (`https://…`, `git@…`, `file://…`, `….git`), with `#ref` for a branch or tag. */
export function parseSourceArgument(text: string, cwd: string): MarketplaceSource | string {
  const local = resolve(cwd, text);
  const info = statSync(local, { throwIfNoEntry: false });
  // A local bare repository (`market.git`, holding HEAD and no marketplace.json) is cloned like a remote.
  const bare = info?.isDirectory() && statSync(join(local, "HEAD"), { throwIfNoEntry: false })?.isFile();
  if (info?.isDirectory() && !bare) return { source: "directory", path: local };
  if (bare) return { source: "git", url: local };
  if (info?.isFile()) return { source: "file", path: local };
  const [base = "", ref] = text.split("#", 2);
  const refPart = ref ? { ref } : {};
  if (/^[\w.-]+\/[\w.-]+$/.test(base) && !base.endsWith(".git") && !isAbsolute(base))
    return { source: "github", repo: base, ...refPart };
  if (/^(https?|ssh|git|file):\/\//.test(base) || /^[\w.-]+@[\w.-]+:/.test(base) || base.endsWith(".git"))
    return { source: "git", url: base, ...refPart };
  return `${text}: not a folder, a marketplace.json, owner/repo or a git URL`;
}

/** One line naming a source (`reagent plugin marketplace list`, trust items). */
export function describeSource(source: MarketplaceSource): string {
  const ref = "ref" in source && source.ref ? `#${source.ref}` : "";
  if (source.source === "github") return `github ${source.repo}${ref}`;
  if (source.source === "git") return `git ${source.url}${ref}`;
  return `${source.source} ${source.path}`;
}
