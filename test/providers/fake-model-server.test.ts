// The fake model server itself: realistic splitting, request log, unknown routes, and the
// standalone mode used for manual demos.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { splitRealistically, startFakeModelServer } from "../support/fake-model-server.js";
import { tempFolder } from "../support/temp-folder.js";

test("splitRealistically gives 2+ pieces that join back", () => {
  for (const text of ["ab", "hello world", '{"file_path":"a.ts"}']) {
    const pieces = splitRealistically(text);
    assert.ok(pieces.length >= 2);
    assert.equal(pieces.join(""), text);
  }
  assert.deepEqual(splitRealistically("x"), ["x"]);
});

test("logs parsed request bodies and answers unknown routes with 404", async () => {
  const server = await startFakeModelServer([{ text: "hi" }]);
  try {
    const missing = await fetch(`${server.url}/v1/embeddings`, { method: "POST", body: "{}" });
    assert.equal(missing.status, 404);
    const response = await fetch(`${server.openaiBaseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [], stream: true }),
    });
    const text = await response.text();
    assert.match(text, /"content":"h/);
    assert.match(text, /data: \[DONE\]\n\n$/);
    assert.doesNotMatch(text, /"usage"/, "no usage chunk unless include_usage is asked for");
    assert.deepEqual(server.requests[1]?.body, { model: "m", messages: [], stream: true });
    assert.equal(server.turnsServed(), 1);
  } finally {
    await server.close();
  }
});

test("keepRequests keeps the newest requests only", async () => {
  const server = await startFakeModelServer([{ text: "a" }, { text: "b" }, { text: "c" }], {
    keepRequests: 2,
  });
  try {
    for (const model of ["m1", "m2", "m3"]) {
      const response = await fetch(`${server.openaiBaseURL}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model, messages: [{ role: "user", content: "hi" }], stream: true }),
      });
      await response.text();
    }
    assert.deepEqual(
      server.requests.map((request) => (request.body as { model: string }).model),
      ["m2", "m3"],
    );
    assert.equal(server.turnsServed(), 3);
  } finally {
    await server.close();
  }
});

test("runs standalone and prints its URL", async () => {
  const dir = tempFolder("fake-server");
  const scriptFile = join(dir, "script.json");
  await writeFile(scriptFile, JSON.stringify([{ text: "standalone hello" }]));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/support/fake-model-server.ts", scriptFile],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^(http:\/\/127\.0\.0\.1:\d+)\n/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.on("exit", (code) => reject(new Error(`exited early with ${code}`)));
    });
    const response = await fetch(`${url}/v1/messages`, {
      method: "POST",
      body: JSON.stringify({ model: "m", max_tokens: 64, messages: [], stream: true }),
    });
    const body = await response.text();
    assert.match(body, /event: message_start/);
    assert.match(body, /event: message_stop/);
  } finally {
    child.kill();
    await rm(dir, { recursive: true, force: true });
  }
});
