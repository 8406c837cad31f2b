// `@path` completion and attachments, and `!` bash mode, in the REPL against a real Session with the
// built-in tools (Read, Glob, Bash) behind the real permission gate.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { closeAll, startRepl } from "./harness.js";

afterEach(closeAll);

const ENTER = "\r";
const TAB = "\t";
const ESC = "\u001b";
const promptArea = (screen: string) => screen.split("\n").slice(-6).join("\n");
/** A 1×1 PNG (signature and header chunk are what the image checks read). */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082",
  "hex",
);

function lastUserMessage(repl: Awaited<ReturnType<typeof startRepl>>): string {
  const request = repl.client.requests.at(-1)!;
  const user = [...request.messages].reverse().find((message) => message.role === "user")!;
  return JSON.stringify(user.content);
}

test("@ offers project files (gitignored ones left out); Tab completes folders then files", async () => {
  const repl = await startRepl([{ text: "read it" }], {
    builtins: true,
    files: {
      ".gitignore": "node_modules/\n",
      "src/app.ts": "export const app = 1;\n",
      "src/lib/util.ts": "export const util = 2;\n",
      "node_modules/pkg/index.js": "ignored",
      "README.md": "# readme\n",
    },
  });
  await repl.type("look at @sr");
  const menu = await repl.waitFor((screen) => /❯ src\//.test(screen), "the file menu");
  assert.match(menu, /src\/app\.ts/);
  assert.doesNotMatch(menu, /node_modules/);
  repl.press(TAB);
  await repl.waitFor(
    (screen) => /> look at @src\/ /.test(promptArea(screen)) || /@src\/\S*\s*│/.test(screen),
    "the folder",
  );
  await repl.type("ap");
  await repl.waitFor((screen) => /❯ src\/app\.ts/.test(screen), "the file in the menu");
  repl.press(TAB);
  await repl.waitFor(
    (screen) => /look at @src\/app\.ts/.test(promptArea(screen)) && !/❯ src/.test(screen),
    "the completed mention",
  );
  await repl.type("please");
  repl.press(ENTER);
  const screen = await repl.waitFor((text) => text.includes("read it"), "the answer");
  assert.match(screen, /✓ Read\(src\/app\.ts\)/);
  const sent = lastUserMessage(repl);
  assert.match(sent, /look at @src\/app\.ts please/);
  assert.match(sent, /<attached-file path=\\"src\/app\.ts\\">/);
  assert.match(sent, /export const app = 1;/);
  repl.press("\u0004");
});

test("Enter accepts the highlighted file; Esc hides the menu; an exact path submits", async () => {
  const repl = await startRepl([{ text: "done" }], {
    builtins: true,
    files: { "docs/guide.md": "guide text\n", "notes.txt": "n\n" },
  });
  await repl.type("@gui");
  await repl.waitFor((screen) => /❯ docs\/guide\.md/.test(screen), "the match");
  repl.press(ENTER);
  await repl.waitFor(
    (screen) => /@docs\/guide\.md/.test(promptArea(screen)) && !/❯ docs/.test(screen),
    "accepted",
  );
  assert.equal(repl.client.requests.length, 0, "Enter accepted, it did not send");
  await repl.type("and @no");
  await repl.waitFor((screen) => /❯ notes\.txt/.test(screen), "the second menu");
  repl.press(ESC);
  await repl.waitFor((screen) => !/❯ notes\.txt/.test(screen), "the menu hidden");
  assert.match(promptArea(repl.screen()), /@no/, "Esc kept the text");
  await repl.type("tes.txt");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("done"), "the answer");
  const sent = lastUserMessage(repl);
  assert.match(sent, /guide text/);
  assert.match(sent, /<attached-file path=\\"notes\.txt\\">/);
  repl.press("\u0004");
});

test("a Read-denied, binary or missing file is not attached and the user is told; images attach as images", async () => {
  const repl = await startRepl([{ text: "seen" }], {
    builtins: true,
    rules: { deny: ["Read(secret.env)"] },
    files: {
      "secret.env": "TOKEN=hunter2\n",
      "blob.bin": Buffer.from([0, 1, 2, 3, 0, 0, 7]),
      "pic.png": PNG,
    },
  });
  await repl.type("@sec");
  await repl.waitFor((screen) => screen.includes("no file matches @sec"), "the denied file is not offered");
  await repl.type("ret.env and @blob.bin and @pic.png and @missing/file.ts and ask @alice");
  repl.press(ENTER);
  const screen = await repl.waitFor((text) => text.includes("seen"), "the answer");
  assert.match(screen, /@secret\.env was not attached: .*denied/i);
  assert.match(screen, /@blob\.bin was not attached: .*binary/);
  assert.match(screen, /@missing\/file\.ts was not attached: no such file/);
  assert.doesNotMatch(screen, /@alice was not attached/, "a mention that is no path stays plain text");
  const sent = lastUserMessage(repl);
  assert.doesNotMatch(sent, /hunter2/);
  assert.match(sent, /"type":"image","source":\{"type":"base64","media_type":"image\/png"/);
  assert.match(sent, /<attached-file path=\\"pic\.png\\">/);
  assert.equal(sent.split('"type":"image"').length - 1, 1, "the image is attached once");
  repl.press("\u0004");
});

test("! runs a shell command through the gate; its output goes to the agent with the next prompt", async () => {
  const repl = await startRepl([{ text: "I see the listing" }], {
    builtins: true,
    rules: { deny: ["Bash(rm:*)"] },
    files: { "a.txt": "alpha\n" },
  });
  await repl.type("!");
  await repl.waitFor((screen) => screen.includes("bash mode"), "the mode indicator");
  assert.match(promptArea(repl.screen()), /! .*Type a shell command/);
  await repl.type("cat a.txt");
  repl.press(ENTER);
  const ran = await repl.waitFor(
    (text) => text.includes("sees this command and its output"),
    "the command ran",
  );
  assert.match(ran, /! cat a\.txt/);
  assert.match(ran, /✓ Bash\(cat a\.txt\)/);
  assert.match(ran, /alpha/);
  assert.equal(repl.client.requests.length, 0, "nothing went to the model yet");
  await repl.type("!rm -f a.txt");
  repl.press(ENTER);
  await repl.waitFor((text) => /⊘ Bash\(rm -f a\.txt\) denied/.test(text), "the deny rule applied");
  await repl.type("what was in it?");
  repl.press(ENTER);
  await repl.waitFor((text) => text.includes("I see the listing"), "the answer");
  const sent = lastUserMessage(repl);
  assert.match(sent, /what was in it\?/);
  assert.match(sent, /<bash-input>cat a\.txt<\/bash-input>/);
  assert.match(sent, /<bash-stdout>alpha<\/bash-stdout>/);
  assert.doesNotMatch(sent, /rm -f/, "a command that never ran adds nothing");
  repl.press("\u0004");
});

test("! asks like any call when the gate asks; No keeps it from running", async () => {
  const repl = await startRepl([], { builtins: true });
  await repl.type("!touch made.txt");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Do you want to proceed?"), "the dialog");
  repl.press(ESC);
  await repl.waitFor((text) => /⊘ Bash\(touch made\.txt\) denied/.test(text), "declined");
  await repl.type("!touch made.txt");
  repl.press(ENTER);
  await repl.waitFor((screen) => screen.includes("Do you want to proceed?"), "the dialog again");
  repl.press("1");
  await repl.waitFor((text) => /✓ Bash\(touch made\.txt\)/.test(text), "it ran");
  repl.press("\u0004");
});
