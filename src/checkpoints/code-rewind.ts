// Rewinding the code to before a prompt, in two steps: `planCodeRewind` works out which files go back
// (the snapshot before the prompt's first change, or the first change after it) and which of them
// were changed outside reagent since (those are shown before they are overwritten); `applyCodeRewind`
// writes them and records the rewind as a change of reagent's own, so it can be rewound as well.

import { type ChangeSpan, changeSpans, type PromptEntry } from "./checkpoint-history.js";
import type { CheckpointLog } from "./checkpoint-log.js";
import type { GitRun } from "./private-git.js";
import type { Snapshot } from "./take-snapshot.js";
import {
  applyChanges,
  changedPaths,
  lineCounts,
  type TreeChange,
  treeChanges,
  treeDiff,
} from "./tree-changes.js";

export type CodeRewindPlan =
  /** reagent changed no file since this prompt began. */
  | { kind: "unchanged"; prompt: PromptEntry }
  | {
      kind: "restore";
      prompt: PromptEntry;
      /** The snapshot the files go back to, and what it left out (over the cap, nested repositories). */
      target: string;
      skipped: string[];
      current: Snapshot;
      changes: TreeChange[];
      /** Paths among `changes` changed outside reagent since the checkpoint, and their diff (now →
       *  after the rewind). */
      conflicts: string[];
      conflictDiff: string;
    };

export type CodeRewindResult = { filesChanged: string[]; insertions: number; deletions: number };

/** Takes a snapshot of the workspace now (the session's, with its cache). */
type TakeSnapshot = () => Promise<Snapshot>;

export async function planCodeRewind(
  git: GitRun,
  log: CheckpointLog,
  prompt: PromptEntry,
  snapshot: TakeSnapshot,
): Promise<CodeRewindPlan> {
  const spans = changeSpans(log.lines);
  const first = spans.findIndex((span) => span.seq >= prompt.seq);
  const target = spans[first];
  if (first < 0 || target === undefined) return { kind: "unchanged", prompt };
  const current = await snapshot();
  const keep = new Set(target.skipped);
  // A file left out of the checkpoint (over the cap) was not recorded: it is neither written nor deleted.
  const changes = (await treeChanges(git, current.tree, target.before)).filter(
    (change) => !keep.has(change.path),
  );
  const outside = await outsideChanges(git, spans.slice(first), current.tree);
  const conflicts = changes.map((change) => change.path).filter((path) => outside.has(path));
  const conflictDiff = await treeDiff(git, current.tree, target.before, conflicts);
  return {
    kind: "restore",
    prompt,
    target: target.before,
    skipped: target.skipped,
    current,
    changes,
    conflicts,
    conflictDiff,
  };
}

/** Paths whose latest change was made outside reagent: changed between reagent's spans (from the end
 *  of one to the start of the next) or since the last one, and not changed by a span after that. A
 *  span whose end is unknown counts as reagent's up to the next one. */
async function outsideChanges(git: GitRun, spans: readonly ChangeSpan[], now: string): Promise<Set<string>> {
  const outside = new Set<string>();
  for (const [index, span] of spans.entries()) {
    const next = spans[index + 1]?.before ?? now;
    for (const path of await changedPaths(git, span.before, span.after ?? next)) outside.delete(path);
    if (span.after === undefined) continue;
    for (const path of await changedPaths(git, span.after, next)) outside.add(path);
  }
  return outside;
}

export async function applyCodeRewind(
  git: GitRun,
  log: CheckpointLog,
  plan: Extract<CodeRewindPlan, { kind: "restore" }>,
  snapshot: TakeSnapshot,
): Promise<CodeRewindResult> {
  const paths = plan.changes.map((change) => change.path);
  const counts = await lineCounts(git, plan.current.tree, plan.target, paths);
  await applyChanges(git, plan.target, plan.changes);
  const after = await snapshot();
  log.append({
    type: "restore",
    seq: log.nextSeq(),
    to: plan.prompt.seq,
    before: plan.current.tree,
    after: after.tree,
    at: new Date().toISOString(),
  });
  return { filesChanged: paths, ...counts };
}
