// Puts a slash command's arguments into its body the way Claude Code 2.1 does, for custom commands and
// skills alike: named arguments (`arguments: [issue, branch]` in the frontmatter → `$issue`, `$branch`),
// `$ARGUMENTS[N]` and `$N` (0-based: `$0` is the first word; any number of digits; out of range is
// empty), then `$ARGUMENTS` (the whole text as typed). Words are split with shell quoting
// (split-words.ts). A body that uses none of them gets `ARGUMENTS: <text>` appended.
import { splitWords } from "./split-words.js";

/** The frontmatter `arguments` field: a list of names, or one string of names separated by blanks. */
export function argumentNames(value: unknown): string[] {
  const names = Array.isArray(value)
    ? value.map(String)
    : typeof value === "string"
      ? value.split(/[\s,]+/)
      : [];
  return names.map((name) => name.trim()).filter((name) => /^[A-Za-z_][\w-]*$/.test(name));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function substituteArguments(body: string, args: string, names: readonly string[] = []): string {
  const words = splitWords(args).words;
  const word = (index: string) => words[Number(index)] ?? "";
  let text = body;
  for (const [index, name] of names.entries())
    text = text.replace(new RegExp(`\\$${escapeRegExp(name)}(?![\\[\\w])`, "g"), () => words[index] ?? "");
  text = text
    .replace(/\$ARGUMENTS\[(\d+)\]/g, (_, index: string) => word(index))
    .replace(/\$(\d+)(?!\w)/g, (_, index: string) => word(index))
    .replaceAll("$ARGUMENTS", () => args);
  return text === body && args.trim() !== "" ? `${text.trimEnd()}\n\nARGUMENTS: ${args}` : text;
}
