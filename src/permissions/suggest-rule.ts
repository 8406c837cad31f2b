// The rule offered for "yes, and don't ask again" and the one-line summary shown in prompts:
// Bash → the command's prefix (`Bash(npm run test:*)`, `Bash(git commit *)`), file tools → the
// folder (`Edit(src/**)`, `Read(//abs/dir/**)` outside the project), WebFetch → its host
// (`WebFetch(domain:docs.rs)`), MCP and others → the tool name.
import { dirname, relative, sep } from "node:path";
import type { AnalysedCommand } from "../shell/bash-analysis.js";
import { showUnusualCharacters } from "../util/unusual-characters.js";
import type { CallFacts } from "./match-rule.js";
import { isInside } from "./path-pattern.js";
import { EDIT_TOOLS, READ_TOOLS } from "./rule.js";

const SCRIPT_RUNNERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const SUBCOMMAND = /^[a-z][a-z0-9_-]*$/;

export function suggestBashRule(command: AnalysedCommand): string {
  const [name, first, second] = command.words.map((word) => word.value ?? "");
  if (SCRIPT_RUNNERS.has(name) && first === "run" && second) {
    const script = second.split(":")[0];
    if (SUBCOMMAND.test(script)) return `Bash(${name} run ${script}:*)`;
  }
  if (first && SUBCOMMAND.test(first)) return `Bash(${name} ${first} *)`;
  return `Bash(${name} *)`;
}

/** Suggests a rule for a call; `pending` names the Bash simple commands not yet allowed (first one wins). */
export function suggestRule(call: CallFacts, projectRoot: string, pending: AnalysedCommand[] = []): string {
  if (call.toolName === "Bash") {
    const known = (part: AnalysedCommand) => part.words[0]?.value !== null && !part.transparent;
    const command =
      pending.find(known) ?? (call.bash?.kind === "analysed" ? call.bash.commands.find(known) : undefined);
    return command ? suggestBashRule(command) : "Bash";
  }
  if (call.toolName === "WebFetch" && typeof call.input.url === "string") {
    const host = webHost(call.input.url);
    if (host) return `WebFetch(domain:${host})`;
  }
  const family = EDIT_TOOLS.has(call.toolName) ? "Edit" : READ_TOOLS.has(call.toolName) ? "Read" : null;
  const path = call.paths[0];
  if (family && path) {
    const folder = call.toolName === "Glob" || call.toolName === "Grep" ? path : dirname(path);
    if (!isInside(projectRoot, folder)) return `${family}(/${folder}/**)`;
    const rel = relative(projectRoot, folder).split(sep).join("/");
    return rel === "" ? `${family}(./**)` : `${family}(${rel}/**)`;
  }
  return call.toolName;
}

function webHost(url: string): string | undefined {
  try {
    return new URL(url.trim()).hostname.toLowerCase().replace(/\.+$/, "") || undefined;
  } catch {
    return undefined;
  }
}

export function summarizeCall(call: CallFacts): string {
  const { input } = call;
  const key =
    typeof input.command === "string"
      ? input.command
      : typeof input.file_path === "string"
        ? input.file_path
        : typeof input.url === "string"
          ? input.url
          : typeof input.pattern === "string"
            ? input.pattern
            : typeof input.path === "string"
              ? input.path
              : JSON.stringify(input);
  const line = showUnusualCharacters(key.replace(/\s*\n\s*/g, " ⏎ "));
  return `${call.toolName}: ${line.length > 200 ? `${line.slice(0, 199)}…` : line}`;
}
