// `reagent rewind [--session ID] [--to N] [--yes]`: a saved session's prompts (listed without --to),
// or its code put back to before prompt N. Changes made outside reagent since the checkpoint are
// shown and the rewind stops unless --yes says to overwrite them. The conversation is left as it is
// (the REPL's /rewind can rewind it).
import { type AppPorts, savedCheckpoints } from "../app/index.js";
import { describeConflicts, describePlan, describeResult, formatPromptList } from "../checkpoints/index.js";
import { UsageError } from "../util/index.js";

export type RewindFlags = { session?: string; to?: string; yes?: boolean };

export async function rewindCommand(flags: RewindFlags, ports: AppPorts): Promise<number> {
  const out = (text: string) => process.stdout.write(`${text}\n`);
  const { sessionId, checkpoints, warnings } = savedCheckpoints(ports, flags.session);
  const prompts = checkpoints.prompts();
  if (flags.to === undefined) {
    out(`Prompts of session ${sessionId} (reagent rewind --to N restores the code to before prompt N):`);
    out(formatPromptList(prompts));
    return 0;
  }
  const number = Number(flags.to);
  const prompt = Number.isInteger(number) ? checkpoints.find(number) : undefined;
  if (!prompt)
    throw new UsageError(
      `--to ${flags.to}: session ${sessionId} has ${prompts.length === 0 ? "no prompts" : `prompts 1 to ${prompts.length}`}; reagent rewind lists them`,
    );
  const plan = await checkpoints.planCode(prompt);
  out(describePlan(plan));
  if (plan.kind === "unchanged" || plan.changes.length === 0) return 0;
  const conflicts = describeConflicts(plan);
  if (conflicts) {
    out(conflicts);
    if (!flags.yes) {
      process.stderr.write(
        `reagent: not rewound: ${plan.conflicts.length} file(s) changed outside reagent since the checkpoint; run again with --yes to overwrite them\n`,
      );
      return 1;
    }
  }
  const result = await checkpoints.applyCode(plan);
  for (const warning of warnings) process.stderr.write(`reagent: ${warning}\n`);
  out(describeResult(prompt, result));
  return 0;
}
