// readEnv's home folder: HOME when it is an absolute path, otherwise the account's home folder —
// never "" or a relative path (which would put transcripts and `~/…` inside the working directory).
import assert from "node:assert/strict";
import { test } from "node:test";
import { readEnv } from "../../src/config/env.js";

const account = () => "/home/account";

test("HOME set to an absolute path is used as is", () => {
  const env = readEnv({ HOME: "/home/ada" }, account);
  assert.equal(env.homeDir, "/home/ada");
  assert.deepEqual(env.warnings, []);
});

test("an empty or unset HOME falls back to the account's home folder, silently", () => {
  for (const HOME of ["", "   ", undefined]) {
    const env = readEnv(HOME === undefined ? {} : { HOME }, account);
    assert.equal(env.homeDir, "/home/account", `HOME=${JSON.stringify(HOME)}`);
    assert.deepEqual(env.warnings, []);
  }
});

test("a relative HOME falls back to the account's home folder with a warning", () => {
  const env = readEnv({ HOME: "somewhere" }, account);
  assert.equal(env.homeDir, "/home/account");
  assert.match(env.warnings.join("\n"), /HOME=somewhere is not an absolute path; using .*\/home\/account/);
});

test("no usable HOME and no account home: the root folder, never the working directory", () => {
  const failing = () => {
    throw new Error("no passwd entry");
  };
  assert.equal(readEnv({ HOME: "" }, failing).homeDir, "/");
  assert.equal(readEnv({ HOME: "" }, () => "").homeDir, "/");
});
