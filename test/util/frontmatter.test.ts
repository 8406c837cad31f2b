// Frontmatter as people publish it: strict YAML where it holds; where it does not, each field read on its
// own and the unreadable ones taken as written after `key:`, with a warning naming the line. The shapes
// are those of published agent, command and skill files (an unquoted `Triggers on: 'GDPR'`, examples
// written into a description over several lines, a colon in a skill's description, `argument-hint:
// [pr] [priority]`), next to the YAML forms that must keep their meaning (block scalars, lists, maps).
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseFrontmatter } from "../../src/util/frontmatter.js";

function read(text: string, asWritten: string[] = []) {
  const parsed = parseFrontmatter(text, { asWritten });
  assert.equal(parsed.kind, "ok", JSON.stringify(parsed));
  if (parsed.kind !== "ok") throw new Error("unreachable");
  return parsed;
}

test("valid YAML is read as YAML, with no warning", () => {
  const parsed = read(
    "---\nname: a\ndescription: |\n  Line one: with a colon.\n  Line two.\ntools: [Read, Grep]\n---\nBody\n",
  );
  assert.deepEqual(parsed.fields, {
    name: "a",
    description: "Line one: with a colon.\nLine two.\n",
    tools: ["Read", "Grep"],
  });
  assert.deepEqual(parsed.warnings, []);
  assert.equal(parsed.body, "Body\n");
});

test("an unquoted `Triggers on: 'GDPR', …` description is taken as written; the other fields stay YAML", () => {
  const parsed = read(
    "---\nname: gdpr-ccpa-compliance\ndescription: Use when the user needs GDPR or CCPA compliance. Triggers on: 'GDPR', 'CCPA', 'consent'.\ntools: Read, Grep, Glob, WebFetch, WebSearch\nmodel: sonnet\nmaxTurns: 5\n---\nYou are a privacy specialist.\n",
  );
  assert.deepEqual(parsed.fields, {
    name: "gdpr-ccpa-compliance",
    description: "Use when the user needs GDPR or CCPA compliance. Triggers on: 'GDPR', 'CCPA', 'consent'.",
    tools: "Read, Grep, Glob, WebFetch, WebSearch",
    model: "sonnet",
    maxTurns: 5,
  });
  assert.equal(parsed.warnings.length, 1);
  assert.equal(parsed.warnings[0]?.line, 3);
  assert.match(
    parsed.warnings[0]?.message ?? "",
    /^YAML cannot read `description:` \(Nested mappings are not allowed in compact mappings\), so it is taken as the text written after it; put the value in double quotes/,
  );
  assert.equal(parsed.lineOf("model"), 5);
});

test("examples written into a description over several lines stay in it, up to the next known field", () => {
  const parsed = read(
    [
      "---",
      "name: security-guardian",
      "description: PROACTIVELY use this agent for security work. Examples:\\n\\n<example>\\nContext: Adding login",
      'user: "We need to add user login"',
      'assistant: "I\'ll use the security-guardian agent."',
      "<commentary>",
      "Authentication is where breaches start.",
      "</commentary>",
      "</example>",
      "color: red",
      "tools: Write, Read, MultiEdit, Bash, Grep",
      "---",
      "You are an application security expert.",
    ].join("\n"),
  );
  assert.equal(
    parsed.fields.description,
    'PROACTIVELY use this agent for security work. Examples:\\n\\n<example>\\nContext: Adding login\nuser: "We need to add user login"\nassistant: "I\'ll use the security-guardian agent."\n<commentary>\nAuthentication is where breaches start.\n</commentary>\n</example>',
  );
  assert.equal(parsed.fields.color, "red");
  assert.equal(parsed.fields.tools, "Write, Read, MultiEdit, Bash, Grep");
  assert.deepEqual(
    parsed.warnings.map((warning) => warning.line),
    [3],
  );
});

test("a field YAML cannot read does not take the fields after it: nested maps, lists and unknown fields", () => {
  const parsed = read(
    [
      "---",
      "name: reap",
      "description: Use when building video workflows: clips, captions, dubbing.",
      "metadata:",
      "    project: reap",
      '    version: "1.0"',
      "allowed-tools:",
      "  - Read",
      "  - Bash(ffmpeg:*)",
      "emoji: 🎬",
      "---",
      "",
    ].join("\n"),
  );
  assert.deepEqual(parsed.fields, {
    name: "reap",
    description: "Use when building video workflows: clips, captions, dubbing.",
    metadata: { project: "reap", version: "1.0" },
    "allowed-tools": ["Read", "Bash(ffmpeg:*)"],
    emoji: "🎬",
  });
});

test("values YAML reserves or cuts short: backticks, @, text after a quoted part, an unclosed list", () => {
  const parsed = read(
    '---\ndescription: `lint` then `test`\nargument-hint: @file\nmodel: "opus" for hard ones\nskills: [unclosed\n---\n',
  );
  assert.deepEqual(parsed.fields, {
    description: "`lint` then `test`",
    "argument-hint": "@file",
    model: '"opus" for hard ones',
    skills: "[unclosed",
  });
  assert.deepEqual(
    parsed.warnings.map((warning) => warning.line),
    [2, 3, 4, 5],
  );
});

test("argument-hint is taken as written, YAML or not, and never warned about", () => {
  const hint = read("---\ndescription: Review a PR\nargument-hint: [pr-number] [priority]\n---\nx", [
    "argument-hint",
  ]);
  assert.deepEqual(hint.fields, { description: "Review a PR", "argument-hint": "[pr-number] [priority]" });
  assert.deepEqual(hint.warnings, []);
  const list = read("---\nargument-hint: [message]\n---\nx", ["argument-hint"]);
  assert.equal(list.fields["argument-hint"], "[message]", "YAML would make it a list");
  const quoted = read('---\nargument-hint: "<file> [--fix]"\n---\nx', ["argument-hint"]);
  assert.equal(quoted.fields["argument-hint"], "<file> [--fix]");
});

test("a repeated field: the last one counts, and the warning says so", () => {
  const parsed = read("---\nname: a\ntools: Read\ntools: Write\n---\n");
  assert.equal(parsed.fields.tools, "Write");
  assert.deepEqual(parsed.warnings, [
    {
      line: 4,
      message:
        "Map keys must be unique; the frontmatter was read line by line (of a repeated field, the last one counts)",
    },
  ]);
});

test("what is no frontmatter at all is still an error with its line", () => {
  assert.deepEqual(parseFrontmatter("# Title\n"), {
    kind: "error",
    line: 1,
    message: "no YAML frontmatter: the file must start with a `---` line, then `description: …`, then `---`",
  });
  assert.equal(parseFrontmatter("---\nname: a\n").kind, "error");
  const list = parseFrontmatter("---\n- a\n- b\n---\n");
  assert.equal(list.kind === "error" && list.message.startsWith("frontmatter must be a mapping"), true);
  const stray = read("---\njust words\nname: a\n---\n");
  assert.deepEqual(stray.fields, { name: "a" });
  assert.deepEqual(stray.warnings, [{ line: 2, message: "not a `key: value` line; ignored" }]);
});
