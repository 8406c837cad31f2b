// `--permission-prompt-tool stdio`: permission questions go to the program driving reagent as
// `can_use_tool` control requests (the SDKs' canUseTool callback) instead of a terminal. The answer
// may allow (optionally with a replacement input and permission updates to apply) or deny (its
// message goes to the model; `interrupt` ends the turn). No answer — the caller errs, cancels or
// closes its input — is a denial that says why, and the turn goes on.
import { z } from "zod";
import type { PromptAnswer, Prompter, PromptRequest } from "../contracts/index.js";
import { errorMessage, formatZodError, ruleValue } from "../util/index.js";
import type { ControlChannel } from "./channel.js";

const answerSchema = z.union([
  z
    .object({
      behavior: z.literal("allow"),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      updatedPermissions: z.array(z.record(z.string(), z.unknown())).optional(),
    })
    .loose(),
  z
    .object({
      behavior: z.literal("deny"),
      message: z.string().optional(),
      interrupt: z.boolean().optional(),
    })
    .loose(),
]);

type StdioPrompterOptions = {
  channel: ControlChannel;
  /** True while a question waits for its answer (the session reports `requires_action`). */
  onWaiting?: (waiting: boolean) => void;
  /** Applies the answer's `updatedPermissions` (rules, mode, directories). */
  applyPermissionUpdates?: (updates: Record<string, unknown>[]) => Promise<void>;
  /** For MCP tools: the server serving the tool and where it was configured. */
  mcpServer?: (toolName: string) => { name: string; source: string } | undefined;
};

export function createStdioPrompter(options: StdioPrompterOptions): Prompter {
  return {
    async ask(request: PromptRequest): Promise<PromptAnswer> {
      const mcpServer = options.mcpServer?.(request.toolName);
      const fields = {
        tool_name: request.toolName,
        input: request.input,
        tool_use_id: request.toolUseId,
        permission_suggestions: request.suggestedRule
          ? [
              {
                type: "addRules",
                rules: [ruleValue(request.suggestedRule)],
                behavior: "allow",
                destination: "session",
              },
            ]
          : [],
        decision_reason: request.reason,
        title: `Allow ${request.summary}?`,
        display_name: request.toolName,
        description: request.summary,
        ...(mcpServer ? { mcp_server: mcpServer } : {}),
      };
      options.onWaiting?.(true);
      let raw: Record<string, unknown>;
      try {
        raw = await options.channel.request("can_use_tool", fields, { signal: request.signal });
      } catch (error) {
        return {
          kind: "deny",
          message: `Permission denied: the program driving reagent gave no answer to the permission request for ${request.summary} (${errorMessage(error)}).`,
          endTurn: false,
        };
      } finally {
        options.onWaiting?.(false);
      }
      const parsed = answerSchema.safeParse(raw);
      if (!parsed.success)
        return {
          kind: "deny",
          message: `Permission denied: the answer to the permission request for ${request.summary} is not valid (${formatZodError(parsed.error)}).`,
          endTurn: false,
        };
      const answer = parsed.data;
      if (answer.behavior === "deny")
        return {
          kind: "deny",
          message: answer.message?.trim() || `Permission denied: ${request.summary} was refused.`,
          endTurn: answer.interrupt === true,
        };
      if (answer.updatedPermissions?.length)
        await options.applyPermissionUpdates?.(answer.updatedPermissions);
      // The Python SDK echoes the original input on every allow: only a different one is a rewrite.
      const rewritten = answer.updatedInput && !sameJson(answer.updatedInput, request.input);
      return rewritten ? { kind: "yes", updatedInput: answer.updatedInput } : { kind: "yes" };
    },
  };
}

/** Deep equality of JSON values, key order ignored. */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    return value;
  };
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
