// Glob's pattern base is a path like `path`: a pattern that starts outside the search folder
// (`../x/**`, `/etc/*`, `src/../../x/*`) crawls there, so the gate sees that folder and asks; a `..`
// after a wildcard cannot be named before the crawl and is refused. Grep's `glob` only filters.
import assert from "node:assert/strict";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { createPermissionGate } from "../../src/permissions/gate.js";
import { createBuiltinTools } from "../../src/tools/builtin.js";
import { crawlRoot } from "../../src/tools/glob.js";
import type { Tool, ToolContext } from "../../src/tools/tool.js";
import { createGitConfiguredPaths } from "../../src/util/git-configured-paths.js";
import { noopTracer } from "../../src/util/trace.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { builtinTool, makeContext, run } from "./context.js";

const globTool = builtinTool("Glob");

describe("Glob and Grep pattern bases", () => {
  let root: string;
  let project: string;
  let context: ToolContext;
  before(async () => {
    root = tempFolder("tools");
    project = path.join(root, "project");
    await writeTree(root, { "project/src/a.ts": "a\n", "outside/secret.ts": "s\n" });
    context = makeContext(project);
  });
  after(() => removeFolder(root));

  const gate = () =>
    createPermissionGate({
      mode: "default",
      rules: { allow: [], deny: [], ask: [] },
      cwd: project,
      homeDir: path.join(root, "home"),
      shellEnv: process.env,
      gitConfigured: createGitConfiguredPaths(process.env),
      additionalDirectories: [],
      interactive: false,
      tracer: noopTracer,
    });
  const check = async (tool: Tool, input: Record<string, unknown>) =>
    gate().check({
      toolName: tool.name,
      input,
      toolUseId: "t",
      readOnly: true,
      paths: await tool.paths!(input as never, context),
      hookDecision: "none",
    });

  it("splits a pattern into the folder to crawl and the glob below it", () => {
    assert.deepEqual(crawlRoot("src/**/*.ts", project, "/h"), {
      root: path.join(project, "src"),
      pattern: "**/*.ts",
    });
    assert.deepEqual(crawlRoot("../outside/**", project, "/h"), {
      root: path.join(root, "outside"),
      pattern: "**",
    });
    assert.deepEqual(crawlRoot("/etc/*.conf", project, "/h"), { root: "/etc", pattern: "*.conf" });
    assert.deepEqual(crawlRoot("~/notes/*", project, "/h"), { root: "/h/notes", pattern: "*" });
    assert.equal(crawlRoot("*/../../*", project, "/h"), null);
    assert.equal(crawlRoot("{..,src}/*", project, "/h"), null);
    // `..` beside wildcards in one segment still climbs in the glob library.
    assert.equal(crawlRoot("..?(/)/outside/*", project, "/h"), null);
    assert.equal(crawlRoot("src/{a/..,b}/../../*", project, "/h"), null);
  });

  it("a pattern reaching outside the workspace asks like a path outside it", async () => {
    for (const pattern of ["../outside/**", `${path.join(root, "outside")}/*`, "src/../../outside/*.ts"]) {
      const decision = await check(globTool, { pattern });
      assert.equal(decision.behavior, "deny", pattern);
      if (decision.behavior === "deny") assert.match(decision.message, /outside the workspace/);
    }
    assert.equal((await check(globTool, { pattern: "src/**/*.ts" })).behavior, "allow");
  });

  it("`..` after a wildcard is refused by the tool", async () => {
    const result = await run(globTool, { pattern: "*/../../outside/*" }, context);
    assert.equal(result.isError && result.code, "invalid_pattern");
  });

  it("the crawl of an allowed pattern still finds the files", async () => {
    const result = await run(globTool, { pattern: "../project/src/*.ts" }, context);
    assert.equal(result.isError, false);
    assert.match(result.content, /a\.ts/);
  });

  it("Grep's glob only filters inside the searched folder", async () => {
    const grep = createBuiltinTools({}).find((tool) => tool.name === "Grep") as Tool;
    const result = await run(
      grep,
      { pattern: "s", glob: "../outside/*.ts", output_mode: "files_with_matches" },
      context,
    );
    assert.doesNotMatch(result.content, /secret/);
    const decision = await check(grep, { pattern: "s", path: "../outside" });
    assert.equal(decision.behavior, "deny");
  });
});
