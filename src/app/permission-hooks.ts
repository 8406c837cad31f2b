// The bridge between the permission gate's `beforeAsk` and the hooks engine: a permission question
// about to be put fires PermissionRequest (its allow or deny answers it); a question a headless run
// cannot put fires Notification `permission_prompt`. The gate never imports hooks; this file wires them.
import type { HookEngine } from "../hooks/index.js";
import type { PermissionHookAnswer, PromptRequest } from "../permissions/index.js";
import { ruleValue } from "../util/index.js";

/** Claude Code's `permission_suggestions` for the rule "don't ask again" would save. */
function permissionSuggestions(rule: string): unknown[] {
  if (!rule) return [];
  return [{ type: "addRules", rules: [ruleValue(rule)], behavior: "allow", destination: "localSettings" }];
}

export function permissionHookBridge(options: {
  hooks: HookEngine;
  interactive: boolean;
}): (request: PromptRequest) => Promise<PermissionHookAnswer> {
  const { hooks } = options;
  return async (request) => {
    if (hooks.has("PermissionRequest")) {
      const outcome = await hooks.permissionRequest({
        toolName: request.toolName,
        toolInput: request.input,
        toolUseId: request.toolUseId,
        suggestions: permissionSuggestions(request.suggestedRule),
        signal: request.signal,
      });
      // An allow with updatedInput runs the rewritten call: the runner validates it against the tool's
      // schema and puts it through the gate again (deny rules and protected paths still apply).
      if (outcome.decision === "allow")
        return outcome.updatedInput
          ? { behavior: "allow", updatedInput: outcome.updatedInput }
          : { behavior: "allow" };
      if (outcome.decision === "deny")
        return {
          behavior: "deny",
          message: `Permission denied by a PermissionRequest hook: ${outcome.reason?.trim() || "no reason given"}`,
          ...(outcome.stop ? { endTurn: true } : {}),
        };
    }
    // Interactive: the dialog fires its own Notification when it opens.
    if (!options.interactive && hooks.has("Notification"))
      await hooks.notification(
        `reagent needs your permission to use ${request.toolName}`,
        "permission_prompt",
      );
    return { behavior: "none" };
  };
}
