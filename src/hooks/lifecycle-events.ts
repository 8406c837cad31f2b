// The hook events around tool batches, the task list and instruction files: PostToolBatch (once per
// model response, after every call resolved), TaskCreated and TaskCompleted (a block refuses the change), InstructionsLoaded (an instruction or
// memory file entered the context; observe only), WorktreeCreate (a hook makes an agent's worktree
// instead of git) and WorktreeRemove (one is being removed), PreModelSwitch (allow / deny / ask a
// model switch) and PostModelSwitch (context for the new model's first request). Payloads follow Claude Code's field names; inside
// a subagent the tool events carry its agent_id and agent_type like every other tool event.
import type { DispatchRequest } from "./dispatch.js";
import { blocks, type MergedOutcome, permissionDecision } from "./merge.js";
import type {
  BatchCall,
  HookDecision,
  HookTask,
  InstructionsLoad,
  NoticesOnly,
  PostToolUseOutcome,
  TaskHookOutcome,
  TaskHooks,
} from "./types.js";

type Run = (request: DispatchRequest) => Promise<MergedOutcome>;

export function batchEvents(run: Run, extra: Record<string, string>) {
  return {
    async postToolBatch(calls: BatchCall[], signal?: AbortSignal): Promise<PostToolUseOutcome> {
      const toolCalls = calls.map((call) => ({
        tool_name: call.toolName,
        tool_input: call.toolInput,
        tool_use_id: call.toolUseId,
        ...(call.toolResponse === undefined ? {} : { tool_response: call.toolResponse }),
      }));
      const merged = await run({
        event: "PostToolBatch",
        fields: { tool_calls: toolCalls, ...extra },
        signal,
      });
      const outcome: PostToolUseOutcome = {
        additionalContext: merged.additionalContext,
        notices: merged.notices,
        ...(merged.stop ? { stop: merged.stop } : {}),
      };
      if (blocks(merged)) outcome.blockReason = merged.reason ?? "blocked by a PostToolBatch hook";
      return outcome;
    },
  };
}

export function taskEvents(run: Run): TaskHooks {
  const fire = async (event: "TaskCreated" | "TaskCompleted", task: HookTask, signal?: AbortSignal) => {
    const fields = {
      task_id: task.id,
      task_subject: task.subject,
      ...(task.description ? { task_description: task.description } : {}),
    };
    const merged = await run({ event, fields, signal });
    const outcome: TaskHookOutcome = {
      notices: merged.notices,
      ...(merged.stop ? { stop: merged.stop } : {}),
    };
    if (blocks(merged)) outcome.blocked = { reason: merged.reason ?? `blocked by a ${event} hook` };
    return outcome;
  };
  return {
    taskCreated: (task, signal) => fire("TaskCreated", task, signal),
    taskCompleted: (task, signal) => fire("TaskCompleted", task, signal),
  };
}

export function instructionEvents(run: Run) {
  return {
    /** ConfigChange: a settings file changed during the session. reagent reads settings when it starts,
     *  so the session keeps what it started with; a hook's block is reported and changes nothing more. */
    async configChange(
      source: "user_settings" | "project_settings" | "local_settings",
      filePath: string,
    ): Promise<NoticesOnly> {
      return {
        notices: (await run({ event: "ConfigChange", fields: { source, file_path: filePath } })).notices,
      };
    },
    /** DirectoryAdded: a folder joined the workspace during the session (observe only). */
    async directoryAdded(
      directory: string,
      source: "slash_command" | "register_repo_root",
    ): Promise<NoticesOnly> {
      return { notices: (await run({ event: "DirectoryAdded", fields: { directory, source } })).notices };
    },
    async instructionsLoaded(load: InstructionsLoad): Promise<NoticesOnly> {
      const fields = {
        file_path: load.filePath,
        memory_type: load.memoryType,
        load_reason: load.loadReason,
        ...(load.parentFilePath ? { parent_file_path: load.parentFilePath } : {}),
      };
      return { notices: (await run({ event: "InstructionsLoaded", fields })).notices };
    },
  };
}

type WorktreeCreated = { ok: true; path: string } | { ok: false; message: string };

export function worktreeEvents(run: Run) {
  return {
    /** WorktreeCreate: the hooks make the worktree; any failure, or no path printed, fails it. */
    async worktreeCreate(name: string, signal?: AbortSignal): Promise<WorktreeCreated> {
      const merged = await run({ event: "WorktreeCreate", fields: { name }, signal });
      const failed = merged.notices.filter((notice) => notice.kind === "error" || notice.kind === "block");
      if (blocks(merged) || failed.length > 0) {
        const why = merged.reason ?? failed.map((notice) => notice.text).join("; ");
        return { ok: false, message: `the WorktreeCreate hook failed: ${why || "blocked"}` };
      }
      if (!merged.worktreePath)
        return {
          ok: false,
          message:
            "the WorktreeCreate hook printed no worktree path: it must print the absolute path of the folder it made on stdout (or as hookSpecificOutput.worktreePath)",
        };
      return { ok: true, path: merged.worktreePath };
    },
    async worktreeRemove(path: string): Promise<NoticesOnly> {
      return { notices: (await run({ event: "WorktreeRemove", fields: { worktree_path: path } })).notices };
    },
  };
}

/** What PreModelSwitch / PostModelSwitch hooks see of a model switch (Claude Code's fields). */
export type ModelSwitchFacts = {
  from_model: string;
  to_model: string;
  requested_model: string | null;
  source: "command" | "picker" | "sdk";
  context_tokens: number;
  prompt_cache_warm: boolean;
  cache_ttl: "5m";
  estimated_cache_write_usd: number;
  pricing: "configured" | "catalog" | "default";
};

export function modelSwitchEvents(run: Run) {
  return {
    async preModelSwitch(facts: ModelSwitchFacts): Promise<{ decision: HookDecision; reason?: string }> {
      const merged = await run({ event: "PreModelSwitch", fields: facts });
      return { decision: permissionDecision(merged), ...(merged.reason ? { reason: merged.reason } : {}) };
    },
    async postModelSwitch(facts: ModelSwitchFacts): Promise<{ additionalContext: string[] }> {
      const merged = await run({ event: "PostModelSwitch", fields: facts });
      return { additionalContext: merged.additionalContext };
    },
  };
}
