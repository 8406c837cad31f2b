// Permission rule syntax (Claude Code compatible): `Tool`, `Tool(specifier)`, `mcp__server`,
// `mcp__server__tool`. Parses a rule's text into a typed Rule, or explains what is wrong with it.
// Tool families: Read rules cover the read tools (Read, Glob, Grep, LS, NotebookRead); Edit rules
// cover every file-editing tool (Edit, Write, MultiEdit, NotebookEdit).

import { type BashPattern, parseBashPattern } from "../shell/index.js";
import { UsageError } from "../util/index.js";

/** Where a path rule's pattern is rooted: `//x` absolute, `~/x` home, `/x` project root, `x` working directory. */
type PathAnchor = "absolute" | "home" | "project" | "cwd";

export type Rule =
  | { kind: "tool"; text: string; tool: string }
  | { kind: "bash"; text: string; tool: "Bash"; pattern: BashPattern }
  | { kind: "path"; text: string; tool: string; anchor: PathAnchor; pattern: string }
  | { kind: "mcp"; text: string; server: string; tool: string | null }
  | { kind: "domain"; text: string; tool: string; domain: string }
  | { kind: "opaque"; text: string; tool: string; specifier: string; pattern: BashPattern };

export const READ_TOOLS = new Set(["Read", "Glob", "Grep", "LS", "NotebookRead"]);
export const EDIT_TOOLS = new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);
const PATH_RULE_TOOLS = new Set([...READ_TOOLS, ...EDIT_TOOLS]);
const KNOWN_TOOLS = [
  ...PATH_RULE_TOOLS,
  "Bash",
  "WebFetch",
  "WebSearch",
  "Task",
  "Agent",
  "Skill",
  "TodoWrite",
];

/** Whether a rule naming `ruleTool` covers calls of `toolName` (Edit and Read name whole families). */
export function ruleToolCovers(ruleTool: string, toolName: string): boolean {
  if (ruleTool === toolName) return true;
  // Claude Code's Agent tool was called Task: rules written with either name apply to it.
  if (ruleTool === "Task") return toolName === "Agent";
  if (ruleTool === "Edit") return EDIT_TOOLS.has(toolName);
  if (ruleTool === "Read") return READ_TOOLS.has(toolName);
  return false;
}

type ParseResult = { ok: true; rule: Rule } | { ok: false; error: string };

function parse(input: string): ParseResult {
  const text = input.trim();
  if (text === "") return { ok: false, error: "the rule is empty" };
  const open = text.indexOf("(");
  const name = open < 0 ? text : text.slice(0, open);
  if (open >= 0 && !text.endsWith(")")) {
    return { ok: false, error: "missing closing parenthesis (or text after it)" };
  }
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name) && !/^mcp__[A-Za-z0-9_-]+__\*$/.test(name)) {
    return {
      ok: false,
      error: `"${name}" is not a tool name; write Tool or Tool(specifier), e.g. Bash(npm test) or Read(./src/**)`,
    };
  }
  const known = KNOWN_TOOLS.find((tool) => tool.toLowerCase() === name.toLowerCase());
  if (known && known !== name)
    return { ok: false, error: `tool names are case-sensitive: did you mean ${known}?` };
  if (name.startsWith("mcp__")) return parseMcp(text, name, open >= 0);
  if (open < 0) return { ok: true, rule: { kind: "tool", text, tool: name } };
  const specifier = text.slice(open + 1, -1);
  if (specifier.trim() === "") {
    return { ok: false, error: `the specifier inside ${name}( ) is empty; write ${name} to match every use` };
  }
  if (specifier.trim() === "*" && name !== "Bash")
    return { ok: true, rule: { kind: "tool", text, tool: name } };
  if (name === "Bash") {
    const pattern = parseBashPattern(specifier);
    if (typeof pattern === "string") return { ok: false, error: pattern };
    return { ok: true, rule: { kind: "bash", text, tool: "Bash", pattern } };
  }
  if (PATH_RULE_TOOLS.has(name)) return parsePath(text, name, specifier.trim());
  if (name === "WebFetch" && specifier.startsWith("domain:")) {
    // `domain:example.com` is that host only; `domain:*.example.com` its subdomains; `domain:*` any host.
    const domain = specifier.slice("domain:".length).trim().toLowerCase().replace(/\.$/, "");
    if (
      domain !== "*" &&
      !/^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+$/.test(domain) &&
      !/^\[[0-9a-f:.]+\]$/.test(domain)
    ) {
      return {
        ok: false,
        error: `"${domain}" is not a domain name, e.g. WebFetch(domain:example.com) or WebFetch(domain:*.example.com)`,
      };
    }
    return { ok: true, rule: { kind: "domain", text, tool: name, domain } };
  }
  const pattern = parseBashPattern(specifier);
  if (typeof pattern === "string") return { ok: false, error: pattern };
  return { ok: true, rule: { kind: "opaque", text, tool: name, specifier, pattern } };
}

function parseMcp(text: string, name: string, hasSpecifier: boolean): ParseResult {
  if (hasSpecifier) {
    return { ok: false, error: "MCP rules take no parentheses: write mcp__server or mcp__server__tool" };
  }
  const rest = name.slice("mcp__".length);
  const separator = rest.indexOf("__");
  const server = separator < 0 ? rest : rest.slice(0, separator);
  const tool = separator < 0 ? "" : rest.slice(separator + 2);
  if (server === "") return { ok: false, error: "the MCP server name is missing: write mcp__server" };
  return { ok: true, rule: { kind: "mcp", text, server, tool: tool === "" || tool === "*" ? null : tool } };
}

function parsePath(text: string, tool: string, specifier: string): ParseResult {
  if (specifier.startsWith("~") && specifier !== "~" && !specifier.startsWith("~/")) {
    return { ok: false, error: "only ~/ (your home directory) is supported, not ~user" };
  }
  if (specifier.includes("\0")) return { ok: false, error: "the path contains a NUL character" };
  const anchor: PathAnchor = specifier.startsWith("//")
    ? "absolute"
    : specifier.startsWith("~")
      ? "home"
      : specifier.startsWith("/")
        ? "project"
        : "cwd";
  return { ok: true, rule: { kind: "path", text, tool, anchor, pattern: specifier } };
}

/** The error text for an invalid rule, or null when it is valid. */
export function validateRule(text: string): string | null {
  const result = parse(text);
  return result.ok ? null : result.error;
}

/** Parses a rule; throws a UsageError saying what is wrong when it is invalid. */
export function parseRule(text: string): Rule {
  const result = parse(text);
  if (!result.ok) throw new UsageError(`Invalid permission rule "${text}": ${result.error}.`);
  return result.rule;
}

/** A rule that matches every use of `toolName`: such deny rules hide the tool from the model. */
export function coversWholeTool(rule: Rule, toolName: string): boolean {
  if (rule.kind === "tool") return ruleToolCovers(rule.tool, toolName);
  if (rule.kind === "bash") return toolName === "Bash" && rule.pattern.kind === "any";
  if (rule.kind === "mcp") {
    const prefix = `mcp__${rule.server}__`;
    return toolName.startsWith(prefix) && (rule.tool === null || toolName === prefix + rule.tool);
  }
  return false;
}
