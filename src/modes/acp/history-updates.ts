// A loaded session's history as the updates an editor would have seen: the user's prompts, the
// answers and thinking, and each tool call with its final status, locations and content (a saved
// Write/Edit result's hunks become diffs). Notes reagent adds to a prompt (system reminders, attached
// files) are not replayed as the user's words.
import type { SessionUpdate, ToolCallContent } from "@agentclientprotocol/sdk";
import type { Message, ToolResultBlock } from "../../model/index.js";
import { madeDiff, textContent, toolKind, toolLocations, toolTitle } from "./tool-call-view.js";

const NOTE = /^\s*<(system-reminder|context|attachment)\b/;

export function historyUpdates(
  messages: readonly Message[],
  toolResults: Readonly<Record<string, unknown>>,
): SessionUpdate[] {
  const results = new Map<string, ToolResultBlock>();
  for (const message of messages)
    if (message.role === "user")
      for (const block of message.content)
        if (block.type === "tool_result") results.set(block.tool_use_id, block);
  const updates: SessionUpdate[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      for (const block of message.content) {
        if (block.type === "text" && !NOTE.test(block.text))
          updates.push({ sessionUpdate: "user_message_chunk", content: { type: "text", text: block.text } });
        else if (block.type === "image")
          updates.push({
            sessionUpdate: "user_message_chunk",
            content: { type: "image", data: block.source.data, mimeType: block.source.media_type },
          });
      }
      continue;
    }
    for (const block of message.content) {
      if (block.type === "text")
        updates.push({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: block.text } });
      else if (block.type === "thinking" && block.thinking)
        updates.push({
          sessionUpdate: "agent_thought_chunk",
          content: { type: "text", text: block.thinking },
        });
      else if (block.type === "tool_use") {
        const result = results.get(block.id);
        const data = toolResults[block.id];
        const content: ToolCallContent[] =
          madeDiff(block.name, block.input, data) ??
          (result ? [textContent(result.content, block.name === "Bash")] : []);
        updates.push({
          sessionUpdate: "tool_call",
          toolCallId: block.id,
          title: toolTitle(block.name, block.input, block.name),
          kind: toolKind(block.name),
          status: result?.is_error ? "failed" : "completed",
          rawInput: block.input,
          locations: toolLocations(block.name, block.input, data),
          content,
          ...(result ? { rawOutput: data ?? result.content } : {}),
        });
      }
    }
  }
  return updates;
}
