// The gate's permission questions as ACP session/request_permission: allow once, always allow (the
// dialog's "yes, and don't ask again" with the suggested rule), reject once, and reject always (a
// deny rule for the rest of the session). Answers apply as the REPL dialog's do; a question the
// editor cancels, or whose call is aborted, is a "no".
import type { PermissionOption, RequestPermissionRequest } from "@agentclientprotocol/sdk";
import type { PromptAnswer, Prompter, PromptRequest } from "../../contracts/index.js";
import { errorMessage } from "../../util/index.js";
import { askQuestions, questionsOf } from "./acp-questions.js";
import { proposedDiff, toolKind, toolLocations, toolTitle } from "./tool-call-view.js";

type PermissionAsk = (request: RequestPermissionRequest, signal?: AbortSignal) => Promise<string | undefined>;

function permissionOptions(rule: string): PermissionOption[] {
  const options: PermissionOption[] = [{ optionId: "allow_once", name: "Allow once", kind: "allow_once" }];
  if (rule) options.push({ optionId: "allow_always", name: `Always allow ${rule}`, kind: "allow_always" });
  options.push({ optionId: "reject_once", name: "Reject", kind: "reject_once" });
  if (rule) options.push({ optionId: "reject_always", name: `Always reject ${rule}`, kind: "reject_always" });
  return options;
}

export function createAcpPrompter(parts: {
  sessionId: string;
  /** Sends the request; resolves with the chosen option id (undefined: cancelled). */
  ask: PermissionAsk;
  /** `reject_always`: a deny rule for the rest of the session. */
  denyForSession: (rule: string) => void;
  log: (line: string) => void;
}): Prompter {
  return {
    async ask(request: PromptRequest): Promise<PromptAnswer> {
      const { toolName, input } = request;
      const questions = questionsOf(request);
      if (questions)
        return askQuestions(parts.sessionId, request, questions, (params) =>
          parts.ask(params, request.signal),
        ).catch((error: unknown) => {
          if (!request.signal?.aborted)
            parts.log(`reagent: the question request failed: ${errorMessage(error)}`);
          return { kind: "no" };
        });
      const title = toolTitle(toolName, input, request.summary);
      const params: RequestPermissionRequest = {
        sessionId: parts.sessionId,
        toolCall: {
          toolCallId: request.toolUseId,
          title: request.agent ? `${request.agent}: ${title}` : title,
          kind: toolKind(toolName),
          status: "pending",
          rawInput: input,
          locations: toolLocations(toolName, input),
          content: [
            ...proposedDiff(toolName, input),
            ...(request.reason
              ? [{ type: "content" as const, content: { type: "text" as const, text: request.reason } }]
              : []),
          ],
        },
        options: permissionOptions(request.suggestedRule),
      };
      let chosen: string | undefined;
      try {
        chosen = await parts.ask(params, request.signal);
      } catch (error) {
        if (!request.signal?.aborted)
          parts.log(`reagent: the permission request failed: ${errorMessage(error)}`);
        return { kind: "no" };
      }
      switch (chosen) {
        case "allow_once":
          return { kind: "yes" };
        case "allow_always":
          return { kind: "always", rule: request.suggestedRule };
        case "reject_always":
          parts.denyForSession(request.suggestedRule);
          return { kind: "no" };
        default:
          return { kind: "no" };
      }
    },
  };
}
