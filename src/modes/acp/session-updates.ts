// The session's events as ACP session/update notifications: streamed text and thinking, each tool
// call's life (pending while its input streams and while it waits for permission, in_progress once it
// runs, completed or failed) with kind, title, locations, diffs, output and raw input/output, the task
// list as a plan, and usage. A subagent's calls are shown as calls of their own, tagged with the Agent
// call they belong to, and listed in that call's content. Calls left open when a turn ends (skipped
// after a cancel) get their final update from `closeOpenCalls`.
import type { SessionUpdate, ToolCallContent } from "@agentclientprotocol/sdk";
import type { SessionEvent, SubagentInfo } from "../../session/index.js";
import {
  absoluteInput,
  madeDiff,
  proposedDiff,
  textContent,
  toolKind,
  toolLocations,
  toolTitle,
} from "./tool-call-view.js";

/** Output kept for a running command's live view (its tail). */
const LIVE_OUTPUT_CHARS = 32_000;

/** Shows a running command's output in an editor terminal (terminal-display.ts). */
export type CommandDisplay = {
  open(toolCallId: string, command: string): Promise<string | undefined>;
  write(toolCallId: string, text: string): void;
  close(toolCallId: string, exitCode: number | null): Promise<void>;
};

type OpenCall = {
  name: string;
  input: Record<string, unknown>;
  output: string;
  /** The editor terminal showing this call's output, once opened. */
  terminalId?: Promise<string | undefined>;
  /** Steps of the subagent this Agent call started. */
  steps: string[];
};

export class SessionUpdates {
  private readonly calls = new Map<string, OpenCall>();
  /** Final updates still waiting for an editor terminal to close. */
  private finishing: Array<Promise<void>> = [];
  /** Text streamed in the running turn (a turn that streamed none says its result in one chunk). */
  streamedText = false;

  constructor(
    private readonly send: (update: SessionUpdate) => void,
    /** Relative paths in a call's input are shown resolved against it. */
    private readonly cwd: string,
    private readonly display?: CommandDisplay,
  ) {}

  handle(event: SessionEvent): void {
    switch (event.type) {
      case "text-delta":
        this.streamedText = true;
        this.send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: event.text } });
        return;
      case "thinking-delta":
        this.send({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: event.text } });
        return;
      case "tool-call-delta":
        this.announce(event.id, event.name, {}, event.name);
        return;
      case "tool-call-start":
        this.started(event.call.id, event.call.name, event.call.input, event.summary);
        return;
      case "tool-call-running":
        this.running(event.toolUseId);
        return;
      case "tool-progress":
        this.progress(event.toolUseId, event.output);
        return;
      case "tool-call-end":
        this.ended(event.call.id, event.isError, event.content, event.data);
        return;
      case "task-list":
        this.send({
          sessionUpdate: "plan",
          entries: event.tasks.map((task) => ({
            content: task.status === "in_progress" && task.activeForm ? task.activeForm : task.subject,
            priority: "medium",
            status: task.status,
          })),
        });
        return;
      case "subagent-event":
        this.subagent(event.agent, event.event);
        return;
      default:
        return;
    }
  }

  /** Resolves once every call's final update was sent (terminals closed). */
  async settled(): Promise<void> {
    const waiting = this.finishing;
    this.finishing = [];
    await Promise.all(waiting);
  }

  /** Ends every call still open (the turn was cancelled or ended before they ran). */
  closeOpenCalls(why: string): void {
    for (const id of [...this.calls.keys()]) this.ended(id, true, why, undefined);
  }

  private announce(
    id: string,
    name: string,
    input: Record<string, unknown>,
    summary: string,
    parent?: string,
  ) {
    if (this.calls.has(id)) return;
    this.calls.set(id, { name, input, output: "", steps: [] });
    this.send({
      sessionUpdate: "tool_call",
      toolCallId: id,
      title: toolTitle(name, input, summary),
      kind: toolKind(name),
      status: "pending",
      rawInput: input,
      ...(parent ? { _meta: { parentToolCallId: parent } } : {}),
    });
  }

  private started(
    id: string,
    name: string,
    given: Record<string, unknown>,
    summary: string,
    parent?: string,
  ) {
    const input = absoluteInput(given, this.cwd);
    this.announce(id, name, input, summary, parent);
    const call = this.calls.get(id);
    if (!call) return;
    call.input = input;
    this.send({
      sessionUpdate: "tool_call_update",
      toolCallId: id,
      title: toolTitle(name, input, summary),
      kind: toolKind(name),
      status: "pending",
      rawInput: input,
      locations: toolLocations(name, input),
      content: proposedDiff(name, input),
    });
  }

  private running(id: string) {
    const call = this.calls.get(id);
    if (!call) return;
    const command =
      call.name === "Bash" && typeof call.input.command === "string" ? call.input.command : undefined;
    if (command && this.display) {
      call.terminalId = this.display.open(id, command);
      void call.terminalId.then((terminalId) => {
        if (terminalId && this.calls.has(id))
          this.send({
            sessionUpdate: "tool_call_update",
            toolCallId: id,
            content: [{ type: "terminal", terminalId }],
          });
      });
    }
    this.send({ sessionUpdate: "tool_call_update", toolCallId: id, status: "in_progress" });
  }

  private progress(id: string, output: string) {
    const call = this.calls.get(id);
    if (!call) return;
    if (call.terminalId) {
      this.display?.write(id, output);
      return;
    }
    call.output = (call.output + output).slice(-LIVE_OUTPUT_CHARS);
    this.send({
      sessionUpdate: "tool_call_update",
      toolCallId: id,
      content: [textContent(call.output, true)],
    });
  }

  private ended(id: string, isError: boolean, text: string, data: unknown) {
    const call = this.calls.get(id);
    if (!call) return;
    this.calls.delete(id);
    const finish = (content: ToolCallContent[]) =>
      this.send({
        sessionUpdate: "tool_call_update",
        toolCallId: id,
        status: isError ? "failed" : "completed",
        content,
        locations: toolLocations(call.name, call.input, data),
        rawOutput: data ?? text,
      });
    if (call.terminalId) {
      const exitCode = (data as { exitCode?: unknown } | undefined)?.exitCode;
      const terminal = call.terminalId;
      this.finishing.push(
        terminal.then(async (terminalId) => {
          await this.display?.close(id, typeof exitCode === "number" ? exitCode : null);
          finish(terminalId ? [{ type: "terminal", terminalId }] : [textContent(text, true)]);
        }),
      );
      return;
    }
    const steps = call.steps.length > 0 ? [textContent(call.steps.join("\n"), false)] : [];
    finish(madeDiff(call.name, call.input, data) ?? [...steps, textContent(text, call.name === "Bash")]);
  }

  /** A subagent's calls, as calls of their own tagged with the Agent call, and as steps of it. */
  private subagent(agent: SubagentInfo, event: SessionEvent): void {
    const parent = agent.parentToolUseId;
    if (event.type === "subagent-event") {
      this.subagent(event.agent, event.event);
      return;
    }
    if (event.type === "tool-call-start") {
      this.started(event.call.id, event.call.name, event.call.input, event.summary, parent);
      const step = `${agent.agentType}: ${toolTitle(event.call.name, event.call.input, event.summary)}`;
      const owner = this.calls.get(parent);
      if (owner) {
        owner.steps.push(step);
        this.send({
          sessionUpdate: "tool_call_update",
          toolCallId: parent,
          content: [textContent(owner.steps.join("\n"), false)],
        });
      }
    } else if (event.type === "tool-call-running") this.running(event.toolUseId);
    else if (event.type === "tool-progress") this.progress(event.toolUseId, event.output);
    else if (event.type === "tool-call-end")
      this.ended(event.call.id, event.isError, event.content, event.data);
  }
}
