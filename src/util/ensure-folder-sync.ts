// The one folder creation: a folder and its missing parents, without `mkdir({ recursive: true })`,
// which on Node 20 can spin forever at full CPU when a parent cannot be made (e.g. under /proc).
// Walks up to the nearest existing folder, then creates each missing one with a plain mkdir,
// checking an abort signal between steps. Failures throw a FolderError that names the folder at
// fault and says why; callers decide how to report it (the file tools turn it into a tool result).
import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { errnoCode, errnoReason, isNotFound } from "./errno.js";

export type FolderProblem =
  /** `blocker` exists and is not a folder. */
  | { kind: "not-a-folder"; blocker: string }
  /** Looking at (`stat`) or creating (`mkdir`) `folder` failed with `error`. */
  | { kind: "failed"; step: "stat" | "mkdir"; folder: string; error: unknown }
  | { kind: "aborted" };

export class FolderError extends Error {
  override readonly name = "FolderError";
  constructor(
    readonly directory: string,
    readonly problem: FolderProblem,
  ) {
    super(describe(directory, problem));
  }
}

function describe(directory: string, problem: FolderProblem): string {
  switch (problem.kind) {
    case "not-a-folder":
      return `cannot create folder ${directory}: ${problem.blocker} is a file, not a folder`;
    case "aborted":
      return `cancelled while creating folder ${directory}`;
    case "failed":
      return problem.step === "stat" && problem.folder !== directory
        ? `cannot create folder ${directory}: ${problem.folder} is not accessible (${errnoReason(problem.error)})`
        : `cannot create folder ${problem.folder} (${errnoReason(problem.error)})`;
  }
}

type FolderOptions = {
  /** Mode of new folders, before the umask (default 0o777). */
  mode?: number;
  /** Checked before each step: once aborted, nothing more is created. */
  signal?: AbortSignal;
};

/** Makes sure `directory` exists as a folder; throws a FolderError otherwise. A number is the mode. */
export function ensureFolderSync(directory: string, modeOrOptions: number | FolderOptions = {}): void {
  const options = typeof modeOrOptions === "number" ? { mode: modeOrOptions } : modeOrOptions;
  const fail = (problem: FolderProblem): never => {
    throw new FolderError(directory, problem);
  };
  const missing: string[] = [];
  let current = resolve(directory);
  for (;;) {
    if (options.signal?.aborted) fail({ kind: "aborted" });
    let folder: boolean;
    try {
      folder = statSync(current).isDirectory();
    } catch (error) {
      const parent = dirname(current);
      if (!isNotFound(error) || parent === current)
        fail({ kind: "failed", step: "stat", folder: current, error });
      missing.push(current);
      current = parent;
      continue;
    }
    if (folder) break;
    fail({ kind: "not-a-folder", blocker: current });
  }
  for (const folder of missing.reverse()) {
    if (options.signal?.aborted) fail({ kind: "aborted" });
    try {
      mkdirSync(folder, { mode: options.mode ?? 0o777 });
    } catch (error) {
      // Created meanwhile by someone else: fine when it is a folder.
      if (errnoCode(error) === "EEXIST" && isFolder(folder)) continue;
      fail({ kind: "failed", step: "mkdir", folder, error });
    }
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Creates the one folder `directory` (its parent must exist): `created`, or `exists` when something
 * is already there (which the caller then did not make). Other failures throw a FolderError.
 */
export function createFolderSync(directory: string, mode = 0o777): "created" | "exists" {
  try {
    mkdirSync(directory, { mode });
    return "created";
  } catch (error) {
    if (errnoCode(error) === "EEXIST") return "exists";
    throw new FolderError(directory, { kind: "failed", step: "mkdir", folder: directory, error });
  }
}
