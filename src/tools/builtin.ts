// The built-in coding tools (Read, Write, Edit, Glob, Grep, Bash) as one list for the registry.
// Grep's backend is chosen lazily on first use: ripgrep from @vscode/ripgrep when its binary is
// present (the import is deferred to keep start-up fast), else the pure-JS fallback.
import { promises as fs } from "node:fs";
import { createBashTool } from "./bash.js";
import { editTool } from "./edit.js";
import { globTool } from "./glob.js";
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

/** Picks the Grep backend once, on first use. */
export function grepBackendResolver(ripgrepPath: string | null | undefined): () => Promise<GrepBackend> {
  let backend: Promise<GrepBackend> | undefined;
  return () => {
    backend ??= (async () => {
      const rg = ripgrepPath === null ? undefined : (ripgrepPath ?? (await resolveRipgrep()));
      if (rg && (await executable(rg))) return createRipgrepBackend(rg);
      return createJavascriptGrepBackend();
    })();
    return backend;
  };
}

export function createBuiltinTools(options: BuiltinToolOptions = {}): Tool[] {
  return [
    readTool,
    writeTool,
    editTool,
    globTool,
    createGrepTool({ backend: grepBackendResolver(options.ripgrepPath) }),
    createBashTool({ shellPath: options.shellPath }),
  ];
}
