// End-to-end (tmux, built CLI, fake model server): `@path` completion attaches the file to the prompt
// the server receives; `!` bash mode shows its indicator, runs the command through the gate and sends
// command and output with the next prompt.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { openRepl, pause, sendLine, skipWithoutTmux as skip } from "../support/repl-pty.js";

const cleanups: Array<() => unknown> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const lastPrompt = (body: unknown) => {
  const messages = (body as { messages: Array<{ role: string; content: unknown }> }).messages;
  return JSON.stringify(messages.filter((message) => message.role === "user").at(-1)?.content);
};

test("@ completes a project file with Tab and attaches it; a denied file is refused and named", {
  skip,
}, async () => {
  const { tmux, server } = await openRepl(cleanups, [{ text: "the file says hello" }], {
    files: {
      ".gitignore": "build/\n",
      "src/greeting.ts": 'export const greeting = "hello from the file";\n',
      "build/greeting.js": "ignored",
      ".agents/settings.json": JSON.stringify({ permissions: { deny: ["Read(secrets.txt)"] } }),
      "secrets.txt": "the password is swordfish\n",
    },
  });
  tmux.type("what does @greet");
  const menu = await tmux.waitFor((screen) => /❯ src\/greeting\.ts/.test(screen), "the file menu");
  assert.doesNotMatch(menu, /build\/greeting\.js/, "gitignored files are not offered");
  tmux.keys("Tab");
  await tmux.waitFor((screen) => /what does @src\/greeting\.ts/.test(screen), "the completed path");
  await pause(150);
  tmux.type("say, and @secrets.txt");
  await pause(150);
  tmux.keys("Enter");
  const screen = await tmux.waitFor((text) => text.includes("the file says hello"), "the answer");
  assert.match(screen, /✓ Read\(src\/greeting\.ts\)/);
  assert.match(screen, /@secrets\.txt was not attached: .*denied/i);
  const sent = lastPrompt(server.requests.at(-1)!.body);
  assert.match(sent, /<attached-file path=\\"src\/greeting\.ts\\">/);
  assert.match(sent, /hello from the file/);
  assert.doesNotMatch(sent, /swordfish/);
});

test("! shows bash mode, runs the command, and the agent gets command and output with the next prompt", {
  skip,
}, async () => {
  const { tmux, server } = await openRepl(cleanups, [{ text: "noted the listing" }], {
    files: { "notes.md": "first note\n" },
  });
  tmux.type("!");
  await tmux.waitFor((screen) => screen.includes("bash mode"), "the mode indicator");
  tmux.type("cat notes.md");
  await pause(150);
  tmux.keys("Enter");
  const ran = await tmux.waitFor((screen) => screen.includes("sees this command"), "the command's output");
  assert.match(ran, /! cat notes\.md/);
  assert.match(ran, /first note/);
  assert.equal(server.requests.length, 0, "the command itself sends nothing to the model");
  await sendLine(tmux, "what did I just look at?");
  await tmux.waitFor((screen) => screen.includes("noted the listing"), "the answer");
  const sent = lastPrompt(server.requests.at(-1)!.body);
  assert.match(sent, /<bash-input>cat notes\.md<\/bash-input>/);
  assert.match(sent, /first note/);
});
