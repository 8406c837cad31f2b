// AskUserQuestion: the model asks the person one to four multiple-choice questions (Claude Code
// 2.1.197's input: questions [{question, header, options [{label, description, preview?}],
// multiSelect}]). The answers are collected before the tool runs, by whoever answers the permission
// question for it — the REPL's question dialog, an SDK program's canUseTool, a PermissionRequest or
// PreToolUse hook — and arrive in the input as `answers` (question text → the chosen label(s), a
// multi-select's joined with ", "), as Claude Code passes them. Without answers it fails (`no_answer`).
import { z } from "zod";
import { defineTool, fail, ok } from "./tool.js";

const option = z.object({
  label: z.string().min(1).describe("The choice as the user sees it (1-5 words)"),
  description: z.string().describe("What choosing it means, its trade-offs"),
  preview: z
    .string()
    .optional()
    .describe("Optional content shown while the option is focused (code, a mockup)"),
});

const question = z.object({
  question: z.string().min(1).describe("The complete question, ending with a question mark"),
  header: z.string().describe('A very short label for it (max 12 characters), e.g. "Auth method"'),
  options: z
    .array(option)
    .min(2)
    .max(4)
    .describe("2-4 distinct choices; an 'Other' answer is offered automatically"),
  multiSelect: z.boolean().default(false).describe("Let the user choose several options"),
});

const schema = z.object({
  questions: z.array(question).min(1).max(4).describe("The questions to ask (1-4)"),
  answers: z
    .record(z.string(), z.string())
    .optional()
    .describe("Filled in by the user's answers (question text → answer); do not set it yourself"),
  annotations: z
    .record(z.string(), z.object({ preview: z.string().optional(), notes: z.string().optional() }))
    .optional()
    .describe("Notes the user added, by question text"),
  metadata: z.object({ source: z.string().optional() }).optional(),
});

/** For prebuilt-tool-schemas.ts. */
export { schema as askUserQuestionSchema };

type AskUserQuestionInput = z.infer<typeof schema>;

const description = `Asks the user multiple-choice questions when you need their decision to go on: a preference, an ambiguous requirement, a choice between approaches.
- 1-4 questions, each with 2-4 options (label and description); the user can always answer something else instead.
- Set multiSelect when the choices are not exclusive.
- Do not ask what you can find out yourself, and do not use it to ask for approval of a plan (in plan mode, ExitPlanMode does that).`;

export const askUserQuestionTool = defineTool<AskUserQuestionInput>({
  name: "AskUserQuestion",
  description,
  schema,
  isReadOnly: () => true,
  summary: (input) => input.questions.map((entry) => entry.header || entry.question).join(", "),
  async execute(input) {
    const answers = input.answers ?? {};
    const unanswered = input.questions.filter((entry) => answers[entry.question] === undefined);
    if (unanswered.length === input.questions.length)
      return fail(
        "no_answer",
        "The user was not asked: nobody could answer the question here (a run without a person, and no program or hook answered it). Decide yourself and say what you assumed, or ask in your reply.",
      );
    const said = input.questions
      .filter((entry) => answers[entry.question] !== undefined)
      .map((entry) => {
        const notes = input.annotations?.[entry.question]?.notes;
        return `"${entry.question}"="${answers[entry.question]}"${notes ? ` (notes: ${notes})` : ""}`;
      });
    const skipped =
      unanswered.length > 0
        ? ` Not answered: ${unanswered.map((entry) => `"${entry.question}"`).join(", ")}.`
        : "";
    return ok(
      `The user answered your questions: ${said.join(", ")}.${skipped} Go on with these answers in mind.`,
      {
        questions: input.questions,
        answers,
        ...(input.annotations ? { annotations: input.annotations } : {}),
      },
    );
  },
});
