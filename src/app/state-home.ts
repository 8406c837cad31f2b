// Where reagent keeps state of its own outside every project: `$XDG_STATE_HOME/reagent` (when the
// variable is absolute), else `~/.local/state/reagent` — worktrees of isolated subagents, the
// sandbox's records and placeholders, the record of what each folder's sessions applied.
import { isAbsolute, join } from "node:path";
import type { EnvSnapshot } from "../config/index.js";

export function reagentStateDir(env: Pick<EnvSnapshot, "all" | "homeDir">): string {
  const xdg = env.all.XDG_STATE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(env.homeDir, ".local", "state"), "reagent");
}
