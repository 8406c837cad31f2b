// Where the shell is while the Bash analysis walks a line: its real folder and its logical $PWD (the
// same folder by the path `cd` took), or null once the walk cannot know it. Owns how `cd` moves it;
// the walk itself (bash-analysis.ts) decides when it moves.
import { statSync } from "node:fs";
import { isAbsolute, resolve as resolveText } from "node:path";
import { resolveReal } from "../util/index.js";

export type Scope = { physical: string; logical: string } | null;

/** Where `cd target` leads: logically (bash's default, `..` as text) or physically (`cd -P`). */
export function folderScope(target: string, scope: Scope, physical: boolean): Scope {
  if (scope === null && !isAbsolute(target)) return null;
  if (!physical) {
    const logical = resolveText(scope?.logical ?? "/", target);
    const real = resolveReal(logical);
    if (real.exists && isFolder(real.path)) return { physical: real.path, logical };
  }
  const real = resolveReal(isAbsolute(target) ? target : `${scope?.physical}/${target}`);
  return real.exists && isFolder(real.path) ? { physical: real.path, logical: real.path } : null;
}

export function sameScope(a: Scope, b: Scope): boolean {
  if (a === null || b === null) return a === b;
  return a.physical === b.physical && a.logical === b.logical;
}

export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
