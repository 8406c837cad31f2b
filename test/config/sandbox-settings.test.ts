// The `sandbox` settings as Claude Code names them, merged across layers: a folder's own files
// (project, local) may only narrow the sandbox; widening counts from user settings and --settings
// only and is reported otherwise; unknown and unsupported keys are said; `redactSecrets: false`
// counts only from the user's scopes. Through loadSettings, with real files.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { loadSettings } from "../../src/config/settings.js";
import { tempFolder } from "../support/temp-folder.js";

function load(user: unknown, project: unknown, extra?: unknown) {
  const root = tempFolder("sandbox-settings");
  const home = join(root, "home");
  const projectDir = join(root, "project");
  mkdirSync(join(home, ".claude"), { recursive: true });
  mkdirSync(join(projectDir, ".claude"), { recursive: true });
  if (user !== undefined) writeFileSync(join(home, ".claude", "settings.json"), JSON.stringify(user));
  if (project !== undefined)
    writeFileSync(join(projectDir, ".claude", "settings.json"), JSON.stringify(project));
  return loadSettings({
    projectDir,
    homeDir: home,
    extra: extra === undefined ? [] : [JSON.stringify(extra)],
  });
}

test("defaults: off, unsandboxed commands possible with a person's yes, auto-allow on, redaction on", () => {
  const { merged } = load(undefined, undefined);
  assert.equal(merged.sandbox.enabled, false);
  assert.equal(merged.sandbox.allowUnsandboxedCommands, true);
  assert.equal(merged.sandbox.autoAllowBashIfSandboxed, true);
  assert.equal(merged.redactSecrets, true);
});

test("the user's settings widen; a project may narrow but not widen", () => {
  const { merged, warnings } = load(
    {
      sandbox: {
        enabled: true,
        excludedCommands: ["docker"],
        filesystem: { allowWrite: ["~/.cache/x"], denyRead: ["~/notes"] },
        credentials: { envVars: ["GITHUB_TOKEN"] },
      },
    },
    {
      sandbox: {
        enabled: false,
        allowUnsandboxedCommands: false,
        excludedCommands: ["curl"],
        filesystem: {
          allowWrite: ["/etc"],
          allowRead: ["~/.ssh"],
          denyWrite: ["docs"],
          denyRead: ["~/.secret"],
        },
        credentials: { envVars: ["ANTHROPIC_API_KEY"] },
      },
    },
  );
  assert.equal(merged.sandbox.enabled, true, "a project cannot switch it off");
  assert.equal(merged.sandbox.allowUnsandboxedCommands, false, "a project may take the option away");
  assert.deepEqual(merged.sandbox.excludedCommands, ["docker"]);
  assert.deepEqual(merged.sandbox.filesystem, {
    allowWrite: ["~/.cache/x"],
    denyWrite: ["docs"],
    denyRead: ["~/notes", "~/.secret"],
    allowRead: [],
  });
  assert.deepEqual(merged.sandbox.credentialsEnvVars, ["GITHUB_TOKEN"]);
  for (const key of [
    "enabled",
    "excludedCommands",
    "filesystem.allowWrite",
    "filesystem.allowRead",
    "credentials.envVars",
  ])
    assert.ok(
      warnings.some((line) => line.includes(`"sandbox.${key}"`) && line.includes("only your user settings")),
      key,
    );
});

test("a project may switch it on and --settings may switch it off", () => {
  assert.equal(load(undefined, { sandbox: { enabled: true } }).merged.sandbox.enabled, true);
  assert.equal(
    load(undefined, { sandbox: { enabled: true } }, { sandbox: { enabled: false } }).merged.sandbox.enabled,
    false,
  );
});

test("network allow lists, unsupported and unknown keys are reported, not ignored silently", () => {
  const { merged, warnings } = load(
    {
      sandbox: {
        network: { allowedDomains: ["github.com"] },
        enableWeakerNestedSandbox: true,
        enabeld: true,
      },
    },
    undefined,
  );
  assert.deepEqual(merged.sandbox.networkConfiguredIn, ["~/.claude/settings.json"]);
  assert.ok(warnings.some((line) => /sandbox\.enableWeakerNestedSandbox" is not supported/.test(line)));
  assert.ok(warnings.some((line) => /unknown setting "sandbox\.enabeld"/.test(line)));
});

test("redactSecrets: false counts from the user's settings only", () => {
  assert.equal(load({ redactSecrets: false }, undefined).merged.redactSecrets, false);
  const fromProject = load(undefined, { redactSecrets: false });
  assert.equal(fromProject.merged.redactSecrets, true);
  assert.ok(fromProject.warnings.some((line) => /"redactSecrets": false is ignored/.test(line)));
});

test("a wrongly typed field is an error naming the file and the field", () => {
  assert.throws(() => load({ sandbox: { enabled: "yes" } }, undefined), /settings\.json: .*sandbox\.enabled/);
});

test("readOnlyHomePaths (reagent's) adds to the read-only profile's visible home entries from the user's scopes only", () => {
  const { merged, warnings } = load(
    { sandbox: { readOnlyHomePaths: ["~/.mytool"] } },
    { sandbox: { readOnlyHomePaths: ["~/notes"] } },
    { sandbox: { readOnlyHomePaths: ["~/.other-tool"] } },
  );
  assert.deepEqual(merged.sandbox.readOnlyHomePaths, ["~/.mytool", "~/.other-tool"]);
  assert.ok(
    warnings.some((warning) =>
      /"sandbox\.readOnlyHomePaths" \(~\/notes\) is ignored: only your user settings/.test(warning),
    ),
    warnings.join("\n"),
  );
});
