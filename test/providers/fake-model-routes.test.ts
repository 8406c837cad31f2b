// The fake model's routing of subagent requests: a request whose system prompt or first user message
// holds a route's text plays that route's turns, each route in its own order; the rest play the main
// turns. Over the wire (both APIs) and in process.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { createRoutedScriptedClient } from "../support/routed-scripted-client.js";

const script = {
  turns: [{ text: "main one" }, { text: "main two" }],
  routes: [
    { match: "FIND-CONFIG", turns: [{ text: "config found" }, { text: "config twice" }] },
    { match: "You are the reviewer", turns: [{ text: "reviewed" }] },
  ],
};

async function textOf(response: Response): Promise<string> {
  const body = await response.text();
  return [...body.matchAll(/"(?:text|content)":"([^"]*)"/g)].map((match) => match[1]).join("");
}

test("the wire-level server routes by system prompt or first user message, per API", async () => {
  const server = await startFakeModelServer(script);
  try {
    const anthropic = (system: string, first: string) =>
      fetch(`${server.anthropicBaseURL}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          model: "m",
          max_tokens: 64,
          system: [{ type: "text", text: system }],
          messages: [
            { role: "user", content: [{ type: "text", text: first }] },
            { role: "assistant", content: "…" },
            { role: "user", content: "FIND-CONFIG mentioned later does not route" },
          ],
          stream: true,
        }),
      });
    const openai = (system: string, first: string) =>
      fetch(`${server.openaiBaseURL}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          model: "m",
          messages: [
            { role: "system", content: system },
            { role: "user", content: first },
          ],
          stream: true,
        }),
      });
    assert.equal(await textOf(await anthropic("parent", "please FIND-CONFIG for me")), "config found");
    assert.equal(await textOf(await anthropic("parent", "hello")), "main one");
    assert.equal(await textOf(await openai("You are the reviewer. Be brief.", "look")), "reviewed");
    assert.equal(await textOf(await openai("parent", "FIND-CONFIG again")), "config twice");
    assert.equal(await textOf(await openai("parent", "hi")), "main two");
    const exhausted = await openai("You are the reviewer", "more");
    assert.equal(exhausted.status, 500);
    assert.match(
      await exhausted.text(),
      /all 1 turns of the route matching \\"You are the reviewer\\" were used/,
    );
    assert.deepEqual(server.turnsByRoute(), { "FIND-CONFIG": 2, main: 2, "You are the reviewer": 1 });
    assert.equal(server.turnsServed(), 5);
  } finally {
    await server.close();
  }
});

test("the in-process routed client plays the same routes and gives unique tool call ids", async () => {
  const client = createRoutedScriptedClient({
    turns: [{ tool_calls: [{ name: "Read", input: {} }] }, { tool_calls: [{ name: "Read", input: {} }] }],
    routes: [{ match: "SUB", turns: [{ tool_calls: [{ name: "Grep", input: {} }] }] }],
  });
  const ids: string[] = [];
  for (const first of ["main", "SUB task", "main"]) {
    for await (const event of client.stream({
      system: "s",
      messages: [{ role: "user", content: [{ type: "text", text: first }] }],
      tools: [],
      signal: new AbortController().signal,
    })) {
      if (event.type === "message-end")
        for (const block of event.message.content) if (block.type === "tool_use") ids.push(block.id);
    }
  }
  assert.equal(new Set(ids).size, 3, ids.join(","));
  assert.deepEqual(
    client.requests.map((request) => request.route),
    ["main", "SUB", "main"],
  );
});
