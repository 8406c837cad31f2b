// Hook matcher grammar: `*`, empty or absent match everything; text made only of letters, digits,
// `_`, `-`, space, `|` and `,` is an exact name or a list of names; anything else is an unanchored,
// case-sensitive JavaScript regular expression. (Which payload value each event matches:
// event-catalog.ts.) FileChanged's matcher is `|`-separated literal file names, never a regex.
import { basename } from "node:path";
import type { HookEventName } from "./types.js";

const NAME_LIST = /^[A-Za-z0-9_\- |,]+$/;

/** Compiles a matcher; throws a plain Error with the reason when the regular expression is invalid. */
export function compileMatcher(
  matcher: string | undefined,
  event?: HookEventName,
): (value: string) => boolean {
  // FileChanged matchers are literal file names, compared with the changed file's name.
  if (event === "FileChanged") {
    const names = fileNamesOf(matcher ?? "");
    return (path) => names === "all" || names.includes(basename(path));
  }
  const text = (matcher ?? "").trim();
  if (text === "" || text === "*") return () => true;
  if (NAME_LIST.test(text)) {
    const names = new Set(
      text
        .split(/[|,]/)
        .map((name) => name.trim())
        .filter((name) => name !== ""),
    );
    return (value) => names.has(value);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(text);
  } catch (error) {
    throw new Error(`invalid regular expression ${JSON.stringify(text)}: ${(error as Error).message}`);
  }
  return (value) => regex.test(value);
}

/** FileChanged's matcher: `|`-separated literal file names (never a regular expression), compared
 *  with a changed file's name; empty or `*` matches every watched file. */
export function fileNamesOf(matcher: string): string[] | "all" {
  const text = matcher.trim();
  if (text === "" || text === "*") return "all";
  return text
    .split("|")
    .map((name) => name.trim())
    .filter((name) => name !== "");
}
