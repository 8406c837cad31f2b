import assert from "node:assert/strict";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { BASE_PROMPT } from "../../src/prompt/base-prompt.js";
import { createFileCache } from "../../src/prompt/file-cache.js";
import {
  createSystemPromptBuilder,
  type SystemPromptOptions,
} from "../../src/prompt/system-prompt-builder.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

const fixedDate = new Date(2026, 2, 7, 23, 30);

async function project(files: Record<string, string> = {}, head = "ref: refs/heads/main\n") {
  const root = tempFolder("prompt");
  const home = tempFolder("home");
  await writeTree(root, { ".git/HEAD": head, ...files });
  return { root, home };
}

function options(root: string, home: string, extra: Partial<SystemPromptOptions> = {}): SystemPromptOptions {
  return {
    cwd: root,
    homeDir: home,
    platform: "linux",
    shell: "/bin/bash",
    now: () => fixedDate,
    skills: [],
    ...extra,
  };
}

test("environment block: cwd, platform, shell, local date, git root and branch", async () => {
  const { root, home } = await project({}, "ref: refs/heads/feature/prompt\n");
  const { text } = await createSystemPromptBuilder(options(root, home)).build();
  assert.ok(text.startsWith(BASE_PROMPT));
  assert.match(text, new RegExp(`- Working directory: ${root}\n- Platform: linux\n- Shell: /bin/bash\n`));
  assert.match(text, /- Today's date: 2026-03-07\n/);
  assert.match(text, new RegExp(`- Git repository: yes \\(root ${root}, branch feature/prompt\\)`));
});

test("git: detached HEAD, worktree gitdir file, and no repository", async () => {
  const detached = await project({}, "0123456789abcdef0123456789abcdef01234567\n");
  const first = await createSystemPromptBuilder(options(detached.root, detached.home)).build();
  assert.match(first.text, /detached HEAD at 0123456789ab\)/);

  const main = await project();
  await writeTree(main.root, { ".git/worktrees/wt/HEAD": "ref: refs/heads/wt-branch\n" });
  const worktree = tempFolder("prompt");
  await writeTree(worktree, {
    ".git": `gitdir: ${join(main.root, ".git", "worktrees", "wt")}\n`,
    "sub/x": "",
  });
  const second = await createSystemPromptBuilder(options(join(worktree, "sub"), main.home)).build();
  assert.match(second.text, new RegExp(`yes \\(root ${worktree}, branch wt-branch\\)`));

  const plain = tempFolder("prompt");
  const third = await createSystemPromptBuilder(options(plain, main.home)).build();
  assert.match(third.text, /- Git repository: no/);
});

test("--system-prompt replaces the base prompt and --append-system-prompt comes last", async () => {
  const { root, home } = await project({ "AGENTS.md": "project rule" });
  const { text } = await createSystemPromptBuilder(
    options(root, home, {
      systemPrompt: "You are a test agent.",
      appendSystemPrompt: "Always answer in French.",
      extraSections: [{ title: "MCP servers", body: "docs: search docs" }],
    }),
  ).build();
  assert.ok(text.startsWith("You are a test agent.\n\n# Environment"));
  assert.ok(!text.includes(BASE_PROMPT.slice(0, 40)));
  assert.ok(text.includes("project rule"));
  assert.ok(text.indexOf("# MCP servers\ndocs: search docs") < text.indexOf("Always answer in French."));
  assert.ok(text.endsWith("Always answer in French."));
});

test("skills are listed by name and description only", async () => {
  const { root, home } = await project();
  const skills = [
    { name: "deploy", description: "Deploy the app\nto staging.", body: "SECRET BODY" },
    { name: "review", description: "Review a diff." },
  ];
  const { text } = await createSystemPromptBuilder(options(root, home, { skills })).build();
  assert.match(text, /# Skills\n.*\n- deploy: Deploy the app to staging\.\n- review: Review a diff\./);
  assert.ok(!text.includes("SECRET BODY"));
  const none = await createSystemPromptBuilder(options(root, home)).build();
  assert.ok(!none.text.includes("# Skills"));
});

test("memory is injected with its note and changes on disk are seen on the next build", async () => {
  const { root, home } = await project({ "AGENTS.md": "rules" });
  const cache = createFileCache();
  const builder = createSystemPromptBuilder(options(root, home, { fileCache: cache }));
  const before = await builder.build();
  assert.match(before.text, /# Memory\n.*\.agents\/memory\/MEMORY\.md.*Write\/Edit.*It does not exist yet/);

  const memory = join(root, ".agents", "memory", "MEMORY.md");
  await writeTree(root, { ".agents/memory/MEMORY.md": "- tests: npm test" });
  const first = await builder.build();
  assert.match(first.text, /<memory path="[^"]+MEMORY\.md">\n- tests: npm test\n<\/memory>/);
  assert.deepEqual(first.sources, [join(root, "AGENTS.md"), memory]);

  const readsAfterFirst = cache.reads;
  const unchanged = await builder.build();
  assert.equal(unchanged.text, first.text);
  assert.equal(cache.reads, readsAfterFirst, "unchanged files are not read again");

  await writeFile(memory, "- tests: npm run test:all");
  const later = new Date(Date.now() + 5000);
  await utimes(memory, later, later);
  const second = await builder.build();
  assert.match(second.text, /- tests: npm run test:all/);
  assert.equal(cache.reads, readsAfterFirst + 1, "only the changed file is read again");
});

test("warnings are returned every build; newWarnings only the first time", async () => {
  const { root, home } = await project({ "AGENTS.md": "@a.md", "a.md": "@AGENTS.md" });
  await mkdir(join(root, "CLAUDE.md"));
  const builder = createSystemPromptBuilder(options(root, home));
  const first = await builder.build();
  assert.equal(first.warnings.length, 2, first.warnings.join("\n"));
  assert.deepEqual(first.newWarnings, first.warnings);
  const second = await builder.build();
  assert.deepEqual(second.warnings, first.warnings);
  assert.deepEqual(second.newWarnings, []);
});

test("project instructions over 64 KB are truncated with a visible note", async () => {
  const { root, home } = await project({ "AGENTS.md": "x".repeat(70 * 1024), "CLAUDE.md": "never seen" });
  const built = await createSystemPromptBuilder(options(root, home)).build();
  assert.match(built.text, /\[Project instructions truncated at the 64 KB limit\./);
  assert.match(built.text, /last 6144 characters omitted\. Not loaded: .*CLAUDE\.md\./);
  assert.ok(!built.text.includes("never seen"));
  assert.equal(built.warnings.length, 1);
  assert.deepEqual(built.sources, [join(root, "AGENTS.md")]);
});

test("prompt size: base prompt within budget; figures printed for the bench", async () => {
  const { root, home } = await project();
  const skills = [
    {
      name: "add-builtin-tool",
      description: "Add a built-in tool to reagent following the repo conventions.",
    },
    { name: "write-hook-test", description: "Write a test for a hook with a real process." },
  ];
  const built = await createSystemPromptBuilder(options(root, home, { skills })).build();
  console.log(
    `[size] base prompt ${BASE_PROMPT.length} chars; system prompt (no project files) ${built.text.length}`,
  );
  assert.ok(BASE_PROMPT.length <= 2500, `base prompt is ${BASE_PROMPT.length} characters`);
  assert.ok(built.text.length <= 3600, `system prompt is ${built.text.length} characters`);
});
