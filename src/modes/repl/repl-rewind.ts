// The REPL's /rewind over the App: the session's prompts from its checkpoints, a preview of what
// rewinding the code would do (kept, so the rewind applies what the person saw and confirmed), and
// the rewind itself — code (checkpoints), conversation (app/rewind.ts) or both.
import { type App, conversationHolds, rewindConversation } from "../../app/index.js";
import {
  type CodeRewindPlan,
  describeConflicts,
  describePlan,
  describeResult,
} from "../../checkpoints/index.js";
import type { RewindHost } from "../../ui/repl/index.js";

export function replRewind(runtime: App): RewindHost {
  let previewed: { number: number; plan: CodeRewindPlan } | undefined;
  const checkpointsOn = () => {
    const checkpoints = runtime.checkpoints;
    if (!checkpoints) throw new Error("checkpoints are off in this session");
    return checkpoints;
  };
  const find = (number: number) => {
    const prompt = runtime.checkpoints?.find(number);
    if (!prompt) throw new Error(`there is no prompt ${number} to rewind to`);
    return prompt;
  };
  return {
    prompts() {
      const checkpoints = runtime.checkpoints;
      if (!checkpoints)
        return 'Checkpoints are off in this session (settings "fileCheckpointingEnabled": false).';
      return checkpoints.prompts().map((prompt) => ({
        number: prompt.number,
        text: prompt.text,
        at: `${prompt.at.slice(0, 16).replace("T", " ")} UTC`,
        changedFiles: prompt.changedFiles,
        inConversation: conversationHolds(runtime.session, prompt),
      }));
    },
    async preview(number, what) {
      const prompt = find(number);
      if (what === "conversation")
        return { text: `The conversation goes back to before prompt ${number}; the files stay as they are.` };
      const plan = await checkpointsOn().planCode(prompt);
      previewed = { number, plan };
      const conflicts = plan.kind === "restore" ? describeConflicts(plan) : "";
      return { text: describePlan(plan), ...(conflicts ? { conflicts } : {}) };
    },
    async apply(number, what) {
      const checkpoints = checkpointsOn();
      const prompt = find(number);
      const lines: string[] = [];
      if (what !== "conversation") {
        const plan = previewed?.number === number ? previewed.plan : await checkpoints.planCode(prompt);
        previewed = undefined;
        if (plan.kind === "restore" && plan.changes.length > 0)
          lines.push(describeResult(prompt, await checkpoints.applyCode(plan)));
        else lines.push(`No file to restore for prompt ${number}.`);
      }
      if (what === "code") return { text: lines.join("\n") };
      const cut = rewindConversation(runtime.session, checkpoints, prompt);
      if (!cut.ok) throw new Error([...lines, cut.message].join("\n"));
      lines.push(`The conversation is back to before prompt ${number}; edit the prompt and send it again.`);
      return { text: lines.join("\n"), prefill: prompt.text };
    },
  };
}
