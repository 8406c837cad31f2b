import assert from "node:assert/strict";
import { test } from "node:test";
import { compileMatcher } from "../../src/hooks/matcher.js";

test("*, empty and absent match everything", () => {
  for (const matcher of ["*", "", undefined, "  "]) assert.equal(compileMatcher(matcher)("Anything"), true);
});

test("plain names are exact and case-sensitive", () => {
  const bash = compileMatcher("Bash");
  assert.equal(bash("Bash"), true);
  assert.equal(bash("bash"), false);
  assert.equal(bash("BashOutput"), false);
});

test("lists with | , and spaces are exact names", () => {
  const list = compileMatcher("Edit | Write,MultiEdit");
  assert.deepEqual(["Edit", "Write", "MultiEdit", "Read", "Edit|Write"].map(list), [
    true,
    true,
    true,
    false,
    false,
  ]);
});

test("anything else is an unanchored regular expression", () => {
  const notebook = compileMatcher("Notebook.*");
  assert.equal(notebook("NotebookEdit"), true);
  assert.equal(notebook("MyNotebookEdit"), true);
  const anchored = compileMatcher("^Web(Fetch|Search)$");
  assert.equal(anchored("WebFetch"), true);
  assert.equal(anchored("WebFetcher"), false);
});

test("MCP tools match by full name, exactly or by regex", () => {
  assert.equal(compileMatcher("mcp__memory__create_entities")("mcp__memory__create_entities"), true);
  assert.equal(compileMatcher("mcp__memory__create_entities")("mcp__memory__delete_entities"), false);
  const server = compileMatcher("mcp__memory__.*");
  assert.equal(server("mcp__memory__delete_entities"), true);
  assert.equal(server("mcp__github__search"), false);
});

test("an invalid regular expression throws with the reason", () => {
  assert.throws(() => compileMatcher("Bash("), /invalid regular expression "Bash\("/);
});

test("FileChanged matchers are literal file names compared with the changed file's name, never regexes", () => {
  const envs = compileMatcher(".envrc|.env", "FileChanged");
  assert.equal(envs("/srv/app/.envrc"), true);
  assert.equal(envs("/srv/app/.env"), true);
  assert.equal(envs("/srv/app/.env.bak"), false, "a regex would match this");
  assert.equal(envs("/srv/app/x.envrc"), false);
  assert.equal(compileMatcher("", "FileChanged")("/any/file"), true);
  assert.equal(
    compileMatcher(".envrc|.env")("/srv/app/.env.bak"),
    true,
    "other events keep the regex reading",
  );
});
