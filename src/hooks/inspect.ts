// `reagent hooks list` and `reagent hooks test`: the effective hooks per event, and a dry run of
// the matching hooks of one event on a synthetic payload (no tool runs, no notices are emitted),
// plus the plain-text formatters the CLI prints.
import { type HookConfig, handlerKey, handlerName } from "./config-types.js";
import type { Dispatcher } from "./dispatch.js";
import { TOOL_EVENTS } from "./event-catalog.js";
import { blocks, type MergedOutcome, permissionDecision, runDecision } from "./merge.js";
import type { HookVerdict } from "./parse-output.js";
import { HOOK_EVENTS, type HookEventName, type HookRunDecision } from "./types.js";

export type HookListEntry = {
  event: HookEventName;
  matcher: string;
  type: "command" | "callback" | "http" | "prompt";
  command: string;
  args?: string[];
  timeoutMs: number;
  onError: string;
  ifRule?: string;
  source: string;
  path: string;
  /** Set when an identical handler (same command and args) appears earlier: this one never runs twice. */
  duplicateOf?: string;
};

type HookTestRun = {
  hook: string;
  source: string;
  matcher: string;
  exitCode: number | null;
  durationMs: number;
  verdict: HookVerdict;
  decision: HookRunDecision;
  stdout: string;
  stderr: string;
};

export type HookTestReport = {
  event: HookEventName;
  payload: Record<string, unknown>;
  runs: HookTestRun[];
  merged: MergedOutcome;
  disabledBy?: string;
};

export function listHooks(config: HookConfig): HookListEntry[] {
  const first = new Map<string, string>();
  return config.handlers.map((handler) => {
    const key = `${handler.event}\u0000${handlerKey(handler)}`;
    const entry: HookListEntry = {
      event: handler.event,
      matcher: handler.matcher || "*",
      type: handler.type,
      command: handler.command,
      timeoutMs: handler.timeoutMs,
      onError: handler.onError,
      source: handler.source,
      path: handler.path,
    };
    if (handler.args) entry.args = handler.args;
    if (handler.ifRule) entry.ifRule = handler.ifRule;
    const earlier = first.get(key);
    if (earlier) entry.duplicateOf = earlier;
    else first.set(key, `${handler.source} ${handler.path}`);
    return entry;
  });
}

function syntheticFields(
  event: HookEventName,
  tool: string,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const toolFields = { tool_name: tool, tool_input: input, tool_use_id: "toolu_hooks_test" };
  switch (event) {
    case "PreToolUse":
      return toolFields;
    case "PermissionRequest":
      return { ...toolFields, permission_suggestions: [] };
    case "PostToolUse":
      return { ...toolFields, tool_response: {}, duration_ms: 0, tool_result: "", tool_is_error: false };
    case "PostToolUseFailure":
      return { ...toolFields, error: "Exit code 1", duration_ms: 0 };
    case "UserPromptSubmit":
      return { prompt: typeof input.prompt === "string" ? input.prompt : "hello" };
    case "UserPromptExpansion":
      return {
        expansion_type: "slash_command",
        command_name: typeof input.command_name === "string" ? input.command_name : "review",
        command_args: typeof input.command_args === "string" ? input.command_args : "",
        command_source: "skill",
        prompt: typeof input.prompt === "string" ? input.prompt : "Review the change.",
      };
    case "Stop":
      return { stop_hook_active: false, last_assistant_message: "" };
    case "StopFailure":
      return { error: input.error ?? "server_error", error_details: "", last_assistant_message: "" };
    case "SubagentStart":
      return { agent_id: "agent_hooks_test", agent_type: input.agent_type ?? "general-purpose" };
    case "SubagentStop":
      return {
        stop_hook_active: false,
        agent_id: "agent_hooks_test",
        agent_type: input.agent_type ?? "general-purpose",
        agent_transcript_path: null,
        last_assistant_message: "",
      };
    case "SessionStart":
      return { source: typeof input.source === "string" ? input.source : "startup", model: "test" };
    case "SessionEnd":
      return { reason: typeof input.reason === "string" ? input.reason : "other" };
    case "PreCompact":
    case "PostCompact":
      return {
        trigger: typeof input.trigger === "string" ? input.trigger : "manual",
        custom_instructions: "",
      };
    case "Notification":
      return { message: "test", notification_type: input.notification_type ?? "idle_prompt" };
    case "FileChanged":
      return { file_path: input.file_path ?? "/tmp/.envrc", event: input.event ?? "change" };
    case "PermissionDenied":
      return { ...toolFields, reason: "denied by a permission rule" };
    case "PostToolBatch":
      return { tool_calls: [{ ...toolFields, tool_response: {} }] };
    case "CwdChanged":
      return { old_cwd: input.old_cwd ?? "/tmp", new_cwd: input.new_cwd ?? "/tmp/sub" };
    case "TaskCreated":
    case "TaskCompleted":
      return {
        task_id: typeof input.task_id === "string" ? input.task_id : "1",
        task_subject: typeof input.task_subject === "string" ? input.task_subject : "Fix the login test",
        task_description: typeof input.task_description === "string" ? input.task_description : "",
      };
    default:
      return { ...input };
  }
}

export async function testHooks(
  dispatcher: Dispatcher,
  event: HookEventName,
  synthetic: { tool?: string; input?: Record<string, unknown> },
): Promise<HookTestReport> {
  const tool = synthetic.tool ?? "Bash";
  const input = synthetic.input ?? {};
  const fields = syntheticFields(event, tool, input);
  const isTool = TOOL_EVENTS.has(event);
  const request = { event, fields, ...(isTool ? { tool: { name: tool, input } } : {}) };
  const { runs, merged } = await dispatcher.dispatch(request);
  return {
    event,
    payload: fields,
    merged,
    runs: runs.map((run) => ({
      hook: handlerName(run.handler),
      source: run.handler.source,
      matcher: run.handler.matcher || "*",
      exitCode: run.result.exitCode,
      durationMs: run.result.durationMs,
      verdict: run.verdict,
      decision: runDecision(event, run),
      stdout: run.result.stdout,
      stderr: run.result.stderr,
    })),
  };
}

export function formatHookList(entries: HookListEntry[], disabledBy?: string): string {
  const lines: string[] = [];
  if (disabledBy) lines.push(`hooks are disabled (${disabledBy})`);
  for (const event of HOOK_EVENTS) {
    const forEvent = entries.filter((entry) => entry.event === event);
    if (forEvent.length === 0) continue;
    lines.push(`${event}:`);
    for (const entry of forEvent) {
      const command = entry.args
        ? [entry.command, ...entry.args].map((part) => JSON.stringify(part)).join(" ")
        : entry.command;
      const extras = [
        `timeout ${entry.timeoutMs / 1000}s`,
        `onError ${entry.onError}`,
        entry.ifRule ? `if ${entry.ifRule}` : "",
        entry.duplicateOf ? `duplicate of ${entry.duplicateOf}, runs once` : "",
      ].filter(Boolean);
      lines.push(`  [${entry.matcher}] ${entry.type}: ${command}`);
      lines.push(`      ${entry.source} ${entry.path} · ${extras.join(" · ")}`);
    }
  }
  if (entries.length === 0 && !disabledBy) lines.push("no hooks configured");
  return `${lines.join("\n")}\n`;
}

function describeVerdict(verdict: HookVerdict): string {
  if (verdict.kind === "error") return `error: ${verdict.reason}`;
  if (verdict.kind === "block") return `block: ${verdict.reason.split("\n")[0]}`;
  if (verdict.json) return `json: ${JSON.stringify(verdict.json)}`;
  return verdict.text.trim() ? `text: ${verdict.text.trim().split("\n")[0]}` : "ok (no output)";
}

export function formatHookTestReport(report: HookTestReport): string {
  const lines = [`${report.event} with payload ${JSON.stringify(report.payload)}`];
  if (report.runs.length === 0) lines.push("no matching hooks (nothing was run)");
  for (const run of report.runs) {
    lines.push(`- "${run.hook}" (${run.source}, matcher ${run.matcher})`);
    lines.push(
      `    exit ${run.exitCode ?? "-"} in ${Math.round(run.durationMs)} ms → ${run.decision}; ${describeVerdict(run.verdict)}`,
    );
    const stderr = run.stderr.trim().split("\n")[0];
    if (stderr) lines.push(`    stderr: ${stderr}`);
  }
  const merged = report.merged;
  const parts = [
    report.event === "PreToolUse" || report.event === "PermissionRequest"
      ? `decision ${permissionDecision(merged)}`
      : blocks(merged)
        ? "blocked"
        : "not blocked",
    merged.reason ? `reason: ${merged.reason.split("\n")[0]}` : "",
    merged.updatedInput ? `updatedInput ${JSON.stringify(merged.updatedInput)}` : "",
    merged.updatedToolOutput !== undefined ? "updatedToolOutput set" : "",
    merged.additionalContext.length > 0 ? `${merged.additionalContext.length} additionalContext` : "",
    merged.stop ? `stop: ${merged.stop.reason}` : "",
  ].filter(Boolean);
  lines.push(`merged: ${parts.join("; ")}`);
  for (const notice of merged.notices) lines.push(`  ${notice.kind}: ${notice.text}`);
  return `${lines.join("\n")}\n`;
}
