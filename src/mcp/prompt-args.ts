// Argument handling for `/server:prompt args`: shell-like splitting (double and single quotes,
// backslash escapes) and mapping onto the prompt's declared arguments — `key=value` by name, the rest
// positionally in declaration order. Pure functions; errors are returned, not thrown.

import { splitWords } from "../util/index.js";
import type { McpPromptArgument } from "./types.js";

type SplitResult = { ok: true; words: string[] } | { ok: false; message: string };

export function splitShellWords(text: string): SplitResult {
  const split = splitWords(text);
  if (split.unclosed) return { ok: false, message: `unclosed ${split.unclosed} quote in prompt arguments` };
  return { ok: true, words: split.words };
}

type MappedArguments = { ok: true; values: Record<string, string> } | { ok: false; message: string };

export function mapPromptArguments(argsText: string, declared: McpPromptArgument[]): MappedArguments {
  const split = splitShellWords(argsText);
  if (!split.ok) return split;
  const names = new Set(declared.map((argument) => argument.name));
  const values: Record<string, string> = {};
  const positional: string[] = [];
  for (const word of split.words) {
    const match = /^([A-Za-z_][A-Za-z0-9_.-]*)=([\s\S]*)$/.exec(word);
    const [, name, value = ""] = match ?? [];
    if (name !== undefined && names.has(name)) values[name] = value;
    else positional.push(word);
  }
  const open = declared.filter((argument) => !(argument.name in values));
  const usage = declared
    .map((argument) => (argument.required ? argument.name : `[${argument.name}]`))
    .join(" ");
  if (positional.length > open.length) {
    const takes = declared.length === 0 ? "takes no arguments" : `takes: ${usage}`;
    return { ok: false, message: `too many arguments (${positional.length} unnamed, prompt ${takes})` };
  }
  for (const [index, argument] of open.entries()) {
    const value = positional[index];
    if (value !== undefined) values[argument.name] = value;
  }
  const missing = declared.filter((argument) => argument.required && !(argument.name in values));
  if (missing.length > 0) {
    const list = missing.map((argument) => `"${argument.name}"`).join(", ");
    return { ok: false, message: `missing required argument ${list} (usage: ${usage})` };
  }
  return { ok: true, values };
}
