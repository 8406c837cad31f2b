// The Responses API rules the fake model server enforces, worded like the real 400s: unknown
// parameters refused (top level, per input item, per tool), input item shapes by type and role,
// `reasoning` only for reasoning models, function_call_output answering an earlier function_call and
// every call answered, reasoning items coming back with their encrypted content (verified) and
// followed by the calls they were issued with, and those calls never coming back without them. It
// prices the request through the automatic prefix cache.
import { createHmac, randomBytes } from "node:crypto";
import { checkImage } from "./fake-image-check.js";
import { chainUnits, type PromptCache, unitTokens } from "./fake-prompt-cache.js";

export type ResponsesState = {
  cache: PromptCache;
  secret: string;
  /** For each call_id the server issued with a reasoning item: that item's id. */
  issuedCalls: Map<string, string>;
};

export type ResponsesVerdict =
  | { ok: false; message: string; param?: string }
  | { ok: true; reasoning: boolean; summary: boolean; encrypted: boolean; prompt: number; cached: number };

type Item = Record<string, unknown>;
const fail = (message: string, param?: string): ResponsesVerdict => ({ ok: false, message, param });

const TOP_LEVEL = [
  "model",
  "input",
  "instructions",
  "tools",
  "tool_choice",
  "parallel_tool_calls",
  "stream",
  "store",
  "include",
  "reasoning",
  "max_output_tokens",
  "temperature",
  "top_p",
  "text",
  "prompt_cache_key",
  "metadata",
  "previous_response_id",
  "truncation",
  "user",
  "service_tier",
  "safety_identifier",
  "stream_options",
  "background",
  "max_tool_calls",
  "top_logprobs",
  "conversation",
  "prompt",
];
const ITEM_FIELDS: Record<string, readonly string[]> = {
  message: ["type", "role", "content", "id", "status"],
  function_call: ["type", "call_id", "name", "arguments", "id", "status"],
  function_call_output: ["type", "call_id", "output", "id", "status"],
  reasoning: ["type", "summary", "encrypted_content", "id", "content", "status"],
};
const PART_FIELDS: Record<string, readonly string[]> = {
  input_text: ["type", "text"],
  input_image: ["type", "image_url", "file_id", "detail"],
  output_text: ["type", "text", "annotations", "logprobs"],
  refusal: ["type", "refusal"],
};
const INCLUDABLE = [
  "reasoning.encrypted_content",
  "message.output_text.logprobs",
  "web_search_call.action.sources",
];

export function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5|codex)/.test(model.toLowerCase().replace(/^.*\//, ""));
}

/** Encrypted reasoning as the server issues it: opaque to clients, verifiable here, naming its item. */
export function encryptReasoning(secret: string, itemId: string): string {
  const payload = Buffer.from(JSON.stringify({ id: itemId, nonce: randomBytes(6).toString("hex") })).toString(
    "base64url",
  );
  const mac = createHmac("sha256", secret).update(payload).digest("base64url");
  return `gAAAAA${payload}.${mac}`;
}

function decryptReasoning(secret: string, value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("gAAAAA")) return undefined;
  const [payload, mac] = value.slice(6).split(".");
  if (!payload || mac !== createHmac("sha256", secret).update(payload).digest("base64url")) return undefined;
  return (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { id: string }).id;
}

function unknownKey(object: Item, allowed: readonly string[], where: string): ResponsesVerdict | undefined {
  const extra = Object.keys(object).find((key) => !allowed.includes(key));
  return extra === undefined ? undefined : fail(`Unknown parameter: '${where}${extra}'.`, `${where}${extra}`);
}

function checkParts(item: Item, index: number): ResponsesVerdict | undefined {
  const content = item.content;
  if (typeof content === "string") return undefined;
  if (!Array.isArray(content))
    return fail(`Invalid type for 'input[${index}].content'.`, `input[${index}].content`);
  const assistant = item.role === "assistant";
  for (const [partIndex, part] of (content as Item[]).entries()) {
    const where = `input[${index}].content[${partIndex}]`;
    const allowed = assistant ? ["output_text", "refusal"] : ["input_text", "input_image", "input_file"];
    if (!allowed.includes(String(part.type)))
      return fail(
        `Invalid value: '${String(part.type)}'. Supported values are: ${allowed.map((value) => `'${value}'`).join(" and ")}.`,
        `${where}.type`,
      );
    const extra = unknownKey(part, PART_FIELDS[String(part.type)] ?? [], `${where}.`);
    if (extra) return extra;
    if (part.type === "input_image") {
      const image = checkDataUrl(part.image_url, `${where}.image_url`);
      if (image) return image;
    }
  }
  return undefined;
}

function checkDataUrl(url: unknown, where: string): ResponsesVerdict | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(String(url ?? ""));
  if (!match) return fail(`Invalid '${where}': expected a base64-encoded data URL or an https URL.`, where);
  const facts = checkImage(match[1], match[2]);
  if ("error" in facts)
    return fail(
      "The image data you provided does not represent a valid image. Please check your input and try again with one of the supported image formats: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'].",
      where,
    );
  return undefined;
}

function checkTools(tools: unknown): ResponsesVerdict | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return fail("Invalid type for 'tools': expected an array.", "tools");
  for (const [index, tool] of (tools as Item[]).entries()) {
    if (tool.type !== "function")
      return fail(
        `Invalid value: '${String(tool.type)}'. Supported values are: 'function' and more.`,
        `tools[${index}].type`,
      );
    const extra = unknownKey(
      tool,
      ["type", "name", "description", "parameters", "strict"],
      `tools[${index}].`,
    );
    if (extra) return extra;
    const parameters = (tool.parameters ?? {}) as {
      properties?: Item;
      required?: unknown;
      additionalProperties?: unknown;
    };
    if (tool.strict === true) {
      const keys = Object.keys(parameters.properties ?? {});
      const required = Array.isArray(parameters.required) ? parameters.required : [];
      const missing = keys.find((key) => !required.includes(key));
      if (parameters.additionalProperties !== false || missing !== undefined)
        return fail(
          `Invalid schema for function '${String(tool.name)}': In context=(), ${missing !== undefined ? `'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'` : "'additionalProperties' is required to be supplied and to be false"}.`,
          `tools[${index}].parameters`,
        );
    }
  }
  return undefined;
}

function checkReasoningParams(body: Item, reasoning: boolean): ResponsesVerdict | undefined {
  const params = body.reasoning as Item | undefined;
  if (params !== undefined) {
    const extra = unknownKey(params, ["effort", "summary", "generate_summary"], "reasoning.");
    if (extra) return extra;
    for (const key of ["effort", "summary"])
      if (params[key] !== undefined && !reasoning)
        return fail(
          `Unsupported parameter: 'reasoning.${key}' is not supported with this model.`,
          `reasoning.${key}`,
        );
    const efforts = ["none", "minimal", "low", "medium", "high", "xhigh"];
    if (params.effort !== undefined && !efforts.includes(String(params.effort)))
      return fail(
        `Invalid value: '${String(params.effort)}'. Supported values are: ${efforts.map((value) => `'${value}'`).join(", ")}.`,
        "reasoning.effort",
      );
  }
  const include = Array.isArray(body.include) ? (body.include as unknown[]) : [];
  for (const value of include)
    if (!INCLUDABLE.includes(String(value)))
      return fail(
        `Invalid value: '${String(value)}'. Supported values are: ${INCLUDABLE.map((entry) => `'${entry}'`).join(", ")}.`,
        "include",
      );
  if (include.includes("reasoning.encrypted_content") && !reasoning)
    return fail("Encrypted content is not supported with this model.", "include");
  return undefined;
}

/** Pairing: outputs answer earlier calls, calls are answered, reasoning travels with its calls. */
function checkPairing(items: Item[], state: ResponsesState): ResponsesVerdict | undefined {
  const calls = new Map<string, number>();
  const answered = new Set<string>();
  const reasoningAt = new Map<string, number>();
  for (const [index, item] of items.entries()) {
    if (item.type === "reasoning") {
      const id = decryptReasoning(state.secret, item.encrypted_content);
      if (id !== undefined) reasoningAt.set(id, index);
    } else if (item.type === "function_call") {
      const callId = String(item.call_id);
      calls.set(callId, index);
      const required = state.issuedCalls.get(callId);
      const found = required === undefined ? undefined : reasoningAt.get(required);
      if (required !== undefined && (found === undefined || spanBreak(items, found, index)))
        return fail(
          `Item '${String(item.id ?? `fc_${callId}`)}' of type 'function_call' was provided without its required 'reasoning' item: '${required}'.`,
          `input[${index}]`,
        );
    } else if (item.type === "function_call_output") {
      const callId = String(item.call_id);
      if (!calls.has(callId))
        return fail(`No tool call found for function call output with call_id ${callId}.`, `input[${index}]`);
      answered.add(callId);
    }
  }
  for (const callId of calls.keys())
    if (!answered.has(callId)) return fail(`No tool output found for function call ${callId}.`, "input");
  for (const [id, at] of reasoningAt) {
    const owed = [...state.issuedCalls].filter(([, owner]) => owner === id).map(([callId]) => callId);
    const after = (callId: string) => {
      const index = calls.get(callId);
      return index !== undefined && index > at && !spanBreak(items, at, index);
    };
    if (!owed.every(after))
      return fail(
        `Item '${id}' of type 'reasoning' was provided without its required following item.`,
        `input[${at}]`,
      );
  }
  return undefined;
}

/** A user message or a tool output between two items: they are not of one response. */
function spanBreak(items: Item[], from: number, to: number): boolean {
  return items
    .slice(from + 1, to)
    .some(
      (item) =>
        item.type === "function_call_output" || (item.type === "message" && item.role !== "assistant"),
    );
}

export function judgeResponsesRequest(body: Item, model: string, state: ResponsesState): ResponsesVerdict {
  const top = unknownKey(body, TOP_LEVEL, "");
  if (top) return top;
  const reasoning = isReasoningModel(model);
  const params = checkReasoningParams(body, reasoning) ?? checkTools(body.tools);
  if (params) return params;
  const input = typeof body.input === "string" ? [{ role: "user", content: body.input }] : body.input;
  if (!Array.isArray(input)) return fail("Missing required parameter: 'input'.", "input");
  const items: Item[] = (input as Item[]).map((item) => ({
    ...item,
    type: item.type ?? (item.role ? "message" : undefined),
  }));
  for (const [index, item] of items.entries()) {
    const fields = ITEM_FIELDS[String(item.type)];
    if (!fields)
      return fail(
        `Invalid value: '${String(item.type)}'. Supported values are: 'message', 'function_call', 'function_call_output', 'reasoning' and more.`,
        `input[${index}].type`,
      );
    const extra = unknownKey(item, fields, `input[${index}].`);
    if (extra) return extra;
    if (item.type === "message") {
      if (!["user", "assistant", "system", "developer"].includes(String(item.role)))
        return fail(
          `Invalid value: '${String(item.role)}'. Supported values are: 'user', 'assistant', 'system', and 'developer'.`,
          `input[${index}].role`,
        );
      const parts = checkParts(item, index);
      if (parts) return parts;
    } else if (item.type === "function_call") {
      for (const key of ["call_id", "name", "arguments"])
        if (typeof item[key] !== "string")
          return fail(`Missing required parameter: 'input[${index}].${key}'.`, `input[${index}].${key}`);
    } else if (item.type === "function_call_output") {
      const output = item.output;
      if (Array.isArray(output)) {
        for (const [partIndex, part] of (output as Item[]).entries())
          if (part.type === "input_image") {
            const image = checkDataUrl(part.image_url, `input[${index}].output[${partIndex}].image_url`);
            if (image) return image;
          }
      } else if (typeof output !== "string")
        return fail(`Invalid type for 'input[${index}].output'.`, `input[${index}].output`);
    } else if (item.type === "reasoning") {
      if (!Array.isArray(item.summary))
        return fail(`Missing required parameter: 'input[${index}].summary'.`, `input[${index}].summary`);
      if (item.encrypted_content === undefined)
        return fail(
          item.id
            ? `Item with id '${String(item.id)}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`
            : `Missing required parameter: 'input[${index}].encrypted_content'.`,
          `input[${index}]`,
        );
      if (decryptReasoning(state.secret, item.encrypted_content) === undefined)
        return fail(
          `The encrypted content for item input[${index}] could not be verified.`,
          `input[${index}].encrypted_content`,
        );
    }
  }
  const pairing = checkPairing(items, state);
  if (pairing) return pairing;
  const units = chainUnits(`responses:${model}`, [
    { key: body.instructions ?? "", tokens: unitTokens(body.instructions ?? "") },
    ...(Array.isArray(body.tools) ? (body.tools as unknown[]) : []).map((tool) => ({
      key: tool,
      tokens: unitTokens(tool),
    })),
    ...items.map((item) => ({ key: item, tokens: itemTokens(item) })),
  ]);
  const prompt = units.reduce((sum, unit) => sum + unit.tokens, 0);
  const include = Array.isArray(body.include) ? body.include : [];
  return {
    ok: true,
    reasoning,
    summary: (body.reasoning as Item | undefined)?.summary !== undefined,
    encrypted: include.includes("reasoning.encrypted_content"),
    prompt,
    cached: state.cache.automatic(units),
  };
}

/** An image counts about 1,000 tokens, not the characters of its base64. */
function itemTokens(item: Item): number {
  const parts = [item.content, item.output].flatMap((value) =>
    Array.isArray(value) ? (value as Item[]) : [],
  );
  const images = parts.filter((part) => part.type === "input_image").length;
  if (images === 0) return unitTokens(item);
  const strip = (value: unknown) =>
    Array.isArray(value) ? (value as Item[]).filter((part) => part.type !== "input_image") : value;
  return unitTokens({ ...item, content: strip(item.content), output: strip(item.output) }) + images * 1000;
}
