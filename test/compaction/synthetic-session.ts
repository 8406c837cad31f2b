// Builders for synthetic histories used by the compaction tests: prompts, tool calls and large
// tool results in the shape the loop produces (every tool_use answered in the next user message).
import type { Message, ToolResultBlock, ToolUseBlock } from "../../src/model/types.js";

export function prompt(text: string): Message {
  return { role: "user", content: [{ type: "text", text }] };
}

export function assistantText(text: string): Message {
  return { role: "assistant", content: [{ type: "text", text }] };
}

export function toolCall(id: string, name: string, input: Record<string, unknown>, text?: string): Message {
  const use: ToolUseBlock = { type: "tool_use", id, name, input };
  return { role: "assistant", content: text ? [{ type: "text", text }, use] : [use] };
}

export function toolResults(...results: Array<[id: string, content: string, isError?: boolean]>): Message {
  return {
    role: "user",
    content: results.map(([id, content, isError]): ToolResultBlock => {
      const block: ToolResultBlock = { type: "tool_result", tool_use_id: id, content };
      if (isError) block.is_error = true;
      return block;
    }),
  };
}

/** Deterministic filler text of `chars` characters that names its origin. */
export function filler(label: string, chars: number): string {
  const line = `${label}: lorem ipsum dolor sit amet consectetur\n`;
  return line.repeat(Math.ceil(chars / line.length)).slice(0, chars);
}

/** `turns` prompts, each answered by `callsPerTurn` Read steps with results of `resultChars` and a final text. */
export function syntheticSession(turns: number, callsPerTurn: number, resultChars: number): Message[] {
  const history: Message[] = [];
  for (let turn = 0; turn < turns; turn++) {
    history.push(prompt(`Turn ${turn}: please look at module ${turn}`));
    for (let call = 0; call < callsPerTurn; call++) {
      const id = `toolu_${turn}_${call}`;
      history.push(toolCall(id, "Read", { file_path: `src/module-${turn}-${call}.ts` }));
      history.push(toolResults([id, filler(`file ${turn}.${call}`, resultChars)]));
    }
    history.push(assistantText(`Done with turn ${turn}.`));
  }
  return history;
}

/** Asserts nothing; returns the problems with tool pairing and alternation, for readable failures. */
export function structuralProblems(messages: readonly Message[]): string[] {
  const problems: string[] = [];
  if (messages[0]?.role !== "user") problems.push("first message is not a user message");
  messages.forEach((message, index) => {
    const next = messages[index + 1];
    if (next && next.role === message.role) problems.push(`messages ${index} and ${index + 1} share a role`);
    if (message.role === "assistant") {
      const uses = message.content.flatMap((block) => (block.type === "tool_use" ? [block.id] : []));
      const answered = new Set(
        next?.role === "user"
          ? next.content.flatMap((block) => (block.type === "tool_result" ? [block.tool_use_id] : []))
          : [],
      );
      for (const id of uses) {
        if (!answered.has(id) && index + 1 < messages.length) problems.push(`tool_use ${id} is not answered`);
      }
    } else {
      const previous = messages[index - 1];
      const asked = new Set(
        previous?.role === "assistant"
          ? previous.content.flatMap((block) => (block.type === "tool_use" ? [block.id] : []))
          : [],
      );
      let seenText = false;
      for (const block of message.content) {
        if (block.type !== "tool_result") seenText = true;
        else if (!asked.has(block.tool_use_id))
          problems.push(`tool_result ${block.tool_use_id} has no tool_use`);
        else if (seenText) problems.push(`tool_result ${block.tool_use_id} follows text in message ${index}`);
      }
    }
  });
  return problems;
}
