// ExitPlanMode: in plan mode the model presents its plan for approval. The approval is the permission
// question for this call (the REPL's plan dialog, an SDK program's canUseTool, a PermissionRequest or
// PreToolUse hook); once it was given the call runs and leaves plan mode — for the mode the person chose
// if the answer already set one (acceptEdits, or an SDK's setMode), else for default. A refusal with
// feedback keeps planning. Outside plan mode the gate refuses it.
import { z } from "zod";
import type { PermissionMode } from "../contracts/index.js";
import { defineTool, ok, type Tool } from "./tool.js";

const schema = z
  .object({
    plan: z
      .string()
      .optional()
      .describe("The plan to present, in Markdown: concise, with the steps you will take"),
    allowedPrompts: z
      .array(z.object({ tool: z.literal("Bash"), prompt: z.string() }))
      .optional()
      .describe("Deprecated: not used"),
  })
  .passthrough();

/** For prebuilt-tool-schemas.ts. */
export { schema as exitPlanModeSchema };

type ExitPlanModeInput = z.infer<typeof schema>;

/** The session's permission mode as the tool reads and changes it. */
type ModeControl = { readonly current: PermissionMode; set(mode: PermissionMode): void };

const description = `Presents your plan to the user for approval and, once approved, leaves plan mode so that you can carry it out.
- Use it only in plan mode, when the plan for an implementation task is complete; not for research or questions (AskUserQuestion asks the user something).
- Put the whole plan in \`plan\` (Markdown). If the user rejects it, keep planning with their feedback.`;

export function createExitPlanModeTool(mode: ModeControl): Tool<ExitPlanModeInput> {
  return defineTool<ExitPlanModeInput>({
    name: "ExitPlanMode",
    description,
    schema,
    isReadOnly: () => true,
    summary: () => "plan",
    async execute(input) {
      const plan = typeof input.plan === "string" && input.plan.trim() !== "" ? input.plan : null;
      // The approval may already have chosen the next mode (acceptEdits, an SDK's setMode); outside
      // plan mode the gate refuses the call before it gets here.
      if (mode.current === "plan") mode.set("default");
      const now = mode.current;
      return ok(
        `The user approved your plan; plan mode is over (the permission mode is now ${now}). Start carrying it out${now === "acceptEdits" ? "; edits are accepted without asking" : ""}.${plan ? `\n\n## Approved plan\n${plan}` : ""}`,
        { plan, isAgent: false },
      );
    },
  });
}
