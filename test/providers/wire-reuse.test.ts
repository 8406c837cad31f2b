// The history's wire form and serialised bytes are made once per message and reused by every later
// request (json-body.ts, anthropic-wire.ts): the bytes equal JSON.stringify's, the prompt-cache
// breakpoints of one request never stay on a message for the next, and what the server receives
// over a growing session is what a fresh conversion of the same history gives — for Anthropic and for
// both OpenAI APIs (openai-chat-body.ts, openai-responses-wire.ts), whose messages can each become
// several wire messages or none.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { Message, ModelClient, ToolSchema } from "../../src/model/types.js";
import { toAnthropicMessages } from "../../src/providers/anthropic-wire.js";
import {
  asciiJson,
  type BodyHistory,
  createJsonBodyBuilder,
  takeBodyParts,
} from "../../src/providers/json-body.js";
import { createOpenAIChatClient } from "../../src/providers/openai-chat.js";
import { createChatBodyBuilder } from "../../src/providers/openai-chat-body.js";
import { toChatMessages, toChatTools } from "../../src/providers/openai-chat-wire.js";
import { createOpenAIResponsesClient } from "../../src/providers/openai-responses.js";
import {
  responsesHistory,
  toResponsesInput,
  toResponsesTools,
} from "../../src/providers/openai-responses-wire.js";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.js";
import { collect, endMessage, makeClient } from "./provider-harness.js";

const ASCII = /^[\x00-\x7e]*$/;

/** A registered body's parts joined, as http-fetch writes them. */
function joined(text: string): string {
  const parts = takeBodyParts(text);
  assert.ok(parts, "the body's parts are registered");
  return Buffer.concat(
    parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : part)),
  ).toString("latin1");
}

describe("json-body", () => {
  const plain = <T>(items: readonly T[]): BodyHistory<T> => ({
    items,
    json: (item) => asciiJson(item) ?? "null",
  });
  const cases: Array<[string, Record<string, unknown>, unknown[]]> = [
    ["other keys", { model: "m", stream: true }, [{ a: 1 }, { b: [2, "x"] }]],
    ["an empty history", { model: "m" }, []],
    ["the history alone", {}, [{ role: "user", content: 'ünïcödé ✓ 🚀 \u2028 "q" \\ \u007f' }]],
    ["values without JSON", { skip: undefined, model: "m", fn: () => 1, tail: null }, [null, 3, "s"]],
    ["a history key in the body", { messages: "left out", model: "m" }, [{ a: 1 }]],
    ["text beyond ASCII outside the history", { system: "→ ✓ 中文" }, [{ a: "plain" }]],
  ];
  for (const [label, body, items] of cases)
    test(`gives JSON.stringify's JSON in ASCII, the history first: ${label}`, () => {
      const text = createJsonBodyBuilder()(body, "messages", plain(items));
      assert.match(text, ASCII);
      assert.equal(joined(text), text);
      const { messages: _left, ...rest } = body;
      const expected = JSON.stringify({ messages: items, ...rest });
      assert.deepEqual(JSON.parse(text), JSON.parse(expected));
      // Where JSON.stringify's text is ASCII already, it is the same text, key order included.
      if (ASCII.test(expected)) assert.equal(text, expected);
    });

  test("a builder's bodies over histories that grow, carry marked copies, shrink and start over", () => {
    const build = createJsonBodyBuilder();
    // Items of 30,000 characters: the kept text is sealed in segments of about 64 KB on the way.
    const made = Array.from({ length: 8 }, (_, index) => ({
      n: index,
      text: `item ${index} ✓ `.repeat(index % 2 ? 3000 : 1),
    }));
    // Per step: the history, the items sent once (with a mark), and how many items the builder
    // takes from the body before.
    const steps: Array<[number[], number[], number]> = [
      [[0, 1], [1], 0],
      [[0, 1, 2, 3], [3], 1],
      [[0, 1, 2, 3, 4], [4], 3],
      [[0, 1, 2, 3, 4, 5, 6], [6], 4],
      // An item the body before kept, to go as a copy now: the kept text cannot be used.
      [[0, 1, 2, 3, 4, 5, 6], [2, 6], 0],
      [[0, 1, 2], [2], 2],
      [[7, 1, 2], [], 0],
      [[7, 1, 2, 3], [], 3],
      [[7, 6, 2, 3, 4], [], 0],
      [[], [], 0],
      // The empty history is another conversation's: the one before it is still kept.
      [[7, 1, 2, 3, 4], [], 4],
      [[7, 1, 2, 3, 4, 5], [], 5],
    ];
    for (const [step, [picked, marked, reused]] of steps.entries()) {
      const items = picked.map((index) => made[index]);
      const once = new Set(marked.map((index) => picked.indexOf(index)));
      const json = (item: unknown, index: number) =>
        asciiJson(once.has(index) ? { ...(item as object), mark: true } : item) ?? "null";
      const text = build({ model: "m" }, "messages", { items, json, once });
      const expected = items.map((item, index) => (once.has(index) ? { ...item, mark: true } : item));
      assert.deepEqual(
        JSON.parse(text),
        { messages: JSON.parse(JSON.stringify(expected)), model: "m" },
        `step ${step}`,
      );
      assert.deepEqual(build.last, { reused, serialised: items.length - reused }, `step ${step}`);
      assert.equal(joined(text), text, `step ${step}`);
    }
    const parts = takeBodyParts(build({}, "messages", plain(made))) ?? [];
    assert.ok(parts.filter((part) => typeof part !== "string").length >= 2, "segments sealed as bytes");
  });

  test("conversations taking turns on one builder each continue their own kept text, the last four", () => {
    const build = createJsonBodyBuilder();
    const conversations = Array.from({ length: 5 }, (_, who) =>
      Array.from({ length: 6 }, (_, index) => ({ who, index, text: `${who}/${index} ✓` })),
    );
    const send = (who: number, length: number) => {
      const items = conversations[who]?.slice(0, length) ?? [];
      const text = build({ model: "m" }, "messages", plain(items));
      assert.deepEqual(JSON.parse(text), { messages: items, model: "m" }, `conversation ${who}`);
      assert.equal(joined(text), text);
      return build.last.reused;
    };
    assert.deepEqual([send(0, 2), send(1, 2), send(0, 3), send(1, 4), send(0, 5)], [0, 0, 2, 2, 3]);
    // Three more conversations: the oldest kept one (1) goes, the four last sent (0, 2, 3, 4) stay.
    assert.deepEqual([send(2, 1), send(3, 1), send(4, 1)], [0, 0, 0]);
    assert.deepEqual([send(0, 6), send(1, 5)], [5, 0]);
  });

  test("the keys after the history follow every change of one builder's bodies: values, order, keys gone and new", () => {
    const build = createJsonBodyBuilder();
    const tools = [{ name: "Read", description: "reads — a file ✓" }];
    const bodies: Array<Record<string, unknown>> = [
      { model: "m", tools, system: "sys" },
      { model: "m", tools: structuredClone(tools), system: "sys" },
      { model: "m", tools: [...tools, { name: "Edit" }], system: "sys" },
      { model: "m", tools, system: "sys ü" },
      { model: "m", system: "sys ü", tools },
      { model: "m", system: "sys ü" },
      { model: "m", system: "sys ü", temperature: 0 },
      { model: "m", system: "sys ü", temperature: undefined },
      { model: "m", tools, system: "sys" },
    ];
    let lastTail: string | undefined;
    for (const [step, body] of bodies.entries()) {
      const text = build(body, "messages", plain([{ n: step }]));
      assert.match(text, ASCII, `step ${step}`);
      assert.deepEqual(
        JSON.parse(text),
        JSON.parse(JSON.stringify({ messages: [{ n: step }], ...body })),
        `step ${step}`,
      );
      assert.equal(joined(text), text, `step ${step}`);
      const tail = text.slice(text.indexOf("]") + 1);
      if (step === 1) assert.equal(tail, lastTail, "an equal value gives the same text");
      if (step === 4) assert.notEqual(tail, lastTail, "keys in another order: JSON.stringify's order");
      lastTail = tail;
    }
  });

  test("items with no text are kept but leave no value and no comma, also next to sealed segments", () => {
    const build = createJsonBodyBuilder();
    // Even items send nothing; odd ones are large enough that segments are sealed on the way.
    const made = Array.from({ length: 9 }, (_, index) => ({
      n: index,
      text: "x".repeat(index % 2 ? 40_000 : 1),
    }));
    const steps: Array<[number[], number[], number]> = [
      [[0], [], 0],
      [[0, 2], [], 1],
      [[0, 2, 1], [], 2],
      [[0, 2, 1, 4], [], 3],
      // Items 1 and 3 sealed in a segment, the item after them without text: the segment's comma goes.
      [[0, 2, 1, 4, 3, 6], [], 4],
      [[0, 2, 1, 4, 3, 6, 5], [], 6],
      // An item with no text sent once ends the kept run all the same.
      [[0, 2, 1, 4, 3, 6, 5, 8, 7], [8], 7],
      [[0, 2, 1, 4, 3, 6, 5, 8, 7], [], 7],
      [[2, 4, 6], [], 0],
      [[2, 4, 6, 8], [], 3],
    ];
    for (const [step, [picked, marked, reused]] of steps.entries()) {
      const items = picked.map((index) => made[index] ?? assert.fail(`no item ${index}`));
      const once = new Set(marked.map((index) => picked.indexOf(index)));
      const json = (item: { n: number }) => (item.n % 2 ? (asciiJson(item) ?? "null") : "");
      const text = build({ model: "m" }, "messages", { items, json, once });
      const expected = items.filter((item) => item.n % 2 === 1);
      assert.deepEqual(JSON.parse(text), { messages: expected, model: "m" }, `step ${step}`);
      assert.deepEqual(build.last, { reused, serialised: items.length - reused }, `step ${step}`);
      assert.equal(joined(text), text, `step ${step}`);
    }
  });
});

function toolTurn(index: number): Message[] {
  const id = `toolu_${index}`;
  return [
    {
      role: "assistant",
      content: [{ type: "tool_use", id, name: "Read", input: { file_path: `f${index}` } }],
    },
    { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: `contents ${index} ✓` }] },
  ];
}

describe("Anthropic requests over a growing history", () => {
  const servers: FakeModelServer[] = [];
  after(() => Promise.all(servers.map((server) => server.close())));

  test("each request carries the breakpoints of its own last messages only, and the fresh conversion's body", async () => {
    const turns = 6;
    const server = await startFakeModelServer(Array.from({ length: turns }, () => ({ text: "ok" })));
    servers.push(server);
    const client = makeClient("anthropic", server);
    // One history grown in place, as a session grows it: the same message objects every request.
    const history: Message[] = [{ role: "user", content: [{ type: "text", text: "start" }] }];
    for (let turn = 0; turn < turns; turn++) {
      endMessage(await collect(client, { messages: history }));
      const body = server.requests.at(-1)?.body as { messages: unknown[] };
      // What a conversion of copies (nothing made or kept before) gives, marks included.
      const fresh = toAnthropicMessages(structuredClone(history));
      assert.deepEqual(body.messages, JSON.parse(JSON.stringify(fresh)), `request ${turn + 1}`);
      const marks = JSON.stringify(body.messages).split('"cache_control"').length - 1;
      assert.equal(
        marks,
        turn === 0 ? 1 : 2,
        `request ${turn + 1} marks the previous and the newest user message`,
      );
      history.push(...toolTurn(turn));
    }
    assert.equal(server.refusals.length, 0, JSON.stringify(server.refusals));
    const headers = server.requests.at(-1)?.headers ?? {};
    assert.equal(headers["content-type"], "application/json");
  });
});

/** A history as JSON gives it back (what the server parses). */
const asSent = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** The start of an OpenAI conversation: a tool call recorded without reasoning (another provider's),
 *  its result with text after it (two wire messages), and a message with nothing to send (none). */
function openaiStart(): Message[] {
  return [
    { role: "user", content: [{ type: "text", text: "start ✓" }] },
    {
      role: "assistant",
      content: [{ type: "tool_use", id: "call_a", name: "Read", input: { file_path: "a" } }],
    },
    {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "call_a", content: "a ✓" },
        { type: "text", text: "and then?" },
      ],
    },
    { role: "user", content: [{ type: "text", text: "" }] },
  ];
}

/** The user message answering every tool call of a reply. */
function resultsOf(reply: Message): Message {
  const results = reply.content.flatMap((block) =>
    block.type === "tool_use"
      ? [{ type: "tool_result" as const, tool_use_id: block.id, content: `read ${block.id} → ✓` }]
      : [],
  );
  return { role: "user", content: results };
}

const readTool: ToolSchema = {
  name: "Read",
  description: "Reads a file.",
  input_schema: { type: "object", properties: { file_path: { type: "string" } } },
};

describe("OpenAI request bodies over a growing history", () => {
  test("the chat builder serialises the new messages only, and starts over for a new system prompt or reasoning", () => {
    const build = createChatBodyBuilder();
    const history = openaiStart();
    const params = { model: "m", stream: true as const };
    // Per step: tool turns added, the system prompt, whether the server reasons, items reused (the
    // system prompt is one).
    const steps: Array<[number, string, boolean, number]> = [
      [0, "You are ✓.", false, 0],
      [1, "You are ✓.", false, 5],
      [1, "You are ✓.", false, 7],
      [0, "You are ✓.", true, 0],
      [1, "You are ✓.", true, 9],
      [0, "Another system prompt.", true, 0],
      [0, "", true, 0],
      [1, "", true, 11],
    ];
    for (const [step, [turns, system, reasoner, reused]] of steps.entries()) {
      for (let turn = 0; turn < turns; turn++) history.push(...toolTurn(history.length));
      const text = build(params, { system, messages: history }, { reasoner });
      assert.match(text, ASCII);
      const fresh = toChatMessages(system, structuredClone(history), { reasoner });
      assert.deepEqual(JSON.parse(text), { messages: asSent(fresh), ...params }, `step ${step}`);
      assert.deepEqual(build.last, { reused, serialised: history.length + 1 - reused }, `step ${step}`);
      assert.equal(joined(text), text, `step ${step}`);
    }
  });

  test("chat conversations with their own system prompts take turns on one builder and each continue", () => {
    const build = createChatBodyBuilder();
    const params = { model: "m", stream: true as const };
    const parent = { system: "You are the parent ✓.", messages: openaiStart() };
    const child = { system: "You are a subagent.", messages: openaiStart() };
    // Per request: how many items it reused, and how many its conversation's request before sent
    // (the system prompt counts as one; 0 for a first request).
    const reused: Array<[number, number]> = [];
    const sent = new Map<object, number>();
    for (const conversation of [parent, child, parent, child, parent]) {
      const before = sent.get(conversation) ?? 0;
      conversation.messages.push(...toolTurn(conversation.messages.length));
      const text = build(params, conversation, { reasoner: false });
      const fresh = toChatMessages(conversation.system, structuredClone(conversation.messages), {});
      assert.deepEqual(JSON.parse(text), { messages: asSent(fresh), ...params });
      reused.push([build.last.reused, before]);
      sent.set(conversation, conversation.messages.length + 1);
    }
    for (const [request, [count, before]] of reused.entries())
      assert.equal(count, before, `request ${request}: the whole request before it is reused`);
    assert.ok(reused.slice(2).every(([count]) => count > 0));
  });

  test("a Responses history serialises the new messages only", () => {
    const build = createJsonBodyBuilder();
    const history = openaiStart();
    for (const [step, reused] of [0, 4, 6, 8].entries()) {
      if (step > 0) history.push(...toolTurn(step));
      const text = build({ model: "m" }, "input", responsesHistory(history));
      const fresh = toResponsesInput(structuredClone(history));
      assert.deepEqual(JSON.parse(text), { input: asSent(fresh), model: "m" }, `step ${step}`);
      assert.deepEqual(build.last, { reused, serialised: history.length - reused }, `step ${step}`);
    }
  });

  const servers: FakeModelServer[] = [];
  after(() => Promise.all(servers.map((server) => server.close())));
  const script = (turns: number) =>
    Array.from({ length: turns }, (_, turn) => ({
      text: `step ${turn} ✓`,
      tool_calls: [{ name: "Read", input: { file_path: `f${turn}` } }],
    }));
  /** A conversation of `turns` requests over one history grown in place; `check` sees each body the
   *  server received (before the reply joins the history); resolves to the server and history. */
  async function converse(
    turns: number,
    make: (baseURL: string) => ModelClient,
    check: (body: unknown, turn: number, history: Message[]) => void,
  ): Promise<{ server: FakeModelServer; history: Message[] }> {
    const server = await startFakeModelServer(script(turns));
    servers.push(server);
    const client = make(server.openaiBaseURL);
    const history = openaiStart();
    for (let turn = 0; turn < turns; turn++) {
      const reply = endMessage(await collect(client, { messages: history, tools: [readTool] })).message;
      check(server.requests.at(-1)?.body, turn, history);
      history.push(reply, resultsOf(reply));
    }
    assert.equal(server.refusals.length, 0, JSON.stringify(server.refusals));
    assert.equal(server.requests.at(-1)?.headers["content-type"], "application/json");
    return { server, history };
  }

  test("chat: each request's body is the fresh conversion's, also once the server turns out to reason", async () => {
    // The model is not known to reason; the server streams reasoning, so from the second request on
    // the tool call recorded without any goes with an empty one.
    const model = "qwen3-test";
    const make = (baseURL: string) =>
      createOpenAIChatClient({ apiKey: "k", baseURL, model, retryBaseDelayMs: 1 });
    const { server } = await converse(5, make, (body, turn, history) => {
      const fresh = toChatMessages("You are a test.", structuredClone(history), { reasoner: turn > 0 });
      const expected = {
        model,
        messages: fresh,
        stream: true,
        stream_options: { include_usage: true },
        tools: toChatTools([readTool]),
      };
      assert.deepEqual(body, asSent(expected), `request ${turn + 1}`);
    });
    const last = server.requests.at(-1)?.body as { messages: Array<Record<string, unknown>> };
    assert.equal(
      last.messages[2]?.reasoning_content,
      "",
      "the call recorded without reasoning gets an empty one",
    );
    assert.equal(typeof last.messages.at(-2)?.reasoning, "string", "the server's reasoning goes back");
  });

  test("Responses: each request's input is the fresh conversion's, reasoning items passed back", async () => {
    const model = "gpt-5";
    const make = (baseURL: string) =>
      createOpenAIResponsesClient({ apiKey: "k", baseURL, model, retryBaseDelayMs: 1 });
    const { history } = await converse(4, make, (body, turn, sent) => {
      const expected = {
        model,
        input: toResponsesInput(structuredClone(sent)),
        stream: true,
        store: false,
        instructions: "You are a test.",
        tools: toResponsesTools([readTool]),
        reasoning: { summary: "auto" },
        include: ["reasoning.encrypted_content"],
      };
      assert.deepEqual(body, asSent(expected), `request ${turn + 1}`);
    });
    assert.ok(JSON.stringify(history).includes("encrypted_content"), "reasoning items went back");
  });
});
