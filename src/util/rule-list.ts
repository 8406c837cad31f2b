// Splits a written list of permission rules (`--allowedTools`, a command file's `allowed-tools`) into
// rules: commas and whitespace separate outside parentheses, so `Read Grep`, `Read, Grep` and
// `Bash(git commit *),Read` all read as the user meant. Pure.

export function splitRules(text: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "(") depth++;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === "," || /\s/.test(char))) {
      if (current) rules.push(current);
      current = "";
    } else current += char;
  }
  if (current) rules.push(current);
  return rules;
}
