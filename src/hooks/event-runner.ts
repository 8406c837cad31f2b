// How the engine runs one event's hooks: the configured handlers plus, inside a subagent, its agent's
// own; long additionalContext spilled to a file; notices reported as they happen; and the
// CLAUDE_ENV_FILE round trip of the events whose hooks may set variables. Selecting, running and
// merging the handlers is the dispatcher's.
import { randomUUID } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ensureFolderSync } from "../util/index.js";
import { spillContext } from "./context-spill.js";
import type { Dispatcher, DispatchRequest } from "./dispatch.js";
import { type EnvFile, parseEnvFile } from "./env-file.js";
import { emptyOutcome, type MergedOutcome } from "./merge.js";
import type { HookNotice } from "./types.js";
import type { WatchList } from "./watch-list.js";

export type EventRunner = {
  /** Runs the hooks of a request: the configured ones, and inside a subagent its agent's own (`own`). */
  run(request: DispatchRequest, own?: Dispatcher): Promise<MergedOutcome>;
  /** Runs `request` with CLAUDE_ENV_FILE set to a fresh empty file and reads back what the hooks
   *  wrote (SessionStart, Setup, CwdChanged, FileChanged); lines it cannot read are reported once.
   *  Without a matching handler nothing runs and no file is made. */
  withEnvFile(
    request: DispatchRequest,
    inherited: (name: string) => string | undefined,
    own?: Dispatcher,
  ): Promise<{ merged: MergedOutcome; env: EnvFile }>;
  /** Reports notices to the engine's `onNotice`. */
  notify(notices: HookNotice[]): void;
};

type EventRunnerOptions = {
  /** Where long additionalContext is written. */
  spillDir: string;
  /** Where the env files go (default: spillDir). */
  envDir?: string;
  onNotice?: (notice: HookNotice) => void;
};

export function createEventRunner(
  options: EventRunnerOptions,
  dispatcher: Dispatcher,
  watches: WatchList,
): EventRunner {
  let envFiles = 0;
  const notify = (notices: HookNotice[]) => {
    for (const notice of notices) options.onNotice?.(notice);
  };

  async function run(request: DispatchRequest, own?: Dispatcher): Promise<MergedOutcome> {
    const handlers = own ? [...dispatcher.select(request), ...own.select(request)] : undefined;
    const { merged } = await dispatcher.dispatch(request, handlers);
    merged.additionalContext = await spillContext(merged.additionalContext, options.spillDir);
    notify(merged.notices);
    return merged;
  }

  async function withEnvFile(
    request: DispatchRequest,
    inherited: (name: string) => string | undefined,
    own?: Dispatcher,
  ): Promise<{ merged: MergedOutcome; env: EnvFile }> {
    if (dispatcher.select(request).length === 0 && !own?.select(request).length)
      return { merged: emptyOutcome(), env: { exports: {}, unset: [], invalid: [] } };
    const envDir = options.envDir ?? options.spillDir;
    ensureFolderSync(envDir, 0o700);
    const envFile = join(envDir, `session-env-${++envFiles}-${randomUUID().slice(0, 8)}.sh`);
    await writeFile(envFile, "", "utf8");
    request.env = { CLAUDE_ENV_FILE: envFile, REAGENT_ENV_FILE: envFile };
    const merged = await run(request, own);
    const env = parseEnvFile(await readFile(envFile, "utf8").catch(() => ""), inherited);
    await rm(envFile, { force: true });
    if (env.invalid.length > 0) {
      const notice: HookNotice = {
        kind: "warning",
        event: request.event,
        hook: "CLAUDE_ENV_FILE",
        source: envFile,
        text: `${request.event} hooks wrote ${env.invalid.length} statement(s) to CLAUDE_ENV_FILE that are not plain variable assignments or unsets and were ignored: ${env.invalid[0]}`,
      };
      merged.notices.push(notice);
      notify([notice]);
    }
    watches.add(merged.watchPaths ?? []);
    return { merged, env };
  }

  return { run, withEnvFile, notify };
}
