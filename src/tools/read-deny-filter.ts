// Search tools and Read deny rules: Grep and Glob never look into, list or count a file a `Read(…)`
// deny rule hides, so no answer of theirs depends on it — its name, its existence or its contents.
// The rule check itself is the gate's (passed in through the tool context); this file only applies it.
import type { HiddenFiles } from "./grep-query.js";
import type { ToolContext } from "./tool.js";

/** An array, or any list that can be walked and knows its length (ripgrep's listing). */
type Sized<T> = Iterable<T> & { readonly length: number };

/** Drops the items a Read deny rule hides (silently: a count would tell that such a file matched).
 *  `below`: a folder all the items lie in (not through a link); when no deny rule can hide a file
 *  there, the items are not looked at one by one (a listing of 20k files: ~2 ms and 20k paths). */
export function withoutDenied<T, Items extends Sized<T>>(
  items: Items & Sized<T>,
  pathOf: (item: T) => string,
  context: ToolContext,
  below?: string,
): Items | T[] {
  const denied = context.readDeniedBy;
  if (!denied || items.length === 0) return items;
  if (below !== undefined && context.readDenyBelow?.(below) === false) return items;
  const kept: T[] = [];
  for (const item of items) if (denied(pathOf(item)) === undefined) kept.push(item);
  return kept;
}

/** The hidden files below `root` as a search backend takes them (undefined: no Read deny rules apply). */
export function hiddenFilesBelow(root: string, context: ToolContext): HiddenFiles | undefined {
  const denied = context.readDeniedBy;
  if (!denied) return undefined;
  return {
    file: (absolutePath) => denied(absolutePath) !== undefined,
    mayBeBelow: context.readDenyBelow?.(root) ?? true,
  };
}
