// CLAUDE_ENV_FILE support for SessionStart hooks: the engine creates an empty file, hooks append
// `export NAME=value` lines, and the parsed variables are applied to later Bash calls by the session.

const LINE = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;

function unquote(value: string): string {
  const text = value.trim();
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1);
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(["\\$`])/g, "$1");
  }
  return text;
}

/** Parses `export NAME=value` (or `NAME=value`) lines; blank lines and comments are skipped.
 *  Returns the variables and the lines that could not be understood. */
export function parseEnvFile(text: string): { exports: Record<string, string>; invalid: string[] } {
  const exports: Record<string, string> = {};
  const invalid: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = LINE.exec(line);
    if (match) exports[match[1]!] = unquote(match[2]!);
    else invalid.push(line);
  }
  return { exports, invalid };
}
