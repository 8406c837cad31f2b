// The SDK's rewindFiles() (control request `rewind_files`): the files back to how they were before
// the user message with that uuid, or with `dry_run` what that would change. The answer is Claude
// Code's RewindFilesResult; files changed outside reagent since are overwritten (the SDK asks no one)
// and named in `outsideChanges`.
import type { Checkpoints } from "../../checkpoints/index.js";

export async function rewindFiles(
  checkpoints: Checkpoints | undefined,
  userMessageId: string,
  dryRun: boolean,
): Promise<Record<string, unknown>> {
  if (!checkpoints)
    return {
      canRewind: false,
      error: "File checkpointing is not enabled for this session (the SDK's enableFileCheckpointing option)",
    };
  const prompt = checkpoints.find(userMessageId);
  if (!prompt) return { canRewind: false, error: `No checkpoint found for user message ${userMessageId}` };
  const plan = await checkpoints.planCode(prompt);
  if (plan.kind === "unchanged" || plan.changes.length === 0)
    return { canRewind: true, filesChanged: [], insertions: 0, deletions: 0 };
  const outside = plan.conflicts.length > 0 ? { outsideChanges: plan.conflicts } : {};
  if (dryRun) {
    const counts = await checkpoints.countCode(plan);
    return {
      canRewind: true,
      filesChanged: plan.changes.map((change) => change.path),
      ...counts,
      ...outside,
    };
  }
  const result = await checkpoints.applyCode(plan);
  return { canRewind: true, ...result, ...outside };
}
