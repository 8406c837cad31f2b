// The environment filter: credential names (any case), provider variables, agent sockets, password
// URLs and known key shapes in values are removed and reported; ordinary variables pass; the pass
// list lets named ones through; only secret removals are offered to the redactor.
import assert from "node:assert/strict";
import { test } from "node:test";
import { filterEnvironment, secretValues } from "../../src/sandbox/index.js";

const ENV = {
  PATH: "/usr/bin:/bin",
  HOME: "/home/u",
  LANG: "C.UTF-8",
  TERM: "xterm-256color",
  PWD: "/home/u/project",
  GIT_AUTHOR_NAME: "Someone",
  PYTHONPATH: "/opt/lib",
  LD_LIBRARY_PATH: "/opt/lib",
  ANTHROPIC_API_KEY: "sk-ant-api03-fakefakefakefakefakefake",
  ANTHROPIC_MODEL: "claude-sonnet-4-5",
  OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
  TAVILY_API_KEY: "tvly-fake",
  AWS_ACCESS_KEY_ID: "AKIAIOSFODNN7EXAMPLE",
  AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  AWS_SESSION_TOKEN: "FwoGZXIvYXdzEXAMPLE",
  AWS_REGION: "eu-west-1",
  github_token: "ghp_fakefakefakefakefakefakefakefakefake1",
  DB_Password: "hunter2",
  GOOGLE_APPLICATION_CREDENTIALS: "/home/u/key.json",
  SSH_AUTH_SOCK: "/tmp/ssh-x/agent.1",
  NPM_AUTH: "x",
  DATABASE_URL: "postgres://app:sesame@127.0.0.1/app",
  PLAIN_URL: "https://example.invalid/path",
  INNOCENT_LOOKING: "xoxb-1234567890-fakefakefake",
  UNSET: undefined,
};

test("credentials, provider variables, agent sockets and secret values are removed", () => {
  const { env, removed } = filterEnvironment(ENV);
  assert.deepEqual(Object.keys(env).sort(), [
    "AWS_REGION",
    "GIT_AUTHOR_NAME",
    "HOME",
    "LANG",
    "LD_LIBRARY_PATH",
    "PATH",
    "PLAIN_URL",
    "PWD",
    "PYTHONPATH",
    "TERM",
  ]);
  const why = Object.fromEntries(removed.map((variable) => [variable.name, variable.reason]));
  assert.deepEqual(why.ANTHROPIC_API_KEY, { kind: "secret-name", part: "KEY" });
  assert.deepEqual(why.ANTHROPIC_MODEL, { kind: "provider", prefix: "ANTHROPIC_" });
  assert.deepEqual(why.OPENAI_BASE_URL, { kind: "provider", prefix: "OPENAI_" });
  assert.deepEqual(why.github_token, { kind: "secret-name", part: "TOKEN" });
  assert.deepEqual(why.DB_Password, { kind: "secret-name", part: "PASSWORD" });
  assert.deepEqual(why.GOOGLE_APPLICATION_CREDENTIALS, { kind: "secret-name", part: "CREDENTIAL" });
  assert.deepEqual(why.SSH_AUTH_SOCK, { kind: "agent-socket" });
  assert.deepEqual(why.NPM_AUTH, { kind: "secret-name", part: "AUTH" });
  assert.deepEqual(why.DATABASE_URL, { kind: "password-url" });
  assert.deepEqual(why.INNOCENT_LOOKING, { kind: "secret-value", shape: "Slack token" });
  assert.equal("UNSET" in env, false);
});

test("the pass list lets named variables through, and nothing else", () => {
  const { env } = filterEnvironment(ENV, { pass: ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] });
  assert.equal(env.AWS_ACCESS_KEY_ID, "AKIAIOSFODNN7EXAMPLE");
  assert.equal(env.AWS_SECRET_ACCESS_KEY, "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
  assert.equal(env.AWS_SESSION_TOKEN, undefined);
});

test("the redactor gets the secrets, not the provider settings", () => {
  const names = secretValues(filterEnvironment(ENV).removed).map((entry) => entry.name);
  assert.ok(names.includes("ANTHROPIC_API_KEY"));
  assert.ok(names.includes("DATABASE_URL"));
  assert.equal(names.includes("ANTHROPIC_MODEL"), false);
  assert.equal(names.includes("OPENAI_BASE_URL"), false);
});

test("git's command-line configuration keys pass (the fast path's git guard needs them); their values are checked", () => {
  const { env, removed } = filterEnvironment({
    GIT_CONFIG_COUNT: "2",
    GIT_CONFIG_KEY_0: "core.fsmonitor",
    GIT_CONFIG_VALUE_0: "false",
    GIT_CONFIG_KEY_1: "http.extraHeader",
    GIT_CONFIG_VALUE_1: "AKIAIOSFODNN7EXAMPLE",
    GIT_CONFIG_KEY_SECRET: "x",
  });
  assert.equal(env.GIT_CONFIG_KEY_0, "core.fsmonitor");
  assert.equal(env.GIT_CONFIG_KEY_1, "http.extraHeader");
  assert.deepEqual(removed.map((variable) => variable.name).sort(), [
    "GIT_CONFIG_KEY_SECRET",
    "GIT_CONFIG_VALUE_1",
  ]);
});
