// The Chat Completions rules the fake model server enforces per model family, worded like the real
// servers' 400s: OpenAI's strict message fields, `reasoning_effort` only for models that take it and
// `max_completion_tokens` for its reasoning models; DeepSeek's thinking mode (reasoning_content passed
// back for every assistant message of a user turn that called tools), Kimi's (every assistant tool-call
// message), vLLM's `reasoning` field; tool-call pairing; image_url parts. It prices the request through
// the automatic prefix cache.
import { checkImage } from "./fake-image-check.js";
import { chainUnits, type PromptCache, unitTokens } from "./fake-prompt-cache.js";

export type OpenAIFamily = "openai-reasoning" | "openai-chat" | "deepseek" | "kimi" | "vllm" | "other";

export type OpenAIProfile = {
  family: OpenAIFamily;
  /** The delta field this server streams reasoning in (none: the model does not reason). */
  reasoningField?: "reasoning_content" | "reasoning";
  vision: boolean;
};

export function openaiModelProfile(model: string, body: Record<string, unknown>): OpenAIProfile {
  const id = model.toLowerCase();
  const thinkingParam = (body.thinking as { type?: unknown } | undefined)?.type;
  if (/^(o\d|gpt-5)/.test(id)) return { family: "openai-reasoning", vision: true };
  if (/^(gpt-4|gpt-3\.5|chatgpt)/.test(id)) return { family: "openai-chat", vision: true };
  if (id.startsWith("deepseek")) {
    const thinking =
      thinkingParam === "enabled" || (thinkingParam !== "disabled" && /reasoner|r1|v4/.test(id));
    return {
      family: "deepseek",
      vision: false,
      ...(thinking ? { reasoningField: "reasoning_content" } : {}),
    };
  }
  if (/kimi-k2[.-](5|6|7|thinking)|kimi-k3/.test(id))
    return { family: "kimi", vision: !id.includes("thinking"), reasoningField: "reasoning_content" };
  if (/qwen3|gpt-oss|-thinking|reasoner/.test(id))
    return { family: "vllm", vision: true, reasoningField: "reasoning" };
  return { family: "other", vision: true };
}

const ALLOWED_FIELDS: Record<string, readonly string[]> = {
  system: ["role", "content", "name"],
  developer: ["role", "content", "name"],
  user: ["role", "content", "name"],
  assistant: ["role", "content", "name", "tool_calls", "refusal", "audio", "function_call"],
  tool: ["role", "content", "tool_call_id"],
};

type Chat = Record<string, unknown> & { role?: unknown; content?: unknown; tool_calls?: unknown };
export type OpenAIVerdict =
  | { ok: false; message: string }
  | { ok: true; profile: OpenAIProfile; cached: number; prompt: number };
const fail = (message: string): OpenAIVerdict => ({ ok: false, message });

function parts(content: unknown): Array<Record<string, unknown>> {
  return Array.isArray(content) ? (content as Array<Record<string, unknown>>) : [];
}

function checkEffort(body: Record<string, unknown>, profile: OpenAIProfile): string | undefined {
  const effort = body.reasoning_effort;
  if (effort === undefined) return undefined;
  if (profile.family === "openai-chat")
    return "Unsupported parameter: 'reasoning_effort' is not supported with this model.";
  if (profile.family === "kimi" && body.thinking !== undefined)
    return "cannot specify both 'thinking' and 'reasoning_effort'";
  const allowed =
    profile.family === "openai-reasoning"
      ? ["none", "minimal", "low", "medium", "high", "xhigh"]
      : ["low", "medium", "high", "xhigh", "max"];
  if (!allowed.includes(String(effort)))
    return `Invalid value for 'reasoning_effort': ${JSON.stringify(effort)}. Supported values are: ${allowed.map((value) => `'${value}'`).join(", ")}.`;
  return undefined;
}

function checkImages(messages: Chat[], profile: OpenAIProfile): string | undefined {
  for (const [index, message] of messages.entries())
    for (const [partIndex, part] of parts(message.content).entries()) {
      if (part.type === "text") continue;
      const where = `messages[${index}].content[${partIndex}]`;
      if (part.type !== "image_url")
        return `Invalid value for '${where}.type': ${JSON.stringify(part.type)}.`;
      if (!profile.vision) return "unknown variant `image_url`, expected `text`";
      if (message.role !== "user")
        return `Invalid '${where}.type': value must be 'text' in a ${String(message.role)} message.`;
      const url = String((part.image_url as { url?: unknown } | undefined)?.url ?? "");
      const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
      if (!match) return `Invalid '${where}.image_url.url': expected a base64 data URL.`;
      const facts = checkImage(match[1], match[2]);
      if ("error" in facts || facts.bytes > 20 * 1024 * 1024)
        return "You uploaded an unsupported image. Please make sure your image is below 20 MB in size and is of one the following formats: ['png', 'jpeg', 'gif', 'webp'].";
    }
  return undefined;
}

function checkToolCalls(messages: Chat[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    if (message.role === "tool") {
      let back = index - 1;
      while (back >= 0 && messages[back]?.role === "tool") back--;
      const previous = messages[back];
      const calls = Array.isArray(previous?.tool_calls)
        ? (previous.tool_calls as Array<{ id?: unknown }>)
        : [];
      if (!calls.some((call) => call.id === message.tool_call_id))
        return "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.";
    }
    if (message.role !== "assistant" || !Array.isArray(message.tool_calls)) continue;
    const answered = new Set<unknown>();
    for (let next = index + 1; messages[next]?.role === "tool"; next++)
      answered.add(messages[next]?.tool_call_id);
    const missing = (message.tool_calls as Array<{ id?: unknown }>).filter((call) => !answered.has(call.id));
    if (missing.length > 0)
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${missing.map((call) => String(call.id)).join(", ")}`;
  }
  return undefined;
}

function checkReasoningKept(messages: Chat[], profile: OpenAIProfile): string | undefined {
  if (profile.family === "kimi") {
    for (const [index, message] of messages.entries())
      if (
        message.role === "assistant" &&
        Array.isArray(message.tool_calls) &&
        typeof message.reasoning_content !== "string"
      )
        return `thinking is enabled but reasoning_content is missing in assistant tool call message at index ${index}`;
    return undefined;
  }
  if (profile.family !== "deepseek" || profile.reasoningField === undefined) return undefined;
  // Between two user messages: if the model called tools, every assistant message there keeps its reasoning.
  let start = 0;
  for (let index = 0; index <= messages.length; index++) {
    if (index < messages.length && messages[index]?.role !== "user") continue;
    const segment = messages.slice(start, index);
    if (segment.some((message) => message.role === "assistant" && Array.isArray(message.tool_calls)))
      for (const [offset, message] of segment.entries())
        if (message.role === "assistant" && typeof message.reasoning_content !== "string")
          return `Missing \`reasoning_content\` field in the assistant message at message index ${start + offset}. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls`;
    start = index + 1;
  }
  return undefined;
}

/** An image part counts about 1,000 tokens, not the characters of its base64. */
function messageTokens(message: Chat): number {
  const images = parts(message.content).filter((part) => part.type === "image_url").length;
  if (images === 0) return unitTokens(message);
  const text = parts(message.content).filter((part) => part.type !== "image_url");
  return unitTokens({ ...message, content: text }) + images * 1000;
}

export function judgeOpenAIRequest(
  body: Record<string, unknown>,
  model: string,
  cache: PromptCache,
  reasoningFieldOverride?: "reasoning_content" | "reasoning",
): OpenAIVerdict {
  const profile = openaiModelProfile(model, body);
  if (reasoningFieldOverride && profile.reasoningField) profile.reasoningField = reasoningFieldOverride;
  const messages = Array.isArray(body.messages) ? (body.messages as Chat[]) : [];
  if (profile.family === "openai-reasoning" && body.max_tokens !== undefined)
    return fail(
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    );
  const effort = checkEffort(body, profile);
  if (effort) return fail(effort);
  if (profile.family.startsWith("openai"))
    for (const [index, message] of messages.entries()) {
      const allowed = ALLOWED_FIELDS[String(message.role)] ?? [];
      const extra = Object.keys(message).find((key) => !allowed.includes(key));
      if (extra)
        return fail(
          `Additional properties are not allowed ('${extra}' was unexpected) - 'messages.${index}'`,
        );
    }
  const problem =
    checkImages(messages, profile) ?? checkToolCalls(messages) ?? checkReasoningKept(messages, profile);
  if (problem) return fail(problem);
  const units = chainUnits(`openai:${model}`, [
    ...(Array.isArray(body.tools) ? (body.tools as unknown[]) : []).map((tool) => ({
      key: tool,
      tokens: unitTokens(tool),
    })),
    ...messages.map((message) => ({ key: message, tokens: messageTokens(message) })),
  ]);
  const prompt = units.reduce((sum, unit) => sum + unit.tokens, 0);
  return { ok: true, profile, cached: cache.automatic(units), prompt };
}
