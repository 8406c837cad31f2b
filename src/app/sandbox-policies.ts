// The policies of the two sandbox profiles for this run, built per launch (the workspace can widen
// during a session): the workspace roots with the launch's project first, the `sandbox.filesystem`
// settings, the PATH's folders, TMPDIR, and for the read-only profile the Read rules — what a deny
// rule names is hidden, what an allow rule names outside the workspace (a docs folder) visible.
import type { Config, EnvSnapshot } from "../config/index.js";
import {
  type PolicyInput,
  type PolicyResult,
  readOnlyPolicy,
  type SandboxPolicy,
  type SandboxProfile,
  workspaceWritePolicy,
} from "../sandbox/index.js";
import { type GitConfiguredPaths, realPath } from "../util/index.js";

type ReadRulePaths = () => { hidden: readonly string[]; shown: readonly string[] };

export type PolicyBuilder = (profile: SandboxProfile, project: string) => PolicyResult<SandboxPolicy>;

export const NO_READ_RULES: ReadRulePaths = () => ({ hidden: [], shown: [] });

export function sandboxPolicies(
  basics: { cwd: string; env: EnvSnapshot; settings: Config },
  roots: () => readonly string[],
  readRules: ReadRulePaths,
  /** What git's configuration names outside `.git` at some roots (the run's one cache of it). */
  gitConfigured: (roots: readonly string[]) => GitConfiguredPaths,
): PolicyBuilder {
  const { cwd, env, settings } = basics;
  const context = { cwd, homeDir: env.homeDir };
  const { filesystem, readOnlyHomePaths } = settings.merged.sandbox;
  return (profile, project) => {
    const first = realPath(project, context);
    const rules = profile === "read-only" ? readRules() : { hidden: [], shown: [] };
    const workspace = [first, ...roots().filter((root) => root !== first)];
    // What git's configuration names outside `.git` (included files, core.hooksPath) stays read-only
    // where the command may write, as `.git/config` and `.git/hooks` do.
    const named = profile === "workspace-write" ? gitConfigured(workspace) : { files: [], hookFolders: [] };
    const input: PolicyInput = {
      workspace,
      homeDir: env.homeDir,
      filesystem: {
        ...filesystem,
        denyWrite: [...filesystem.denyWrite, ...named.files, ...named.hookFolders],
        denyRead: [...filesystem.denyRead, ...rules.hidden],
        allowRead: [...filesystem.allowRead, ...rules.shown],
      },
      toolchain: readOnlyHomePaths,
      programFolders: (env.all.PATH ?? "").split(":"),
      tempFolders: env.all.TMPDIR ? [env.all.TMPDIR] : [],
    };
    return profile === "read-only" ? readOnlyPolicy(input) : workspaceWritePolicy(input);
  };
}
