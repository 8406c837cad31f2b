// The built-in coding tools (Read, Write, Edit, Glob, Grep, Bash) as one list for the registry.
// Glob's and Grep's ripgrep is found lazily on first use: the binary of @vscode/ripgrep when it is
// present (the import is deferred to keep start-up fast), else both use their pure-JS fallbacks.
import { promises as fs } from "node:fs";
import type { BackgroundShells } from "./background-shells.js";
import { createBashTool } from "./bash.js";
import { editTool } from "./edit.js";
import { createGlobTool } from "./glob.js";
import { createGrepTool } from "./grep.js";
import { createJavascriptGrepBackend } from "./grep-js.js";
import type { GrepBackend } from "./grep-query.js";
import { createRipgrepBackend } from "./grep-ripgrep.js";
import { readTool } from "./read.js";
import type { Tool } from "./tool.js";
import { writeTool } from "./write.js";

export type BuiltinToolOptions = {
  /** Path of the rg binary; null forces the pure-JS Grep; undefined resolves @vscode/ripgrep lazily. */
  ripgrepPath?: string | null;
  /** Shell for Bash (default: bash, or /bin/sh when bash is missing). */
  shellPath?: string;
  /** The sandbox is on and may be left: Bash offers `dangerouslyDisableSandbox`. */
  unsandboxedOption?: boolean;
  /** Where Bash's `run_in_background` commands run (absent: refused). */
  background?: BackgroundShells;
};

async function executable(file: string): Promise<boolean> {
  return fs.access(file, fs.constants.X_OK).then(
    () => true,
    () => false,
  );
}

async function resolveRipgrep(): Promise<string | undefined> {
  try {
    const module = (await import("@vscode/ripgrep")) as { rgPath: string };
    return module.rgPath;
  } catch {
    return undefined;
  }
}

/** Finds the rg binary once, on first use (undefined: none that runs). */
function ripgrepResolver(ripgrepPath: string | null | undefined): () => Promise<string | undefined> {
  let found: Promise<string | undefined> | undefined;
  return () => {
    found ??= (async () => {
      const rg = ripgrepPath === null ? undefined : (ripgrepPath ?? (await resolveRipgrep()));
      return rg && (await executable(rg)) ? rg : undefined;
    })();
    return found;
  };
}

/** Picks the Grep backend once, on first use. */
function grepBackendResolver(ripgrep: () => Promise<string | undefined>): () => Promise<GrepBackend> {
  let backend: Promise<GrepBackend> | undefined;
  return () => {
    backend ??= ripgrep().then((rg) => (rg ? createRipgrepBackend(rg) : createJavascriptGrepBackend()));
    return backend;
  };
}

export function createBuiltinTools(options: BuiltinToolOptions = {}): Tool[] {
  const ripgrep = ripgrepResolver(options.ripgrepPath);
  return [
    readTool,
    writeTool,
    editTool,
    createGlobTool({ ripgrep }),
    createGrepTool({ backend: grepBackendResolver(ripgrep) }),
    createBashTool({
      shellPath: options.shellPath,
      unsandboxedOption: options.unsandboxedOption,
      background: options.background,
    }),
  ];
}
