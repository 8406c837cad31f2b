import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, test } from "node:test";
import { closeAll, startRepl } from "./harness.js";

afterEach(closeAll);

const ENTER = "\r";

test("a prompt streams markdown into the transcript and the status line shows model, context, mode", async () => {
  const repl = await startRepl([{ text: "# Done\n\n- **first** item\n- second" }]);
  await repl.waitFor((screen) => screen.includes("Type a message"), "the prompt");
  assert.match(repl.screen(), /scripted\/scripted · 12% context · default mode/);
  await repl.type("hello");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("• first item"), "rendered markdown");
  const screen = repl.screen();
  assert.match(screen, /> hello/);
  assert.match(screen, /^Done$/m);
  assert.doesNotMatch(screen, /\*\*first\*\*/);
  assert.equal(repl.client.requests.length, 1);
  repl.press("\u0004");
  assert.equal(await repl.exited, 0);
  assert.deepEqual(repl.calls, ["start", "close"]);
  assert.deepEqual(JSON.parse((await readFile(join(repl.dir, "history.jsonl"), "utf8")).trim()), "hello");
});

test("the permission dialog answers by digits: 1 runs the tool, 3 then Enter saves the always rule", async () => {
  const repl = await startRepl([
    { tool_calls: [{ name: "Note", input: { text: "one" } }] },
    { tool_calls: [{ name: "Note", input: { text: "two" } }] },
    { text: "all noted" },
  ]);
  await repl.type("note twice");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Do you want to proceed?"), "the dialog");
  assert.match(repl.screen(), /"text": "one"/);
  assert.deepEqual(repl.notifications[0]?.type, "permission_prompt");
  repl.press("y");
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.match(repl.screen(), /Do you want to proceed\?/, "a letter does not answer the dialog");
  await repl.waitFor((screen) => /> y/.test(screen), "the letter in the prompt");
  repl.press("\u0015");
  await repl.waitFor((screen) => !/> y/.test(screen), "the prompt cleared");
  repl.press("1");
  await repl.waitFor((screen) => screen.includes("noted: one"), "the first result preview");
  await repl.waitFor(
    (screen) => screen.includes("Do you want to proceed?") && screen.includes('"two"'),
    "dialog 2",
  );
  repl.press("3");
  await repl.waitFor((screen) => /❯ 3\. Yes, always allow/.test(screen), "always selected");
  assert.deepEqual(repl.persisted(), [], "3 alone saves nothing");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("all noted"), "the final answer");
  assert.ok(
    repl.persisted().some((rule) => rule.startsWith("Note")),
    repl.persisted().join(","),
  );
  assert.match(repl.screen(), /✓ Note/);
  repl.press("\u0004");
  await repl.exited;
});

test("always for a Write saves that file's rule, never ./** for one file", async () => {
  const repl = await startRepl([
    { tool_calls: [{ name: "Write", input: { file_path: "a.txt", content: "A\n" } }] },
    { text: "written" },
  ]);
  await repl.type("write it");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Do you want to proceed?"), "the dialog");
  repl.press("3");
  await repl.waitFor(
    (screen) => /❯ 3\. Yes, always allow Edit\(\.\/a\.txt\)/.test(screen),
    "always selected",
  );
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("written"), "the answer");
  assert.deepEqual(repl.persisted(), ["Edit(./a.txt)"]);
  repl.press("\u0004");
  await repl.exited;
});

test("no with a message denies the call, tells the agent and the turn goes on", async () => {
  const repl = await startRepl([
    { tool_calls: [{ name: "Note", input: { text: "x" } }] },
    { text: "ok, using Echo" },
  ]);
  await repl.type("go");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Do you want to proceed?"), "the dialog");
  repl.press("4");
  const asking = await repl.waitFor(
    (screen) => screen.includes("Tell the agent what to do instead"),
    "the message field",
  );
  assert.match(asking, /❯ 4\. No, and tell the agent/);
  assert.doesNotMatch(asking, /❯ 1\. Yes/);
  await repl.type("use Echo");
  repl.press(ENTER);
  await repl.waitFor((screen) => /⊘ Note.*denied/.test(screen), "the denied tool line");
  await repl.waitFor((screen) => screen.includes("ok, using Echo"), "the turn continued");
  assert.equal(repl.screen().split("use Echo").length - 1, 1, "the instruction is shown once");
  assert.match(repl.screen(), /Declined · told the agent: use Echo/);
  assert.equal(repl.client.requests.length, 2, "the model got the rejection and answered");
  assert.match(JSON.stringify(repl.client.requests[1]?.messages), /The user said: use Echo/);
  repl.press("\u0004");
  await repl.exited;
});

test("Ctrl+C aborts a running turn, the session continues with the next prompt", async () => {
  const repl = await startRepl([
    { tool_calls: [{ name: "Echo", input: { text: "slow", delay_ms: 20_000 } }] },
    { text: "second answer" },
  ]);
  await repl.type("start");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Working…"), "the spinner");
  await repl.waitFor((screen) => screen.includes("slow"), "the running tool");
  repl.press("\u0003");
  await repl.waitFor((screen) => screen.includes("Interrupted"), "the interrupted notice");
  await repl.type("again");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("second answer"), "the second turn");
  repl.press("\u0003");
  await repl.waitFor((screen) => screen.includes("Press Ctrl+C again to exit"), "the exit hint");
  repl.press("\u0003");
  assert.equal(await repl.exited, 0);
});

test("Esc aborts a running turn, and Alt+key sequences do not", async () => {
  const repl = await startRepl([
    { tool_calls: [{ name: "Echo", input: { text: "slow", delay_ms: 20_000 } }] },
    { text: "second answer" },
  ]);
  const reasons: string[] = [];
  repl.session.subscribe((event) => {
    if (event.type === "turn-end") reasons.push(event.result.terminal.reason);
  });
  await repl.type("start");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("slow"), "the running tool");
  repl.press("\u001bb");
  repl.press("\u001b[1;3D");
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(reasons, [], "Alt+b and Alt+Left leave the turn running");
  assert.equal(repl.session.running, true);
  repl.press("\u001b");
  await repl.waitFor((screen) => screen.includes("Interrupted"), "the interrupted notice");
  assert.deepEqual(reasons, ["aborted"]);
  await repl.type("again");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("second answer"), "the second turn");
  repl.press("\u0004");
  assert.equal(await repl.exited, 0);
});

test("slash commands: suggestions, /status, unknown command, a skill, /clear", async () => {
  const repl = await startRepl([{ text: "skill done" }]);
  await repl.type("/st");
  await repl.waitFor((screen) => screen.includes("/status"), "suggestions");
  repl.press(ENTER);
  await repl.waitFor((screen) => /model:\s+scripted/.test(screen), "/status output");
  await repl.type("/hlep");
  repl.press(ENTER);
  await repl.waitFor(
    (screen) => screen.includes("Unknown command /hlep. Did you mean /help?"),
    "nearest match",
  );
  await repl.type("/greet world");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("skill done"), "skill turn");
  assert.match(JSON.stringify(repl.client.requests[0]?.messages), /Greet world warmly\./);
  await repl.type("/clear");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Started a fresh conversation."), "/clear");
  assert.ok(repl.calls.includes("clear"));
  repl.press("\u0004");
  await repl.exited;
});

test("history: up recalls the previous prompt; idle notification fires", async () => {
  const repl = await startRepl([{ text: "one" }], { idleMs: 50 });
  await repl.type("first prompt");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("one"), "answer");
  repl.press("\u001b[A");
  await repl.waitFor(
    (screen) => /> first prompt/.test(screen.split("\n").slice(-5).join("\n")),
    "recalled prompt",
  );
  await repl.waitFor(
    () => repl.notifications.some((item) => item.type === "idle_prompt"),
    "idle notification",
  );
  repl.press("\u0015");
  await repl.waitFor((screen) => screen.includes("Type a message"), "the cleared prompt");
  repl.press("\u0004");
  await repl.exited;
});

test("narrow terminals wrap without breaking the layout", async () => {
  const repl = await startRepl(
    [{ text: "a fairly long sentence that has to wrap inside a narrow terminal window" }],
    {
      columns: 30,
    },
  );
  await repl.type("hi");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("window"), "the answer");
  for (const line of repl.screen().split("\n")) assert.ok(line.length <= 30, `too wide: ${line}`);
  repl.press("\u0004");
  await repl.exited;
});

test("a resumed session opens with its earlier conversation, without a model request", async () => {
  const repl = await startRepl([{ text: "next answer" }], {
    history: (dir) => [
      { role: "user", content: [{ type: "text", text: "check the build" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "I'll **look**." },
          { type: "tool_use", id: "t1", name: "Read", input: { file_path: join(dir, "src", "a.ts") } },
          { type: "tool_use", id: "t2", name: "Bash", input: { command: "npm run build" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: "code" },
          { type: "tool_result", tool_use_id: "t2", content: "exit 2", is_error: true },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "The build is broken." }] },
    ],
  });
  const screen = await repl.waitFor((text) => text.includes("Type a message"), "the prompt");
  assert.match(screen, /> check the build/);
  assert.match(screen, /^I'll look\.$/m);
  assert.match(screen, /^✓ Read\(src\/a\.ts\)$/m);
  assert.match(screen, /^✗ Bash\(npm run build\) error$/m);
  assert.match(screen, /The build is broken\./);
  assert.ok(screen.indexOf("check the build") < screen.indexOf("The build is broken."));
  assert.equal(repl.client.requests.length, 0);
  await repl.type("and now?");
  repl.press(ENTER);
  await repl.waitFor((text) => text.includes("next answer"), "the next turn");
  assert.equal(repl.client.requests[0]?.messages.length, 5);
  repl.press("\u0004");
  await repl.exited;
});

test("at 40 columns the dialog's wrapped options hang under their text", async () => {
  const repl = await startRepl([{ tool_calls: [{ name: "Note", input: { text: "x" } }] }, { text: "ok" }], {
    columns: 40,
  });
  await repl.type("go");
  repl.press(ENTER);
  const screen = await repl.waitFor((text) => text.includes("Do you want to proceed?"), "the dialog");
  const lines = screen.split("\n");
  for (const line of lines) assert.ok(line.length <= 40, `too wide: ${line}`);
  const first = lines.findIndex((line) => line.includes("4. No, and tell"));
  assert.ok(first > 0, screen);
  const optionLine = lines[first];
  const next = lines[first + 1];
  assert.ok(optionLine !== undefined && next !== undefined, screen);
  const indent = optionLine.indexOf("No, and tell");
  assert.equal(next.search(/\S/), indent, `continuation aligned under the option text:\n${screen}`);
  repl.press("4");
  await repl.waitFor((text) => text.includes("Tell the agent"), "the message field");
  await repl.type("please use the Echo tool for this one instead of Note");
  const typed = await repl.waitFor((text) => text.includes("instead of Note"), "the typed message");
  for (const line of typed.split("\n")) assert.ok(line.length <= 40, `too wide: ${line}`);
  repl.press(ENTER);
  await repl.waitFor((text) => text.includes("Type a message"), "the prompt again");
  repl.press("\u0004");
  await repl.exited;
});

test("custom commands: listed in /help and the / menu, picked from the menu or run by short name as one turn", async () => {
  const repl = await startRepl([{ text: "custom done" }, { text: "short done" }]);
  await repl.type("/help");
  repl.press(ENTER);
  await repl.waitFor(
    (screen) => /\/team:review \[args\]\s+Review a change \(project\)/.test(screen),
    "/help",
  );
  await repl.type("/team");
  await repl.waitFor((screen) => screen.includes("❯ /team:review [args]  Review a change (project)"), "menu");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("custom done"), "command turn");
  assert.match(JSON.stringify(repl.client.requests[0]?.messages), /CUSTOM review"/);
  await repl.type("/review 7");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("short done"), "short name");
  assert.match(JSON.stringify(repl.client.requests[1]?.messages), /CUSTOM review 7/);
  repl.press("\u0004");
  await repl.exited;
});
