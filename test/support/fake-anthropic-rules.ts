// The Messages API rules the fake model server enforces, worded like the real 400s: max_tokens and
// thinking/effort forms per model, at most 4 cache_control breakpoints (none on thinking blocks),
// tool_use/tool_result pairing, thinking blocks kept first and unchanged within a tool loop
// (signatures checked), and base64 images. It also prices the request through the prompt cache.
import { createHmac } from "node:crypto";
import { anthropicModelProfile } from "./fake-anthropic-models.js";
import { checkImage, imageTokens } from "./fake-image-check.js";
import { type AnthropicCacheUsage, chainUnits, type PromptCache, unitTokens } from "./fake-prompt-cache.js";

type Block = Record<string, unknown> & { type?: unknown; cache_control?: unknown };
type WireMessage = { role?: unknown; content?: unknown };

export type IssuedThinking = { kind: "thinking" | "redacted_thinking"; value: string };

export type AnthropicState = {
  cache: PromptCache;
  secret: string;
  /** For each tool_use id the server issued: the thinking block its response started with. */
  issued: Map<string, IssuedThinking | undefined>;
};

export type AnthropicVerdict =
  | { ok: false; message: string }
  | { ok: true; thinking: "off" | "on"; manual: boolean; summarized: boolean; usage: AnthropicCacheUsage };

export function signThinking(secret: string, text: string): string {
  return createHmac("sha256", secret).update(`thinking:${text}`).digest("base64");
}

export function redactedData(secret: string, nonce: string): string {
  const mac = createHmac("sha256", secret).update(`redacted:${nonce}`).digest("hex");
  return Buffer.from(`${nonce}.${mac}`).toString("base64");
}

function validRedacted(secret: string, data: unknown): boolean {
  if (typeof data !== "string") return false;
  const [nonce, mac] = Buffer.from(data, "base64").toString("utf8").split(".");
  return nonce !== undefined && mac !== undefined && redactedData(secret, nonce) === data;
}

function blocksOf(content: unknown): Block[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return Array.isArray(content) ? (content as Block[]) : [];
}

const fail = (message: string): AnthropicVerdict => ({ ok: false, message });
const isThinking = (block: Block | undefined) =>
  block?.type === "thinking" || block?.type === "redacted_thinking";

function checkThinkingConfig(body: Record<string, unknown>, model: string): AnthropicVerdict | "off" | "on" {
  const rules = anthropicModelProfile(model);
  const maxTokens = body.max_tokens;
  if (typeof maxTokens !== "number" || !Number.isInteger(maxTokens) || maxTokens < 1)
    return fail("max_tokens: Field required");
  if (maxTokens > rules.maxOutputTokens)
    return fail(
      `max_tokens: ${maxTokens} > ${rules.maxOutputTokens}, which is the maximum allowed number of output tokens for ${model}`,
    );
  const effort = (body.output_config as { effort?: unknown } | undefined)?.effort;
  if (effort !== undefined && !rules.effort.includes(String(effort)))
    return fail(
      rules.effort.length === 0
        ? `output_config.effort: effort is not supported by ${model}`
        : `output_config.effort: Input should be ${rules.effort.map((level) => `'${level}'`).join(", ")}`,
    );
  const thinking = body.thinking as
    | { type?: unknown; budget_tokens?: unknown; display?: unknown }
    | undefined;
  if (thinking === undefined) return rules.thinksByDefault ? "on" : "off";
  if (thinking.type === "disabled") {
    if (rules.refusesDisabled)
      return fail(`thinking.type: 'disabled' is not supported by ${model}; omit the thinking parameter`);
    return "off";
  }
  if (thinking.type === "enabled") {
    if (!rules.enabledThinking)
      return fail(
        `thinking.type.enabled is not supported for ${model}. Use thinking.type.adaptive and output_config.effort to control thinking behavior.`,
      );
    const budget = thinking.budget_tokens;
    if (typeof budget !== "number" || !Number.isInteger(budget))
      return fail("thinking.enabled.budget_tokens: Field required");
    if (budget < 1024)
      return fail("thinking.enabled.budget_tokens: Input should be greater than or equal to 1024");
    if (budget >= maxTokens)
      return fail(
        "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size",
      );
    return "on";
  }
  if (thinking.type === "adaptive") {
    if (!rules.adaptiveThinking) return fail(`thinking.type.adaptive is not supported for ${model}`);
    if (thinking.display !== undefined && thinking.display !== "summarized" && thinking.display !== "omitted")
      return fail("thinking.adaptive.display: Input should be 'summarized' or 'omitted'");
    return "on";
  }
  return fail(
    "thinking.type: Input tag does not match any of the expected tags: 'enabled', 'adaptive', 'disabled'",
  );
}

/** Validates the request and prices it; `model` is the request's model name. */
export function judgeAnthropicRequest(
  body: Record<string, unknown>,
  model: string,
  state: AnthropicState,
): AnthropicVerdict {
  const thinking = checkThinkingConfig(body, model);
  if (typeof thinking === "object") return thinking;
  const rules = anthropicModelProfile(model);
  const messages = Array.isArray(body.messages) ? (body.messages as WireMessage[]) : [];
  const tools = Array.isArray(body.tools) ? (body.tools as Block[]) : [];
  const system =
    typeof body.system === "string" ? [{ type: "text", text: body.system }] : blocksOf(body.system);

  const parts: Array<{ key: unknown; tokens: number; breakpoint: boolean }> = [];
  const add = (block: Block, tokens?: number) => {
    const { cache_control, ...rest } = block;
    parts.push({ key: rest, tokens: tokens ?? unitTokens(rest), breakpoint: cache_control !== undefined });
  };
  for (const tool of tools) add(tool);
  for (const block of system) add(block);
  // Thinking settings key the messages tier: changing them invalidates message caches only.
  parts.push({ key: { thinking: body.thinking ?? null }, tokens: 0, breakpoint: false });

  let images = 0;
  for (const [index, message] of messages.entries()) {
    const blocks = blocksOf(message.content);
    const where = `messages.${index}`;
    if (index === 0 && message.role !== "user")
      return fail(`${where}: first message must use the "user" role`);
    if (message.role === "assistant") {
      const firstThinking = blocks.findIndex(isThinking);
      if (firstThinking > 0)
        return fail(
          `${where}.content.0: If an assistant message contains any thinking blocks, the first block must be thinking or redacted_thinking. Found ${String(blocks[0]?.type)}.`,
        );
      if (isThinking(blocks.at(-1)))
        return fail(`${where}: The final block in an assistant message cannot be \`thinking\`.`);
    }
    for (const [blockIndex, block] of blocks.entries()) {
      const at = `${where}.content.${blockIndex}`;
      if (isThinking(block) && block.cache_control !== undefined)
        return fail(`${at}.${String(block.type)}.cache_control: Extra inputs are not permitted`);
      if (
        block.type === "thinking" &&
        block.signature !== signThinking(state.secret, String(block.thinking ?? ""))
      )
        return fail(`${at}: Invalid \`signature\` in \`thinking\` block`);
      if (block.type === "redacted_thinking" && !validRedacted(state.secret, block.data))
        return fail(`${at}: Invalid \`data\` in \`redacted_thinking\` block`);
      if (block.type === "text" && block.text === "")
        return fail(`${at}: text content blocks must be non-empty`);
      const nested = block.type === "tool_result" ? blocksOf(block.content) : [block];
      let tokens: number | undefined;
      for (const item of nested) {
        if (item.type !== "image") continue;
        images++;
        const source = (item.source ?? {}) as Record<string, unknown>;
        if (source.type !== "base64")
          return fail(`${at}.image.source.type: only base64 images are accepted here`);
        const facts = checkImage(source.media_type, source.data);
        if ("error" in facts) return fail(`${at}.image.source.base64.${facts.error}`);
        if (facts.bytes > 5 * 1024 * 1024)
          return fail(
            `${at}.image.source.base64: image exceeds 5 MB maximum: ${facts.bytes} bytes > 5242880 bytes`,
          );
        if (facts.width > 8000 || facts.height > 8000)
          return fail(
            `${at}.image.source.base64.data: At least one of the image dimensions exceed max allowed size: 8000 pixels`,
          );
        tokens = (tokens ?? unitTokens({ ...item, source: undefined })) + imageTokens(facts);
      }
      if (block.type === "tool_result" && tokens !== undefined)
        tokens += unitTokens({
          ...block,
          content: blocksOf(block.content).filter((item) => item.type !== "image"),
        });
      add(block, tokens);
    }
  }
  if (images > 100) return fail(`Too many images in request: ${images} > 100`);
  const pairing = checkToolPairing(messages);
  if (pairing) return fail(pairing);
  const manual = (body.thinking as { type?: unknown } | undefined)?.type === "enabled";
  const loop = checkToolLoopThinking(messages, thinking, manual, state);
  if (loop) return fail(loop);

  const breakpoints = parts.flatMap((part, index) => (part.breakpoint ? [index] : []));
  if (breakpoints.length > 4)
    return fail(`A maximum of 4 blocks with cache_control may be provided. Found ${breakpoints.length}.`);
  const units = chainUnits(`anthropic:${model}`, parts);
  const usage = state.cache.anthropic(units, breakpoints);
  const display = (body.thinking as { display?: unknown } | undefined)?.display;
  return {
    ok: true,
    thinking,
    manual,
    summarized: !rules.omitsThinkingText || display === "summarized",
    usage,
  };
}

/** Every tool_use is answered in the next message, and every tool_result answers the previous one. */
function checkToolPairing(messages: WireMessage[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    const blocks = blocksOf(message.content);
    if (message.role === "assistant") {
      const next = blocksOf(messages[index + 1]?.content);
      const answered = new Set(
        next.filter((block) => block.type === "tool_result").map((block) => block.tool_use_id),
      );
      const missing = blocks.filter((block) => block.type === "tool_use" && !answered.has(block.id));
      if (missing.length > 0 && index + 1 < messages.length)
        return `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.map((block) => String(block.id)).join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
      continue;
    }
    const previous = messages[index - 1];
    const asked = new Set(
      previous?.role === "assistant"
        ? blocksOf(previous.content)
            .filter((block) => block.type === "tool_use")
            .map((block) => block.id)
        : [],
    );
    for (const [blockIndex, block] of blocks.entries())
      if (block.type === "tool_result" && !asked.has(block.tool_use_id))
        return `messages.${index}.content.${blockIndex}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
  }
  return undefined;
}

/** Within a tool loop the assistant message must start with the thinking block the server issued. */
function checkToolLoopThinking(
  messages: WireMessage[],
  thinking: "on" | "off",
  manual: boolean,
  state: AnthropicState,
): string | undefined {
  const last = messages.at(-1);
  if (thinking === "off" || last?.role !== "user") return undefined;
  if (!blocksOf(last.content).some((block) => block.type === "tool_result")) return undefined;
  const index = messages.length - 2;
  const assistant = blocksOf(messages[index]?.content);
  const issued = assistant
    .filter((block) => block.type === "tool_use")
    .map((block) => state.issued.get(String(block.id)))
    .find((entry) => entry !== undefined);
  const first = assistant[0];
  const loopMessage = `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first?.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`;
  // Manual thinking always thinks first; adaptive thinking may have skipped it for this step.
  if (!isThinking(first)) return issued !== undefined || manual ? loopMessage : undefined;
  if (issued === undefined) return undefined;
  const value = issued.kind === "thinking" ? first?.signature : first?.data;
  if (first?.type !== issued.kind || value !== issued.value)
    return `messages.${index}.content.0: the thinking block does not match the one issued with this tool use (a thinking block must be passed back unchanged, signature included)`;
  return undefined;
}
