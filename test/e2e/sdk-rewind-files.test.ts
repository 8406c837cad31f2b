// The real Claude Agent SDK's file checkpointing against reagent: with enableFileCheckpointing, two
// turns change files through Write and Bash; rewindFiles(uuid of the first user message) previews
// (dryRun) and then restores the files as they were before it (a file made since is deleted); the
// uuid of the second message comes from the replayed user message. Without the option, and for an
// unknown message, rewindFiles answers canRewind: false with the reason.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { type Options, query, type SDKMessage, type SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { sdkOptions } from "../support/agent-sdk.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const FIRST = "11111111-1111-4111-8111-111111111111";

/** A prompt stream that yields each prompt when told to and stays open until `end()`. */
function promptStream() {
  const waiting: Array<(message: SDKUserMessage | undefined) => void> = [];
  const queued: Array<SDKUserMessage | undefined> = [];
  const push = (message: SDKUserMessage | undefined) => {
    const next = waiting.shift();
    if (next) next(message);
    else queued.push(message);
  };
  async function* prompts(): AsyncGenerator<SDKUserMessage> {
    for (;;) {
      const message =
        queued.length > 0
          ? queued.shift()
          : await new Promise<SDKUserMessage | undefined>((resolve) => waiting.push(resolve));
      if (!message) return;
      yield message;
    }
  }
  const send = (text: string, uuid?: string) =>
    push({
      type: "user",
      message: { role: "user", content: text },
      parent_tool_use_id: null,
      ...(uuid ? { uuid: uuid as SDKUserMessage["uuid"] } : {}),
    } as SDKUserMessage);
  return { prompts: prompts(), send, end: () => push(undefined) };
}

/** A query over a prompt stream: `next()` reads up to the next result, `end()` closes the stream and
 *  reads the rest. */
function session(options: Options) {
  const stream = promptStream();
  const q = query({ prompt: stream.prompts, options });
  const iterator = q[Symbol.asyncIterator]();
  const seen: SDKMessage[] = [];
  return {
    q,
    seen,
    send: stream.send,
    next: () => untilResult(iterator, seen),
    async end() {
      stream.end();
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) seen.push(next.value);
    },
  };
}

/** Reads messages until the next result. */
async function untilResult(iterator: AsyncIterator<SDKMessage>, seen: SDKMessage[]): Promise<void> {
  for (;;) {
    const next = await iterator.next();
    if (next.done) throw new Error("the query ended before a result");
    seen.push(next.value);
    if (next.value.type === "result") return;
  }
}

test("enableFileCheckpointing: rewindFiles previews and restores the files as before a user message", async () => {
  const workspace = scopedWorkspace({ "a.txt": "one\n" });
  const server = await serveScoped([
    {
      tool_calls: [
        { id: "r1", name: "Read", input: { file_path: join(workspace.dir, "a.txt") } },
        { id: "w1", name: "Write", input: { file_path: join(workspace.dir, "a.txt"), content: "two\n" } },
        { id: "b1", name: "Bash", input: { command: "echo made > made.txt" } },
      ],
    },
    { text: "first done" },
    { tool_calls: [{ id: "b2", name: "Bash", input: { command: "echo three > a.txt" } }] },
    { text: "second done" },
  ]);
  const options = sdkOptions(server, workspace.dir, {
    enableFileCheckpointing: true,
    permissionMode: "bypassPermissions",
    allowDangerouslySkipPermissions: true,
    extraArgs: { "replay-user-messages": null },
  });
  const { q, seen, send, next, end } = session(options);
  try {
    send("change a", FIRST);
    await next();
    send("change a again");
    await next();
    assert.equal(readFileSync(join(workspace.dir, "a.txt"), "utf8"), "three\n", options.stderrText());
    const replayed = seen.filter(
      (message): message is Extract<SDKMessage, { type: "user" }> =>
        message.type === "user" && "isReplay" in message,
    );
    assert.equal(replayed[0]?.uuid, FIRST, "the caller's uuid is the one replayed");
    const second = replayed[1]?.uuid;
    assert.ok(second && second !== FIRST, "the second prompt got a uuid of its own");

    const preview = await q.rewindFiles(second, { dryRun: true });
    assert.deepEqual(preview, { canRewind: true, filesChanged: ["a.txt"], insertions: 1, deletions: 1 });
    assert.equal(readFileSync(join(workspace.dir, "a.txt"), "utf8"), "three\n", "a dry run changes nothing");

    const rewound = await q.rewindFiles(FIRST);
    assert.equal(rewound.canRewind, true, JSON.stringify(rewound));
    assert.deepEqual([...(rewound.filesChanged ?? [])].sort(), ["a.txt", "made.txt"]);
    assert.equal(readFileSync(join(workspace.dir, "a.txt"), "utf8"), "one\n");
    assert.equal(existsSync(join(workspace.dir, "made.txt")), false);

    const unknown = await q.rewindFiles("22222222-2222-4222-8222-222222222222");
    assert.equal(unknown.canRewind, false);
    assert.match(unknown.error ?? "", /No checkpoint found for user message 22222222/);
  } finally {
    await end();
  }
});

test("without enableFileCheckpointing, rewindFiles says checkpointing is off", async () => {
  const workspace = scopedWorkspace({ "a.txt": "one\n" });
  const server = await serveScoped([{ text: "hello" }]);
  const { q, send, next, end } = session(sdkOptions(server, workspace.dir));
  try {
    send("hi", FIRST);
    await next();
    const answer = await q.rewindFiles(FIRST);
    assert.equal(answer.canRewind, false);
    assert.match(answer.error ?? "", /File checkpointing is not enabled.*enableFileCheckpointing/);
  } finally {
    await end();
  }
});
