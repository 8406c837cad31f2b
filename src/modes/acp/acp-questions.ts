// AskUserQuestion in an editor: ACP has no question request of its own, so each question is a
// session/request_permission whose options are the question's choices (plus "Decline"). The chosen
// labels become the tool's `answers`, as the REPL's question dialog and an SDK canUseTool give them.
// A multi-select question can take one choice here (the request's title says so); declining or
// cancelling any question declines them all.
import type { PermissionOption, RequestPermissionRequest } from "@agentclientprotocol/sdk";
import type { PromptAnswer, PromptRequest } from "../../contracts/index.js";

type Question = {
  question: string;
  header?: string;
  options: Array<{ label: string; description?: string }>;
};

const DECLINE_OPTION_ID = "decline";

/** The questions of an AskUserQuestion input, or undefined when it is not one. */
export function questionsOf(request: PromptRequest): Question[] | undefined {
  if (request.toolName !== "AskUserQuestion") return undefined;
  const questions = request.input.questions;
  if (!Array.isArray(questions)) return undefined;
  const valid = questions.filter(
    (entry): entry is Question =>
      typeof entry?.question === "string" &&
      Array.isArray(entry.options) &&
      entry.options.every((option: unknown) => typeof (option as { label?: unknown })?.label === "string"),
  );
  return valid.length === questions.length && valid.length > 0 ? valid : undefined;
}

/** The permission request that puts one question to the editor's user. */
function questionRequest(
  sessionId: string,
  request: PromptRequest,
  entry: Question,
  index: number,
): RequestPermissionRequest {
  const multi = (entry as { multiSelect?: unknown }).multiSelect === true;
  const options: PermissionOption[] = entry.options.map((option, choice) => ({
    optionId: `choice_${choice}`,
    name: option.description ? `${option.label} — ${option.description}` : option.label,
    kind: "allow_once",
  }));
  options.push({ optionId: DECLINE_OPTION_ID, name: "Decline", kind: "reject_once" });
  return {
    sessionId,
    toolCall: {
      toolCallId: request.toolUseId,
      title: `${entry.header ? `${entry.header}: ` : ""}${entry.question}${multi ? " (one choice here)" : ""}`,
      kind: "think",
      status: "pending",
      rawInput: { ...request.input, questionIndex: index },
    },
    options,
  };
}

/** Asks each question in turn; the answers as the tool takes them, or a decline. */
export async function askQuestions(
  sessionId: string,
  request: PromptRequest,
  questions: Question[],
  ask: (params: RequestPermissionRequest) => Promise<string | undefined>,
): Promise<PromptAnswer> {
  const answers: Record<string, string> = {};
  for (const [index, entry] of questions.entries()) {
    const chosen = await ask(questionRequest(sessionId, request, entry, index));
    const picked = chosen?.startsWith("choice_") ? entry.options[Number(chosen.slice(7))] : undefined;
    if (!picked) return { kind: "no", message: "The user declined to answer your questions." };
    answers[entry.question] = picked.label;
  }
  return { kind: "yes", updatedInput: { ...request.input, answers } };
}
