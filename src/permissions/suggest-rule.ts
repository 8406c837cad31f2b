// The rules a permission prompt offers and the one-line summary shown in prompts: for "this session"
// the broad one (Bash → the command's prefix `Bash(npm run test:*)`, edits → every edit in the project
// `Edit(./**)` or in the outside folder, reads → the folder), for "always" the narrowest sensible one
// (an edit → the file, `Edit(src/app.ts)`; Bash → the same prefix); WebFetch → its host
// (`WebFetch(domain:docs.rs)`), MCP and others → the tool name, for both.
import { dirname, relative, sep } from "node:path";
import type { AnalysedCommand } from "../shell/index.js";
import { present, showUnusualCharacters } from "../util/index.js";
import type { CallFacts } from "./match-rule.js";
import { isInside } from "./path-pattern.js";
import { EDIT_TOOLS, READ_TOOLS } from "./rule.js";

const SCRIPT_RUNNERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const SUBCOMMAND = /^[a-z][a-z0-9_-]*$/;

function suggestBashRule(command: AnalysedCommand): string {
  const [head, first, second] = command.words.map((word) => word.value ?? "");
  const name = present(head, "an analysed command has at least one word");
  if (SCRIPT_RUNNERS.has(name) && first === "run" && second) {
    const [script] = second.split(":");
    if (script !== undefined && SUBCOMMAND.test(script)) return `Bash(${name} run ${script}:*)`;
  }
  if (first && SUBCOMMAND.test(first)) return `Bash(${name} ${first} *)`;
  return `Bash(${name} *)`;
}

/** The rules a prompt offers for a call: `session` ("don't ask again this session", kept in memory) is
 *  the broad one — every edit in the project (or in the outside folder), a read folder, the command
 *  prefix; `always` (saved to the settings file) is the narrowest sensible one — the file itself for
 *  an edit, never `./**` for one file; the command prefix for Bash. `pending` names the Bash simple
 *  commands not yet allowed (the first one wins). */
type OfferedRules = { session: string; always: string };

export function suggestRules(
  call: CallFacts,
  projectRoot: string,
  pending: AnalysedCommand[] = [],
): OfferedRules {
  if (call.toolName === "Bash") {
    const known = (part: AnalysedCommand) => part.words[0]?.value !== null && !part.transparent;
    const command =
      pending.find(known) ?? (call.bash?.kind === "analysed" ? call.bash.commands.find(known) : undefined);
    const rule = command ? suggestBashRule(command) : "Bash";
    return { session: rule, always: rule };
  }
  if (call.toolName === "WebFetch" && typeof call.input.url === "string") {
    const host = webHost(call.input.url);
    if (host) return same(`WebFetch(domain:${host})`);
  }
  const path = call.paths[0];
  if (path && EDIT_TOOLS.has(call.toolName)) {
    const inside = isInside(projectRoot, path);
    return {
      session: inside ? "Edit(./**)" : `Edit(/${dirname(path)}/**)`,
      always: `Edit(${inside ? projectPattern(projectRoot, path) : `/${escapeGlob(path)}`})`,
    };
  }
  if (path && READ_TOOLS.has(call.toolName)) {
    const folder = call.toolName === "Glob" || call.toolName === "Grep" ? path : dirname(path);
    if (!isInside(projectRoot, folder)) return same(`Read(/${folder}/**)`);
    const rel = relative(projectRoot, folder).split(sep).join("/");
    return same(rel === "" ? "Read(./**)" : `Read(${rel}/**)`);
  }
  return same(call.toolName);
}

/** The broad rule (what `--allowedTools` would need, e.g. in a headless refusal's hint). */
export function suggestRule(call: CallFacts, projectRoot: string, pending: AnalysedCommand[] = []): string {
  return suggestRules(call, projectRoot, pending).session;
}

const same = (rule: string): OfferedRules => ({ session: rule, always: rule });

/** One file of the project as a path pattern that matches it alone: anchored (`./name` for a file at
 *  the root, which would otherwise match at any depth) and with glob characters escaped. */
function projectPattern(projectRoot: string, path: string): string {
  const rel = escapeGlob(relative(projectRoot, path).split(sep).join("/"));
  return rel.includes("/") ? rel : `./${rel}`;
}

function escapeGlob(path: string): string {
  return path.replace(/[*?[\]{}()!\\]/g, (char) => `\\${char}`);
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
